import ActionDispatchTesting
import Testing

@testable import ConsumerApp

// snippet: serial-suite
@MainActor
@Suite(.serialExecutor)
struct DeterministicSearchTests {
  @Test func typingQuicklySendsOneRequestForTheLastQuery() async {
    let service = MockSearchService()
    let clock = TestClock()
    let viewModel = SearchViewModel(service: service, clock: clock)

    let runs = ["o", "oc", "oct"].map { viewModel.search($0) }
    await clock.advance(by: .milliseconds(300))
    for run in runs { await run.value }

    #expect(service.searchStub.calls == ["oct"])
  }
}
// end snippet: serial-suite
