import ActionDispatch
import ActionDispatchTesting
import Testing

/// A view model written the way the docs tell users to: the closures take the view model.
@MainActor
private final class PagesViewModel: BaseViewModel<AdvAction> {
  var pages: [Int] = []
  func load(
    _ sequence: GatedSequence, releasingAt release: Int, _ onRelease: @escaping @MainActor () -> Void
  )
    -> Task<Void, Never>
  {
    dispatch(actionId: .a, elements: { sequence }) { viewModel, page in
      viewModel.pages.append(page)
      if page == release { onRelease() }
    }
  }
}

/// StreamingActions.md: "`timeout:` covers the whole run"; "`.enqueue` starts iterating after the
/// previous run ended"; "Cancelling the returned task, `cancel(_:)`, supersession or releasing
/// the view model stops the iteration at once: no element is delivered after it".
/// ShowingLoading.md: "Loading again during that time keeps it on without a gap".
/// DispatchPolicy.throttle: "A held dispatch is not a run yet … when the interval ends, the
/// latest held dispatch starts".
@MainActor
@Suite
struct StreamAndTimerAdversarialTests {
  @Test func aStreamThatTimesOutBetweenElementsKeepsWhatCameAndDeliversNothingLater() async {
    let clock = TestClock()
    let viewModel = AdvViewModel(clock: clock)
    let listeners = AdvListeners(viewModel, actions: [.a])
    let sequence = GatedSequence(count: 3)
    let inbox = Inbox<Int>()
    let elementsSeen = AdvBox<[Int]>([])
    let token = viewModel.observe { On(.a).element { (page: Int) in elementsSeen.value.append(page) } }
    let run = viewModel.dispatch(actionId: .a, timeout: .seconds(5), elements: { sequence }) { inbox.append($0) }
    sequence.gates[0].open()
    await inbox.arrivals(1)
    await clock.waitForSleepers(1)
    await clock.advance(by: .seconds(5))
    await listeners.heard(.failed, of: .a)
    sequence.gates[1].open()
    sequence.gates[2].open()
    await run.value
    #expect(inbox.values == [1])
    #expect(elementsSeen.value == [1])
    #expect(viewModel.failure(for: .a) is ActionTimeoutError)
    #expect(listeners.phases[.a] == ["started", "failed", "finished"])
    #expect(listeners.violations() == [])
    token.cancel()
  }

  @Test func anEnqueuedStreamStartsAsSoonAsAStuckStreamBeforeItIsCancelled() async {
    let viewModel = AdvViewModel()
    let listeners = AdvListeners(viewModel, actions: [.a])
    let stuck = GatedSequence(count: 2)
    let next = GatedSequence(count: 2)
    let inbox = Inbox<String>()
    let first = viewModel.dispatch(actionId: .a, policy: .enqueue, elements: { stuck }) { inbox.append("first\($0)") }
    let second = viewModel.dispatch(actionId: .a, policy: .enqueue, elements: { next }) { inbox.append("second\($0)") }
    stuck.gates[0].open()
    await inbox.arrivals(1)
    next.gates[0].open()
    next.gates[1].open()
    first.cancel()
    await second.value  // the stuck sequence's second element never came
    #expect(inbox.values == ["first1", "second1", "second2"])
    stuck.gates[1].open()
    await first.value
    #expect(inbox.values == ["first1", "second1", "second2"])
    #expect(listeners.kinds(listeners.early, of: .a) == [.started, .started, .cancelled, .succeeded])
    #expect(listeners.violations() == [])
  }

  @Test func releasingTheViewModelFromItsOwnOnElementFreesItAndStopsTheStream() async {
    var viewModel: PagesViewModel? = PagesViewModel()
    weak let weakViewModel = viewModel
    let sequence = GatedSequence(count: 3)
    for gate in sequence.gates { gate.open() }
    let run = viewModel!.load(sequence, releasingAt: 1) { viewModel = nil }
    await run.value
    #expect(weakViewModel == nil, "the view model outlived its release")
  }

  @Test func aRedispatchFromTheIdleStatusUpdateKeepsTheIndicatorOnWithoutAGap() async {
    let clock = TestClock()
    let viewModel = AdvViewModel(
      clock: clock, loadingIndicator: LoadingIndicator(delay: .seconds(1), minimumDuration: .seconds(2)))
    let gate = Gate()
    let second = Gate()
    let shown = AdvBox<[Bool]>([])
    let redispatched = AdvBox<Task<Void, Never>?>(nil)
    viewModel.statusHook = { action, loading in
      shown.value.append(viewModel.isShowingLoading(for: action))
      guard !loading, redispatched.value == nil else { return }
      redispatched.value = viewModel.dispatch(
        actionId: action,
        task: { () async throws -> Int in
          try await second.pass()
          return 2
        })
    }
    let first = viewModel.dispatch(
      actionId: .a,
      task: { () async throws -> Int in
        try await gate.pass()
        return 1
      })
    await clock.waitForSleepers(1)
    await clock.advance(by: .seconds(1))
    #expect(viewModel.isShowingLoading(for: .a))
    gate.open()
    await first.value
    #expect(viewModel.isLoading(for: .a))
    #expect(viewModel.isShowingLoading(for: .a), "the indicator went off between two loads")
    await clock.advance(by: .seconds(5))
    #expect(viewModel.isShowingLoading(for: .a), "the indicator went off while loading")
    second.open()
    await redispatched.value?.value
    await clock.run()
    #expect(!viewModel.isShowingLoading(for: .a))
    #expect(viewModel.statusLog[.a] == [true, false, true, false])
  }

  @Test func aGroupMemberHeldByThrottleStartsAtTheIntervalEndAndIsReportedSucceeded() async {
    let clock = TestClock()
    let viewModel = AdvViewModel(clock: clock)
    let listeners = AdvListeners(viewModel, actions: [.a])
    let starts = AdvBox<[String]>([])
    let group = Task { @MainActor in
      await viewModel.dispatchGroup([
        GroupedAction(
          .a, policy: .throttle(.seconds(1)),
          task: { () async throws -> Int in
            starts.value.append("first@\(clock.now.offset)")
            return 1
          }),
        GroupedAction(
          .a, policy: .throttle(.seconds(1)),
          task: { () async throws -> Int in
            starts.value.append("held@\(clock.now.offset)")
            return 2
          }),
      ])
    }
    await clock.waitForSleepers(1)
    await clock.advance(by: .seconds(1))
    let result = await group.value
    #expect(result == DispatchGroupResult(succeeded: [.a, .a]))
    #expect(starts.value == ["first@0.0 seconds", "held@1.0 seconds"])
    #expect(listeners.violations() == [])
  }

  @Test func cancelAllDropsAThrottleHeldDispatchAndCompletesItsTask() async {
    let clock = TestClock()
    let viewModel = AdvViewModel(clock: clock)
    let listeners = AdvListeners(viewModel, actions: [.a])
    let ran = AdvBox(0)
    let first = viewModel.dispatch(
      actionId: .a, policy: .throttle(.seconds(1)),
      task: { () async throws -> Int in
        ran.value += 1
        return 1
      })
    await first.value
    let held = viewModel.dispatch(
      actionId: .a, policy: .throttle(.seconds(1)),
      task: { () async throws -> Int in
        ran.value += 1
        return 2
      })
    viewModel.cancelAll()
    await held.value
    await clock.run()
    #expect(ran.value == 1)
    #expect(listeners.kinds(listeners.early, of: .a) == [.started, .succeeded, .dropped])
    #expect(listeners.violations() == [])
  }
}
