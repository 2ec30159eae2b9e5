import ActionDispatch
import ActionDispatchTesting
import Testing

/// `LoadingIndicator`: "turns on only after the action has been loading continuously for `delay`;
/// a load that ends sooner never shows it", "stays on for at least `minimumDuration` … and for as
/// long as the action keeps loading. Loading again during that time keeps it on without a gap",
/// "observable per action".
@MainActor
@Suite
struct LoadingIndicatorAdversarialTests {
  private static let indicator = LoadingIndicator(delay: .milliseconds(100), minimumDuration: .milliseconds(500))

  private func at(_ milliseconds: Int) -> TestClock.Instant { .init(offset: .milliseconds(milliseconds)) }

  /// Dispatches a run of `action` whose work waits at a new gate; returns once the work is there.
  private func startHeldLoad(
    _ viewModel: AdvViewModel, _ action: AdvAction = .a
  ) async -> (gate: Gate, run: Task<Void, Never>) {
    let gate = Gate()
    let run = viewModel.dispatch(actionId: action, task: { try await gate.pass() })
    await gate.arrivals(1)
    return (gate, run)
  }

  @Test func aLoadEndingOneTickBeforeTheDelayNeverShowsAndLeavesNothingBehind() async {
    let clock = TestClock()
    let viewModel = AdvViewModel(clock: clock, loadingIndicator: Self.indicator)
    let (gate, run) = await startHeldLoad(viewModel)
    let reader = InvalidationCounter { _ = viewModel.isShowingLoading(for: .a) }
    await clock.advance(to: at(99))
    #expect(reader.count == 0, "the indicator's reader was invalidated during the delay")
    #expect(!viewModel.isShowingLoading(for: .a))
    gate.open()
    await run.value
    await clock.advance(to: at(2_000))
    #expect(!viewModel.isShowingLoading(for: .a), "a load shorter than the delay showed")
    #expect(clock.sleeperCount == 0)
    #expect(viewModel.actionsWithState == 0, "an idle action with its indicator off still holds state")
  }

  @Test func theIndicatorShowsAtExactlyTheDelayAndHidesAtExactlyTheMinimumAfterThat() async {
    let clock = TestClock()
    let viewModel = AdvViewModel(clock: clock, loadingIndicator: Self.indicator)
    let (gate, run) = await startHeldLoad(viewModel)
    let shows = InvalidationCounter { _ = viewModel.isShowingLoading(for: .a) }
    await clock.advance(to: at(99))
    #expect(!viewModel.isShowingLoading(for: .a) && shows.count == 0)
    await clock.advance(to: at(100))
    #expect(viewModel.isShowingLoading(for: .a), "not shown after loading for exactly the delay")
    #expect(shows.count == 1)

    await clock.advance(to: at(150))
    let hides = InvalidationCounter { _ = viewModel.isShowingLoading(for: .a) }
    gate.open()
    await run.value
    #expect(!viewModel.isLoading(for: .a))
    #expect(viewModel.isShowingLoading(for: .a), "hidden as soon as loading ended, before the minimum")
    await clock.advance(to: at(599))
    #expect(viewModel.isShowingLoading(for: .a) && hides.count == 0)
    await clock.advance(to: at(600))
    #expect(!viewModel.isShowingLoading(for: .a), "still shown after the minimum")
    #expect(hides.count == 1)
    #expect(clock.sleeperCount == 0)
  }

  @Test func loadingThatPausesDuringTheDelayRestartsTheDelayFromTheSecondLoad() async {
    let clock = TestClock()
    let viewModel = AdvViewModel(clock: clock, loadingIndicator: Self.indicator)
    await viewModel.dispatch(actionId: .a, task: { 1 }).value  // 0 ms, ends at once
    await clock.advance(to: at(60))
    let (gate, second) = await startHeldLoad(viewModel)
    await clock.advance(to: at(100))
    #expect(!viewModel.isShowingLoading(for: .a), "shown though the action loaded only 40 ms continuously")
    await clock.advance(to: at(159))
    #expect(!viewModel.isShowingLoading(for: .a))
    await clock.advance(to: at(160))
    #expect(viewModel.isShowingLoading(for: .a), "not shown after the second load lasted the delay")
    gate.open()
    await second.value
  }

  @Test func loadingAgainDuringTheMinimumKeepsItOnAndItHidesWhenThatLoadEndsPastTheMinimum() async {
    let clock = TestClock()
    let viewModel = AdvViewModel(clock: clock, loadingIndicator: Self.indicator)
    let (first, run) = await startHeldLoad(viewModel)
    await clock.advance(to: at(100))
    first.open()
    await run.value
    await clock.advance(to: at(300))
    let (second, again) = await startHeldLoad(viewModel)
    let reader = InvalidationCounter { _ = viewModel.isShowingLoading(for: .a) }
    for milliseconds in [301, 599, 600, 601, 1_000] {
      await clock.advance(to: at(milliseconds))
      #expect(viewModel.isShowingLoading(for: .a), "a gap at \(milliseconds) ms while the action loads again")
    }
    #expect(reader.count == 0, "the reader was invalidated while the indicator stayed on")
    second.open()
    await again.value
    #expect(!viewModel.isShowingLoading(for: .a), "still shown after a load that outlasted the minimum ended")
    #expect(reader.count == 1)
  }

  @Test func aLoadDispatchedAtTheExactInstantTheIndicatorHidesShowsAgainOneDelayLater() async {
    let clock = TestClock()
    let viewModel = AdvViewModel(clock: clock, loadingIndicator: Self.indicator)
    let (first, run) = await startHeldLoad(viewModel)
    await clock.advance(to: at(100))
    first.open()
    await run.value
    await clock.advance(to: at(600))
    let (second, again) = await startHeldLoad(viewModel)
    await clock.advance(to: at(700))
    #expect(viewModel.isShowingLoading(for: .a), "not shown after loading again for the whole delay")
    second.open()
    await again.value
    await clock.advance(to: at(1_199))
    #expect(viewModel.isShowingLoading(for: .a), "the second showing was shorter than the minimum")
    await clock.advance(to: at(1_200))
    #expect(!viewModel.isShowingLoading(for: .a))
  }

  @Test func cancelAllDuringTheDelayNeverShowsAndDuringTheMinimumKeepsItForTheMinimum() async {
    let clock = TestClock()
    let viewModel = AdvViewModel(clock: clock, loadingIndicator: Self.indicator)
    let gate = Gate()
    let a = viewModel.dispatch(actionId: .a, task: { await gate.passIgnoringCancellation() })
    await clock.advance(to: at(50))
    let b = viewModel.dispatch(actionId: .b, task: { await gate.passIgnoringCancellation() })
    await gate.arrivals(2)
    await clock.advance(to: at(120))
    #expect(viewModel.isShowingLoading(for: .a) && !viewModel.isShowingLoading(for: .b))
    viewModel.cancelAll()
    #expect(!viewModel.isLoading(for: .a) && !viewModel.isLoading(for: .b))
    #expect(viewModel.isShowingLoading(for: .a), "cancelling hid the indicator before its minimum")
    await clock.advance(to: at(300))
    #expect(!viewModel.isShowingLoading(for: .b), "a load cancelled during its delay showed")
    await clock.advance(to: at(600))
    #expect(!viewModel.isShowingLoading(for: .a))
    gate.open()
    await a.value
    await b.value
    #expect(clock.sleeperCount == 0 && viewModel.actionsWithState == 0)
  }

  @Test func anotherActionsIndicatorNeverInvalidatesThisActionsReader() async {
    let clock = TestClock()
    let viewModel = AdvViewModel(clock: clock, loadingIndicator: Self.indicator)
    let reader = InvalidationCounter {
      _ = viewModel.isShowingLoading(for: .row(1))
      _ = viewModel.isLoading(for: .row(1))
    }
    let (gate, run) = await startHeldLoad(viewModel, .row(2))
    await clock.advance(to: at(100))
    #expect(viewModel.isShowingLoading(for: .row(2)))
    gate.open()
    await run.value
    await clock.advance(to: at(600))
    #expect(!viewModel.isShowingLoading(for: .row(2)))
    #expect(reader.count == 0, "row 1's reader was invalidated by row 2's indicator")
  }

  @Test func releasingTheViewModelWhileItsIndicatorShowsFreesItAndLeavesNoSleeper() async {
    let clock = TestClock()
    var viewModel: AdvViewModel? = AdvViewModel(clock: clock, loadingIndicator: Self.indicator)
    weak let weakViewModel = viewModel
    let gate = Gate()
    let delivered = AdvBox(false)
    let run = viewModel!.dispatch(
      actionId: .a,
      task: { () async throws -> Int in
        try await gate.pass()
        return 1
      },
      onSuccess: { (_: AdvViewModel, _: Int) in delivered.value = true })
    await gate.arrivals(1)
    await clock.advance(to: at(100))
    #expect(viewModel!.isShowingLoading(for: .a))
    viewModel = nil
    #expect(weakViewModel == nil, "the indicator's timers keep the view model alive")
    await run.value
    await clock.advance(to: at(5_000))
    #expect(!delivered.value)
    #expect(clock.sleeperCount == 0, "a timer of a released view model still sleeps on the clock")
  }
}
