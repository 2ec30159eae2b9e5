import Scaffolding
import Testing

/// Issue 31, item 3: tests that fit a view model whose initializer takes more than a service,
/// whose service protocol is not named after it, and whose actions need existing rows.
@Suite struct FittingScaffoldTests {
  static let viewModelSource = """
    import ActionDispatch

    @MainActor
    @Observable
    final class IssueListViewModel: BaseViewModel<IssueListAction> {
      private(set) var issues: [Int] = []
      private let service: any IssueTracker
      private let repo: String

      init(service: any IssueTracker, repo: String, clock: any Clock<Duration>, pageSize: Int = 30) {
        self.service = service
        self.repo = repo
        super.init(clock: clock)
      }
    }
    """
  static let index = SourceIndex(files: [
    ("Sources/App/IssueListAction.swift", "enum IssueListAction: ActionIdType {\n  case load\n}\n"),
    ("Sources/App/IssueListViewModel.swift", viewModelSource),
    ("Sources/App/IssueTracker.swift", "protocol IssueTracker: Sendable {\n  func issues() async throws -> [Int]\n}\n"),
    ("Tests/AppTests/MockIssueTracker.swift", "final class MockIssueTracker: IssueTracker, @unchecked Sendable {\n}\n"),
  ])

  @Test func theIndexReadsTheServiceProtocolTheInitializerTheMockAndTheFiles() throws {
    #expect(Self.index.serviceProtocol(of: "IssueListViewModel") == "IssueTracker")
    #expect(Self.index.mock(conformingTo: "IssueTracker") == "MockIssueTracker")
    #expect(Self.index.file(declaring: "IssueListAction") == "Sources/App/IssueListAction.swift")
    #expect(Self.index.file(declaring: "MockIssueTracker") == "Tests/AppTests/MockIssueTracker.swift")
    let parameters = try #require(Self.index.initializer(of: "IssueListViewModel"))
    #expect(
      parameters.map(\.label) == ["service", "repo", "clock"], "pageSize has a default, so the call leaves it out")
    #expect(parameters.map(\.type) == ["any IssueTracker", "String", "any Clock<Duration>"])
  }

  @Test func theConstructionPassesTheServiceAClockAndSamples() throws {
    let parameters = try #require(Self.index.initializer(of: "IssueListViewModel"))
    let construction = ViewModelConstruction(
      viewModel: "IssueListViewModel", serviceProtocol: "IssueTracker", parameters: parameters)
    #expect(construction.expression == #"IssueListViewModel(service: service, repo: "sample", clock: clock)"#)
    #expect(construction.unresolved.isEmpty)
    #expect(construction.passesClock)
    let withRepo = ViewModelConstruction(
      viewModel: "RepoViewModel", serviceProtocol: "RepoService",
      parameters: [.init(label: "service", type: "RepoService"), .init(label: "repo", type: "Repo")])
    #expect(withRepo.expression == "RepoViewModel(service: service, repo: <#Repo#>)")
    #expect(withRepo.unresolved == ["Repo"])
  }

  @Test func stubsAndEditsAreNamedAfterTheServiceMethodAndSayTheirFiles() throws {
    var facts = ViewModelFacts()
    facts.serviceMethod = "closeIssue"
    facts.makeViewModel = #"IssueListViewModel(service: service, repo: "sample", clock: clock)"#
    facts.passesTestClock = true
    facts.setup = "service.issuesStub.succeed(with: [1])\nawait viewModel.load().value"
    facts.files = [
      "IssueListAction": "Sources/App/IssueListAction.swift", "IssueTracker": "Sources/App/IssueTracker.swift",
      "MockIssueTracker": "Tests/AppTests/MockIssueTracker.swift",
    ]
    let scaffold = try ActionScaffold(
      action: "close(Int)", viewModel: "IssueListViewModel", mockService: "MockIssueTracker", module: "App",
      serviceProtocol: "IssueTracker", facts: facts)

    let values = scaffold.testValues
    #expect(values.makeViewModel == facts.makeViewModel)
    #expect(values.stubFailure == #"service.closeIssueStub.fail(with: StubError("close failed"))"#)
    #expect(values.expectSuccess == "#expect(service.closeIssueStub.callCount == setupCalls + 1)")
    let tests = scaffold.testFile.contents
    #expect(tests.contains("    service.issuesStub.succeed(with: [1])\n    await viewModel.load().value\n"))
    #expect(tests.contains("    let run = harness.send { _ in viewModel.close(1) }\n"))

    let paste = scaffold.pasteText
    #expect(paste.contains("// Add to the enum IssueListAction, in Sources/App/IssueListAction.swift:\n"))
    #expect(paste.contains("// Add to the class IssueListViewModel, which keeps"), "its file is unknown here")
    #expect(paste.contains("// Add to the protocol IssueTracker, in Sources/App/IssueTracker.swift (the call above"))
    #expect(paste.contains("// Add to the mock MockIssueTracker, in Tests/AppTests/MockIssueTracker.swift, in your"))
    #expect(paste.contains("        try await service.closeIssue(value)  // FILL IN"))
    #expect(paste.contains("  func closeIssue(_ value: Int) async throws\n"))
    #expect(paste.contains("  let closeIssueStub = Stub<Int, Void>(returning: ())\n"))
  }

  @Test func anArgumentScaffoldCannotWriteIsAPrintedEditInTheTestsFile() throws {
    var facts = ViewModelFacts()
    facts.makeViewModel = "RepoViewModel(service: service, repo: <#Repo#>)"
    facts.unresolvedArguments = ["Repo"]
    let scaffold = try ActionScaffold(action: "star", viewModel: "RepoViewModel", facts: facts)
    #expect(
      scaffold.pasteText.hasSuffix(
        "// Edit RepoViewModelStarTests.swift, in your test target: give the view model's initializer a value for "
          + "<#Repo#> (or pass --init with the whole expression).\n"))
  }

  @Test func aServiceMethodThatIsNotAnIdentifierIsRejected() {
    var facts = ViewModelFacts()
    facts.serviceMethod = "close issue"
    #expect(throws: InvalidNameError.self) {
      try ActionScaffold(action: "close", viewModel: "IssueListViewModel", facts: facts)
    }
  }
}

extension FittingScaffoldTests {
  @Test func declarationsInCommentsAndStringsAreNotDeclarations() {
    let index = SourceIndex(files: [
      ("Tests/A.swift", "/// enum InboxAction { }\nlet expected = \"class InboxViewModel {\"\n"),
      ("Tests/B.swift", "let listing = #\"\"\"\n  protocol InboxService {\n  \"\"\"#\n/* struct Inbox { } */\n"),
      ("Sources/C.swift", "enum InboxAction: ActionIdType {\n  case load\n}\n"),
    ])
    #expect(index.file(declaring: "InboxAction") == "Sources/C.swift")
    #expect(index.file(declaring: "InboxViewModel") == nil)
    #expect(index.file(declaring: "InboxService") == nil)
    #expect(index.file(declaring: "Inbox") == nil)
  }
}
