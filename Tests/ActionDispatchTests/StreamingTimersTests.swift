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
extension StreamingTests {
  @Test func aStreamThatTimesOutBetweenElementsKeepsWhatCameAndDeliversNothingLater() async {
    let clock = TestClock()
    let viewModel = AdvViewModel(clock: clock)
    let listeners = AdvListeners(viewModel, actions: [.a])
    let sequence = GatedSequence(count: 3)
    let inbox = Inbox<Int>()
    let elementsSeen = AdvBox<[Int]>([])
    let token = viewModel.observe { On(.a).element { (page: Int) in elementsSeen.value.append(page) } }
    let run = viewModel.dispatch(actionId: .a, timeout: .seconds(5), elements: { sequence }) { _, value in
      inbox.append(value)
    }
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
    let first = viewModel.dispatch(actionId: .a, policy: .enqueue, elements: { stuck }) { _, value in
      inbox.append("first\(value)")
    }
    let second = viewModel.dispatch(actionId: .a, policy: .enqueue, elements: { next }) { _, value in
      inbox.append("second\(value)")
    }
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
}
