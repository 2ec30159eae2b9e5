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
  }

  @Test func theTestFileIsTheSuiteAroundTheThreeTests() throws {
    let scaffold = try ActionScaffold(action: "unfollow", viewModel: "FollowerListViewModel", module: "ConsumerApp")
    let contents = scaffold.testFile.contents
    #expect(
      contents.hasPrefix(
        "import ActionDispatch\nimport ActionDispatchTesting\nimport Testing\n\n@testable import ConsumerApp\n"))
    #expect(
      contents.contains("@MainActor\n@Suite struct FollowerListViewModelUnfollowTests {\n  // MARK: - unfollow\n"))
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

  @Test func aStreamOfATypeWithoutASampleIsRefusedSayingWhatToDo() {
    #expect(throws: UnsupportedActionError.self) {
      try ActionScaffold(action: "watch", viewModel: "FeedViewModel", streamElement: "Page")
    }
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
    #expect(scaffold.files[2].contents.contains("@Suite struct ProfileViewModelTests {"))
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
