import ActionDispatchTesting
import XCTest

@testable import ConsumerApp

// snippet: serial-xctest
final class DeterministicSearchXCTests: XCTestCase {
  @MainActor func testTypingQuicklySendsOneRequestForTheLastQuery() async {
    await withSerialExecutor {
      let service = MockSearchService()
      let clock = TestClock()
      let viewModel = SearchViewModel(service: service, clock: clock)

      let runs = ["o", "oc", "oct"].map { viewModel.search($0) }
      await clock.advance(by: .milliseconds(300))
      for run in runs { await run.value }

      XCTAssertEqual(service.searchStub.calls, ["oct"])
    }
  }
}
// end snippet: serial-xctest
