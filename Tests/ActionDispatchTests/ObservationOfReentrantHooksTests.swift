import ActionDispatch
import ActionDispatchTesting
import Testing

/// Per-action observable state: `isLoading(for:)` "Observable per action: reading it registers a
/// dependency on this action only"; the indicator "turns on only after the action has been loading
/// continuously for `delay`"; every accepted run "starts at once — the action is loading as soon as
/// `dispatch` returns"; a held throttle dispatch "is not loading for it until it starts".
@MainActor
extension ObservationTests {
  private static let indicator = LoadingIndicator(delay: .milliseconds(100), minimumDuration: .milliseconds(500))

  private func at(_ milliseconds: Int) -> TestClock.Instant { .init(offset: .milliseconds(milliseconds)) }

  @Test func hooksThatClearAnotherErrorAndCancelAnotherActionInvalidateExactlyThoseReaders() async {
    let viewModel = AdvViewModel()
    await viewModel.dispatch(actionId: .b, task: { () async throws -> Int in throw TestError() }).value
    let gate = Gate()
    let c = viewModel.dispatch(actionId: .c, task: { try await gate.pass() })
    let errorOfB = InvalidationCounter { _ = viewModel.errorMessage(for: .b) }
    let loadingOfC = InvalidationCounter { _ = viewModel.isLoading(for: .c) }
    let untouched = InvalidationCounter {
      _ = viewModel.errorMessage(for: .row(1))
      _ = viewModel.isLoading(for: .row(1))
    }
    viewModel.statusHook = { [unowned viewModel] action, isLoading in
      guard action == .a, isLoading else { return }
      viewModel.clearError(for: .b)
      viewModel.cancel(.c)
    }
    await viewModel.dispatch(actionId: .a, task: { 1 }).value
    #expect(viewModel.errorMessage(for: .b) == nil && !viewModel.isLoading(for: .c))
    #expect(errorOfB.count == 1 && loadingOfC.count == 1)
    #expect(untouched.count == 0, "a reader of row 1 was invalidated by other actions")
    gate.open()
    await c.value
  }

  @Test func isAnyLoadingsReaderIsToldWhenTheFirstActionStartsAndWhenTheLastEnds() async {
    let viewModel = AdvViewModel()
    let starts = InvalidationCounter { _ = viewModel.isAnyLoading }
    let gate = Gate()
    let a = viewModel.dispatch(actionId: .a, task: { try await gate.pass() })
    #expect(starts.count == 1 && viewModel.isAnyLoading)
    let b = viewModel.dispatch(actionId: .row(3), task: { 1 })
    await b.value
    #expect(viewModel.isAnyLoading, "isAnyLoading went false while .a still loads")
    let ends = InvalidationCounter { _ = viewModel.isAnyLoading }
    gate.open()
    await a.value
    #expect(!viewModel.isAnyLoading && ends.count == 1)
  }

  @Test func aCancelPreviousRedispatchDuringTheDelayKeepsTheActionLoadingSoTheIndicatorShowsOnTime() async {
    let clock = TestClock()
    let viewModel = AdvViewModel(clock: clock, loadingIndicator: Self.indicator)
    let gate = Gate()
    let first = viewModel.dispatch(actionId: .a, task: { try await gate.pass() })
    await clock.advance(to: at(50))
    let second = viewModel.dispatch(actionId: .a, policy: .cancelPrevious, task: { try await gate.pass() })
    await first.value
    #expect(viewModel.statusLog[.a] == [true], "loading had a gap when the new run superseded the old")
    await clock.advance(to: at(100))
    #expect(viewModel.isShowingLoading(for: .a), "the action loaded 100 ms continuously but shows nothing")
    gate.open()
    await second.value
  }

  @Test func aDebouncedRunWaitingForQuietShowsTheIndicatorButAHeldThrottleDispatchDoesNot() async {
    let clock = TestClock()
    let viewModel = AdvViewModel(clock: clock, loadingIndicator: Self.indicator)
    let debounced = viewModel.dispatch(actionId: .a, policy: .debounce(.milliseconds(300)), task: { 1 })
    await viewModel.dispatch(actionId: .b, policy: .throttle(.milliseconds(300)), task: { 2 }).value
    let held = viewModel.dispatch(actionId: .b, policy: .throttle(.milliseconds(300)), task: { 3 })
    await clock.advance(to: at(100))
    #expect(viewModel.isLoading(for: .a) && viewModel.isShowingLoading(for: .a))
    #expect(!viewModel.isLoading(for: .b) && !viewModel.isShowingLoading(for: .b), "a held dispatch shows loading")
    await clock.advance(to: at(300))
    await held.value
    await debounced.value
    #expect(viewModel.isShowingLoading(for: .a), "hidden before the minimum")
    await clock.advance(to: at(600))
    #expect(!viewModel.isShowingLoading(for: .a) && !viewModel.isShowingLoading(for: .b))
    #expect(clock.sleeperCount == 0)
  }

  @Test func immediateIndicatorEqualsIsLoadingAtEveryStepOfAThrottledAndFailedRun() async {
    let clock = TestClock()
    let viewModel = AdvViewModel(clock: clock)
    var seen: [Bool] = []
    let gate = Gate()
    let first = viewModel.dispatch(actionId: .a, policy: .throttle(.seconds(1)), task: { try await gate.pass() })
    seen.append(viewModel.isShowingLoading(for: .a))
    let held = viewModel.dispatch(
      actionId: .a, policy: .throttle(.seconds(1)), task: { () async throws -> Int in throw TestError() })
    gate.open()
    await first.value
    seen.append(viewModel.isShowingLoading(for: .a))
    await clock.advance(by: .seconds(1))
    await held.value
    seen.append(viewModel.isShowingLoading(for: .a))
    #expect(seen == [true, false, false])
    #expect(viewModel.errorMessage(for: .a) != nil && viewModel.statusLog[.a] == [true, false, true, false])
  }
}
