import Scaffolding
import Testing

@Suite struct ScaffoldsTests {
  @Test func anActionScaffoldNamesItsSuiteAfterTheViewModelAndTheAction() throws {
    let scaffold = try ActionScaffold(action: "unfollow", viewModel: "FollowerListViewModel")
    #expect(scaffold.suiteName == "FollowerListViewModelUnfollowTests")
    #expect(scaffold.testFile.fileName == "FollowerListViewModelUnfollowTests.swift")
    #expect(scaffold.testFile.target == .tests)
    #expect(scaffold.module == "FollowerList", "without --module, the view model's base name")
  }

  @Test func anActionScaffoldUsesTheDefaultsOfTheConvention() throws {
    let scaffold = try ActionScaffold(
      action: "unfollow", viewModel: "FollowerListViewModel", mockService: "FakeService")
    let values = scaffold.testValues
    #expect(values.makeService == "FakeService()")
    #expect(values.makeViewModel == "FollowerListViewModel(service: service)")
    #expect(values.call == "viewModel.unfollow()")
    #expect(values.stubSuccess.isEmpty && values.prepare.isEmpty && values.expectFailure.isEmpty)
    #expect(values.stubFailure == #"service.unfollowStub.fail(with: StubError("unfollow failed"))"#)
    #expect(values.failureMessage == #""unfollow failed""#)
    #expect(values.expectSuccess == "#expect(service.unfollowStub.callCount == 1)")
    #expect(values.startChanges == "harness.expect(.startedLoading(.unfollow))")
    #expect(values.successChanges == "harness.expect(.stoppedLoading(.unfollow))")
    #expect(
      values.failureChanges == #"harness.expect(.failed(.unfollow, "unfollow failed"), .stoppedLoading(.unfollow))"#)
    #expect(values.makeClock.isEmpty && values.advanceClock.isEmpty)
  }

  @Test func theTestFileIsTheSuiteAroundTheThreeTests() throws {
    let scaffold = try ActionScaffold(action: "unfollow", viewModel: "FollowerListViewModel", module: "ConsumerApp")
    let contents = scaffold.testFile.contents
    #expect(
      contents.hasPrefix(
        "import ActionDispatch\nimport ActionDispatchTesting\nimport Testing\n\n@testable import ConsumerApp\n"))
    #expect(
      contents.contains(
        "@MainActor\n@Suite(.serialExecutor, .strict(.exhaustive)) struct FollowerListViewModelUnfollowTests {\n"
          + "  // MARK: - unfollow\n"
      ))
    for test in ["unfollowSuccess", "unfollowFailure", "unfollowLifecycle"] {
      #expect(contents.contains("  @Test func \(test)() async {\n"))
    }
    #expect(contents.hasSuffix("  }\n}\n"))
  }

  @Test func thePasteTextHasTheCaseAndAMethodWithOneLineToFillIn() throws {
    let paste = try ActionScaffold(action: "unfollow", viewModel: "FollowerListViewModel").pasteText
    #expect(
      paste.hasPrefix(
        "// Add to the enum FollowerListAction:\n\n  case unfollow\n\n// Add to the class FollowerListViewModel"))
    #expect(paste.contains("  public func unfollow() -> Task<Void, Never> {\n"))
    let fillIn = paste.split(separator: "\n").filter { $0.contains("FILL IN") }
    #expect(fillIn == ["        try await service.unfollow()  // FILL IN: the one service call this action makes."])
  }

  @Test func aStreamingActionGetsStreamTestsAndAStreamingMethod() throws {
    let scaffold = try ActionScaffold(
      action: "watch(Int)", viewModel: "FeedViewModel", module: "App", streamElement: " String ")
    #expect(scaffold.streamElement == "String")
    let values = scaffold.testValues
    #expect(values.stream == ActionTestValues.Stream(element: "String", elements: #"["sample", "sample"]"#))
    #expect(values.stubSuccess == #"service.watchStub.succeed(with: ["sample", "sample"])"#)
    let contents = scaffold.testFile.contents
    #expect(contents.contains("  // MARK: - watch (a streaming action)\n"))
    #expect(contents.contains("      On(.watch(1)).element { (element: String) in received.append(element) }\n"))
    #expect(contents.contains(#"    #expect(received == ["sample", "sample"])"# + "\n"))
    for test in ["watchSuccess", "watchFailure", "watchLifecycle"] {
      #expect(contents.contains("  @Test func \(test)() async {\n"))
    }
    let fillIn = scaffold.pasteText.split(separator: "\n").filter { $0.contains("FILL IN") }
    #expect(fillIn == ["        service.watch(value)  // FILL IN: the service call that returns the sequence."])
    #expect(scaffold.pasteText.contains("      elements: { [service] in"))
  }

  @Test func thePasteTextHasEveryEditTheTestsNeed() throws {
    let paste = try ActionScaffold(action: "move(from: Int, to: Int)", viewModel: "TodoListViewModel").pasteText
    let headers = paste.split(separator: "\n").filter { $0.hasPrefix("// Add to the ") }
      .map { $0.split(separator: " ").prefix(6).joined(separator: " ") }
    #expect(
      headers == [
        "// Add to the enum TodoListAction:", "// Add to the class TodoListViewModel,",
        "// Add to the protocol TodoListService", "// Add to the mock MockTodoListService,",
      ])
    #expect(paste.contains("\n  func move(from: Int, to: Int) async throws\n"))
    #expect(paste.contains("\n  let moveStub = Stub<(from: Int, to: Int), Void>(returning: ())\n"))
    #expect(paste.contains("\n    try await moveStub((from, to))\n"))
    let plain = try ActionScaffold(action: "delete(Int)", viewModel: "TodoListViewModel").pasteText
    #expect(plain.contains("\n  let deleteStub = Stub<Int, Void>(returning: ())\n"))
    #expect(plain.contains("\n  func delete(_ value: Int) async throws {\n    try await deleteStub(value)\n  }\n"))
  }

  @Test func aStreamOfArraysHasLiteralSamples() throws {
    let scaffold = try ActionScaffold(action: "pages", viewModel: "FeedViewModel", streamElement: "[String]")
    #expect(scaffold.testValues.stream?.elements == #"[["sample"], ["sample"]]"#)
    #expect(scaffold.pasteText.contains("  let pagesStub = Stub<Void, [[String]]>(returning: [])\n"))
    #expect(scaffold.pasteText.contains("  func pages() -> AsyncThrowingStream<[String], any Error> {\n"))
    #expect(!scaffold.testFile.contents.contains("FILL IN"))
  }

  @Test func aStreamOfTheAppsOwnTypeHasSamplesToFillIn() throws {
    let scaffold = try ActionScaffold(action: "repos", viewModel: "RepoListViewModel", streamElement: "[Repo]")
    let contents = scaffold.testFile.contents
    let fillIn = contents.split(separator: "\n").filter { $0.contains("FILL IN") }
    #expect(
      fillIn == [
        "  nonisolated static let reposElements: [[Repo]] = [<#[Repo]#>, <#[Repo]#>]  "
          + "// FILL IN: two [Repo] values; the tests compare them, so [Repo] is Equatable."
      ])
    #expect(contents.contains("    service.reposStub.succeed(with: Self.reposElements)\n"))
    #expect(contents.contains("    #expect(received == Self.reposElements)\n"))
  }

  @Test(arguments: ["", "Repo; exit(1)", "[Repo", "Repo>", "\"s\"", "(Int, Int)"])
  func aStreamElementThatIsNoTypeNameIsRefusedSayingWhatToDo(_ element: String) {
    #expect(throws: UnsupportedActionError.self) {
      try ActionScaffold(action: "watch", viewModel: "FeedViewModel", streamElement: element)
    }
  }

  @Test func samplesCoverOptionalsArraysAndDictionaries() {
    #expect(ActionSignature.sample(of: "Int?") == "1")
    #expect(ActionSignature.sample(of: "[String: [Int]]") == #"["sample": [1]]"#)
    #expect(ActionSignature.sample(of: "[Repo]") == nil)
    #expect(ActionSignature.isTypeName("Swift.Result<[Repo], MyError>"))
  }

  @Test func aViewModelScaffoldHasThreeFilesForTwoTargets() throws {
    let scaffold = try ViewModelScaffold(viewModel: "ProfileViewModel", module: "MyApp")
    #expect(
      scaffold.files.map(\.fileName) == [
        "ProfileViewModel.swift", "MockProfileService.swift", "ProfileViewModelTests.swift",
      ])
    #expect(scaffold.files.map(\.target) == [.app, .tests, .tests])
    let viewModel = scaffold.files[0].contents
    #expect(viewModel.contains("public enum ProfileAction: ActionIdType {\n  case load\n}"))
    #expect(viewModel.contains("public protocol ProfileService: Sendable {"))
    #expect(
      viewModel.contains("@MainActor\n@Observable\npublic final class ProfileViewModel: BaseViewModel<ProfileAction> {")
    )
    #expect(scaffold.files[1].contents.contains("final class MockProfileService: ProfileService {"))
    #expect(
      scaffold.files[2].contents.contains(
        "@Suite(.serialExecutor, .strict(.exhaustive)) struct ProfileViewModelTests {"))
  }

  @Test func listingsPrintEachFileAfterAHeader() throws {
    let scaffold = try ViewModelScaffold(viewModel: "ProfileViewModel")
    let headers = scaffold.listing.split(separator: "\n").filter { $0.hasPrefix("// File ") }
    #expect(
      headers == [
        "// File ProfileViewModel.swift, in your app target:",
        "// File MockProfileService.swift, in your test target:",
        "// File ProfileViewModelTests.swift, in your test target:",
      ])
    #expect(!scaffold.listing.contains("{{"))
    let action = try ActionScaffold(action: "load", viewModel: "ProfileViewModel")
    #expect(action.listing == action.testFile.listing + "\n" + action.pasteText)
    #expect(!action.listing.contains("{{"))
  }
}
