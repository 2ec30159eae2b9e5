import Scaffolding
import Testing

/// Issue 49, item 4: the tests `scaffold action` writes for an action the view model already
/// has pass as written — their own XCTest type, samples that are real rows, a set-up that the
/// failure stub does not fail, and no edits printed for what exists.
@Suite struct ScaffoldNeedsNoEditsTests {
  static let viewModelSource = """
    @MainActor
    @Observable
    public final class RepoListViewModel: BaseViewModel<RepoListAction> {
      public private(set) var repos: [Repo] = []
      public private(set) var nextPage: Int?
      private let service: any RepoListService

      public func load() -> Task<Void, Never> {
        dispatch(actionId: .load, task: { [service] in try await service.repos(page: 1) }) { viewModel, page in
          viewModel.repos = page.repos
        }
      }

      public func toggleStar(_ id: Int) -> Task<Void, Never> {
        dispatch(
          actionId: .toggleStar(id),
          optimistic: { viewModel in { _ in } },
          task: { [service] in try await service.setStarred(true, repo: id) })
      }
    }
    """
  static let index = SourceIndex(files: [
    ("Sources/App/Repo.swift", "public struct Repo: Equatable, Sendable {\n  public let id: Int\n}\n"),
    (
      "Sources/App/RepoListAction.swift",
      "enum RepoListAction: ActionIdType {\n  case load, refresh\n  case toggleStar(Int)\n}\n"
    ),
    ("Sources/App/RepoListViewModel.swift", viewModelSource),
    (
      "Sources/App/RepoListService.swift",
      "protocol RepoListService {\n  func repos(page: Int) async throws -> [Int]\n}\n"
    ),
    (
      "Tests/AppTests/MockRepoListService.swift",
      "final class MockRepoListService: RepoListService {\n  let reposStub = Stub<Int, [Int]>(returning: [])\n}\n"
    ),
  ])

  @Test func anXCTestCaseHasItsOwnTypeAndFileBesideTheSwiftTestingSuite() throws {
    let testing = try ActionScaffold(action: "load", viewModel: "RepoListViewModel")
    let xctest = try ActionScaffold(action: "load", viewModel: "RepoListViewModel", framework: .xctest)
    #expect(testing.testFile.fileName == "RepoListViewModelLoadTests.swift")
    #expect(xctest.testFile.fileName == "RepoListViewModelLoadXCTests.swift")
    #expect(xctest.testFile.contents.contains("\nfinal class RepoListViewModelLoadXCTests: XCTestCase {\n"))
    #expect(testing.testFile.contents.contains(" struct RepoListViewModelLoadTests {\n"))
  }

  @Test(arguments: [TestFramework.swiftTesting, .xctest])
  func theSetUpRunsBeforeTheFailureStubIsSet(framework: TestFramework) throws {
    var facts = ViewModelFacts()
    facts.serviceMethod = "repos"
    facts.setup = "service.reposStub.succeed(with: [1])\nawait viewModel.load().value"
    let scaffold = try ActionScaffold(
      action: "loadNextPage", viewModel: "RepoListViewModel", facts: facts, framework: framework)
    let indent = framework == .xctest ? "      " : "    "
    #expect(
      scaffold.testFile.contents.contains(
        "\(indent)await viewModel.load().value\n"
          + "\(indent)service.reposStub.fail(with: StubError(\"loadNextPage failed\"))\n"))
    let success = scaffold.testValues
    #expect(success.countCalls == "let setupCalls = service.reposStub.callCount  // the calls the set-up made")
    #expect(success.expectSuccess == framework.expectEqual("service.reposStub.callCount", "setupCalls + 1"))
  }

  @Test func aSampleIsGivenOrReadFromARowTheViewModelLists() throws {
    #expect(Self.index.listedValue(of: "Int", in: "RepoListViewModel") == "viewModel.repos[0].id")
    #expect(Self.index.listedValue(of: "String", in: "RepoListViewModel") == nil)
    var facts = ViewModelFacts()
    facts.setup = "await viewModel.load().value"
    facts.samples = ["viewModel.repos[0].id"]
    let read = try ActionScaffold(action: "toggleStar(Int)", viewModel: "RepoListViewModel", facts: facts)
    let tests = read.testFile.contents
    #expect(tests.contains("    await viewModel.load().value\n    let value = viewModel.repos[0].id  // a row"))
    #expect(tests.contains("    let run = harness.send { _ in viewModel.toggleStar(value) }\n"))
    #expect(
      tests.contains("#expect(recorder.events == [.started(.toggleStar(value)), .succeeded(.toggleStar(value))])"))

    facts.samples = ["7"]
    let given = try ActionScaffold(action: "toggleStar(id: Int)", viewModel: "RepoListViewModel", facts: facts)
    #expect(given.testFile.contents.contains("    let run = harness.send { _ in viewModel.toggleStar(id: 7) }\n"))
    facts.samples = ["1", "2"]
    #expect(throws: UnsupportedActionError.self) {
      try ActionScaffold(action: "toggleStar(Int)", viewModel: "RepoListViewModel", facts: facts)
    }
  }

  @Test func onlyTheMissingEditsArePrinted() throws {
    #expect(Self.index.declaresCase("refresh", in: "RepoListAction"))
    #expect(Self.index.declaresCase("toggleStar", in: "RepoListAction"))
    #expect(!Self.index.declaresCase("loadNextPage", in: "RepoListAction"))
    #expect(Self.index.declaresMethod("load", in: "RepoListViewModel"))
    #expect(!Self.index.declaresMethod("refresh", in: "RepoListViewModel"))
    #expect(Self.index.declaresMethod("repos", in: "RepoListService"))
    #expect(Self.index.declaresStub(of: "repos", in: "MockRepoListService"))
    #expect(!Self.index.declaresStub(of: "setStarred", in: "MockRepoListService"))

    var facts = ViewModelFacts()
    facts.existingEdits = Set(ActionEdit.allCases)
    #expect(try ActionScaffold(action: "load", viewModel: "RepoListViewModel", facts: facts).pasteText == "")
    facts.existingEdits = [.enumCase, .requirement, .mockStub]
    let refresh = try ActionScaffold(action: "refresh", viewModel: "RepoListViewModel", facts: facts).pasteText
    #expect(refresh.hasPrefix("// Add to the class RepoListViewModel, which keeps its service in `let service`:\n"))
    #expect(!refresh.contains("// Add to the enum"))
    #expect(!refresh.contains("// Add to the protocol"))
    #expect(!refresh.contains("// Add to the mock"))
    #expect(refresh.hasSuffix("  }\n"))
  }

  @Test(arguments: [TestFramework.swiftTesting, .xctest])
  func anOptimisticActionExpectsItsChangeAndItsRollbackTwoLinesToFillIn(framework: TestFramework) throws {
    #expect(Self.index.isOptimistic("toggleStar", in: "RepoListViewModel"))
    #expect(!Self.index.isOptimistic("load", in: "RepoListViewModel"))
    var facts = ViewModelFacts()
    facts.isOptimistic = true
    let scaffold = try ActionScaffold(
      action: "toggleStar(Int)", viewModel: "RepoListViewModel", facts: facts, framework: framework)
    let tests = scaffold.testFile.contents
    #expect(tests.split(separator: "\n").filter { $0.contains("FILL IN") }.count == 2)
    #expect(
      tests.contains(
        "  @MainActor static var toggleStarApplied: StrictHarness<RepoListAction, RepoListViewModel>.Change {\n"
          + "    .set(<#\\RepoListViewModel.property#>, to: <#value#>)  // FILL IN"))
    #expect(tests.contains("harness.expect(.startedLoading(.toggleStar(1)), Self.toggleStarApplied)\n"))
    // The rollback is in the failure's group, beside the error and the end of loading.
    #expect(tests.contains(".stoppedLoading(.toggleStar(1)), Self.toggleStarRolledBack)\n"))
    #expect(!tests.contains("harness.expect(Self.toggleStarRolledBack)"))
    #expect(scaffold.pasteText.contains("fill in the two lines marked FILL IN"))
  }
}
