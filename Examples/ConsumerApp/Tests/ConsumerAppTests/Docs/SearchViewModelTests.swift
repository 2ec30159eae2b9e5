import ActionDispatch
import ActionDispatchTesting
import Testing

@testable import ConsumerApp

/// "Choosing a policy" and "Driving time" in "Testing a view model", run as they are quoted.
@MainActor
@Suite(.serialExecutor) struct SearchViewModelTests {
  @Test func aDebouncedSearchSendsOneRequestForTheLastQuery() async {
    let service = MockSearchService()
    service.searchStub.succeed(with: ["octocat"])
    // snippet: driving-time
    let clock = TestClock()
    let viewModel = SearchViewModel(service: service, clock: clock)
    let run = viewModel.search("octo")
    await clock.waitForSleepers(1)  // the debounce is waiting
    await clock.advance(by: .milliseconds(300))
    await run.value
    // end snippet: driving-time
    #expect(viewModel.results == ["octocat"])
    #expect(service.searchStub.calls == ["octo"])
  }

  @Test func typingQuicklySendsOneRequest() async {
    let service = MockSearchService()
    let clock = TestClock()
    let viewModel = SearchViewModel(service: service, clock: clock)

    let runs = ["o", "oc", "oct", "octo"].map { viewModel.search($0) }
    await clock.waitForSleepers(1)
    await clock.advance(by: .milliseconds(300))
    for run in runs { await run.value }

    #expect(service.searchStub.calls == ["octo"])
  }

  @Test func aDoubleTappedSubmitSendsOneRequest() async {
    let service = MockSearchService()
    let gate = Gate()
    service.submitStub.handle { _ in try await gate.pass() }
    let viewModel = SearchViewModel(service: service)
    let recorder = EventRecorder(viewModel)

    let first = viewModel.submit("octo")
    let second = viewModel.submit("octo")
    await gate.arrivals(1)
    gate.open()
    await first.value
    await second.value

    #expect(service.submitStub.callCount == 1)
    #expect(recorder.events == [.started(.submit), .dropped(.submit), .succeeded(.submit)])
  }

  @Test func scrollPositionsAreThrottled() async {
    let service = MockSearchService()
    let clock = TestClock()
    let viewModel = SearchViewModel(service: service, clock: clock)

    let first = viewModel.reportScroll(10)
    let second = viewModel.reportScroll(20)
    let third = viewModel.reportScroll(30)
    await first.value
    await second.value
    await clock.waitForSleepers(1)
    await clock.advance(by: .seconds(1))
    await third.value

    #expect(service.saveScrollPositionStub.calls == [10, 30])
  }
}
