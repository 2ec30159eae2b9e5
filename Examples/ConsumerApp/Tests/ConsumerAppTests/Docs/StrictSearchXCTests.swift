import ActionDispatchTesting
import XCTest

@testable import ConsumerApp

// A strict XCTest suite: each harness is exhaustive, and finishes itself when its test case
// tears down, failing the test (at the send's line) for work left running or a change not
// asserted. It runs in CI beside the Swift Testing suites.

// snippet: strict-xctest
final class StrictSearchXCTests: XCTestCase {
  @MainActor func testSearchShowsTheResults() async {
    await withSerialExecutor {
      let service = MockSearchService()
      service.searchStub.succeed(with: ["octocat"])
      let clock = TestClock()
      let harness = StrictHarness(SearchViewModel(service: service, clock: clock))

      let run = harness.send { $0.search("oct") }
      harness.expect(.startedLoading(.search))
      await clock.advance(by: .milliseconds(300))
      await run.value
      harness.expect(.set(\.results, to: ["octocat"]), .stoppedLoading(.search))
    }
  }
  // end snippet: strict-xctest

  @MainActor func testAFailedSearchShowsItsError() async {
    await withSerialExecutor {
      let service = MockSearchService()
      service.searchStub.fail(with: StubError("offline"))
      let clock = TestClock()
      let harness = StrictHarness(SearchViewModel(service: service, clock: clock))

      let run = harness.send { $0.search("oct") }
      harness.expect(.startedLoading(.search))
      await clock.advance(by: .milliseconds(300))
      await run.value
      harness.expect(.failed(.search, "offline"), .stoppedLoading(.search))
    }
  }

  @MainActor func testTypingQuicklySendsOneRequestForTheLastQuery() async {
    await withSerialExecutor {
      let service = MockSearchService()
      service.searchStub.succeed(with: ["octocat"])
      let clock = TestClock()
      let harness = StrictHarness(SearchViewModel(service: service, clock: clock))

      let runs = harness.send { viewModel in ["o", "oc", "oct"].map { viewModel.search($0) } }
      harness.expect(.startedLoading(.search))
      await harness.send { _ in
        await clock.advance(by: .milliseconds(300))
        for run in runs { await run.value }
      }
      harness.expect(.set(\.results, to: ["octocat"]), .stoppedLoading(.search))
      XCTAssertEqual(service.searchStub.calls, ["oct"])
    }
  }
}
