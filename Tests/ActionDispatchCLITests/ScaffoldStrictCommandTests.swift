import Foundation
import Testing

/// Issue 39: `scaffold --xctest` writes the three strict tests for XCTest, and `scaffold action
/// --debounce` writes a debounced method whose tests make the view model with a `TestClock` —
/// read from its init, whose clock has a default — and advance it. Whole outputs are compared.
@Suite struct ScaffoldStrictCommandTests {
  @Test func xctestPrintsAnXCTestCaseOfThreeStrictTestsThenTheCodeToPaste() async throws {
    let result = try await CLIProcess.run(ScaffoldCommandTests.unfollow + ["--module", "ConsumerApp", "--xctest"])
    #expect(result == CLIResult(stdout: Self.unfollowXCTestListing, stderr: "", status: 0))
  }

  @Test func xctestMakesANewViewModelsTestsAnXCTestCase() async throws {
    let result = try await CLIProcess.run(ScaffoldCommandTests.profile + ["--xctest"])
    #expect(result == CLIResult(stdout: Self.profileXCTestListing, stderr: "", status: 0))
  }

  @Test func aStreamingActionsXCTestsCheckTheElementsWithXCTAssertEqual() async throws {
    let result = try await CLIProcess.run([
      "scaffold", "action", "watch", "--view-model", "FollowerListViewModel", "--stream", "Int", "--module", "App",
      "--xctest",
    ])
    #expect(result.status == 0)
    for line in [
      "  @MainActor func testWatchSuccess() async {\n",
      "        On(.watch).element { (element: Int) in received.append(element) }\n",
      "      XCTAssertEqual(received, [1, 1])\n",
      "      XCTAssertEqual(service.watchStub.callCount, 1)\n",
      "      XCTAssertEqual(recorder.events, [.started(.watch), .succeeded(.watch)])\n",
    ] {
      #expect(result.stdout.contains(line), "\(line)")
    }
    #expect(!result.stdout.contains("#expect") && !result.stdout.contains("@Test"))
  }

  /// A package whose SearchViewModel takes a clock with a default, as the docs write it.
  static func makeSearchPackage(in directory: URL) throws {
    let files = [
      "Package.swift": "// swift-tools-version: 6.2\n",
      "Sources/App/SearchViewModel.swift": """
      import ActionDispatch

      enum SearchAction: ActionIdType {
        case search
      }

      protocol SearchService: Sendable {
        func search(_ query: String) async throws -> [String]
      }

      @MainActor
      @Observable
      final class SearchViewModel: BaseViewModel<SearchAction> {
        private let service: any SearchService

        init(service: any SearchService, clock: any Clock<Duration> = ContinuousClock()) {
          self.service = service
          super.init(clock: clock)
        }
      }

      """,
      "Tests/AppTests/MockSearchService.swift": """
      final class MockSearchService: SearchService {
      }

      """,
    ]
    for (path, text) in files {
      let url = directory.appendingPathComponent(path)
      try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
      try Data(text.utf8).write(to: url)
    }
  }

  @Test func aDebouncedActionsTestsAdvanceATestClockGivenToTheClockWithADefault() throws {
    try TemporaryDirectory.with { directory in
      try Self.makeSearchPackage(in: directory)
      let result = try CLIProcess.run(
        ["scaffold", "action", "suggest(String)", "--view-model", "SearchViewModel", "--debounce", "300ms"],
        in: directory)
      #expect(result == CLIResult(stdout: Self.suggestListing, stderr: "", status: 0))
    }
  }

  @Test func aDebounceOnAViewModelWithoutAClockIsRefusedSayingWhatToDo() async throws {
    let result = try await CLIProcess.run(ScaffoldCommandTests.unfollow + ["--debounce", "300ms"])
    let message =
      "error: '--debounce' cannot be scaffolded: the tests must drive the debounce with a TestClock, but "
      + "FollowerListViewModel's init takes no clock; give it one (`clock: any Clock<Duration> = ContinuousClock()`, "
      + "passed to super.init(clock: clock)), or pass --init with an expression that uses `clock`\n"
    #expect(result.stderr.hasPrefix(message))
    #expect(result.stdout.isEmpty && result.status == 2)
  }

  @Test func aDebounceThatIsNoDurationIsRefusedSayingWhatIsAccepted() async throws {
    let result = try await CLIProcess.run(ScaffoldCommandTests.unfollow + ["--debounce", "soon"])
    let message =
      "error: '--debounce soon' cannot be scaffolded: write the quiet period as a whole number of milliseconds or "
      + "seconds, such as 300ms or 2s, or as Swift does, such as .milliseconds(300)\n"
    #expect(result.stderr.hasPrefix(message))
    #expect(result.stdout.isEmpty && result.status == 2)
  }

  @Test func aDebounceWithInitUsingTheClockGetsTheTestClock() async throws {
    let result = try await CLIProcess.run(
      ScaffoldCommandTests.unfollow + [
        "--debounce", ".seconds(1)", "--init", "FollowerListViewModel(service: service, clock: clock)",
      ])
    #expect(result.status == 0)
    #expect(
      result.stdout.contains(
        "    let clock = TestClock()\n    let viewModel = FollowerListViewModel(service: service, clock: clock)\n"))
    #expect(result.stdout.contains("    await clock.advance(by: .seconds(1))  // past the debounce's quiet period\n"))
  }
}
