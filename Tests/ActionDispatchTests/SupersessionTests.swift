import ActionDispatch
import ActionDispatchTesting
import Testing

/// Issue 30, item 5: a dispatch that supersedes other actions (`supersedes:`) ends their runs as
/// cancelled when it becomes a run — never its own run, nor the run whose callback dispatched it.
@MainActor
@Suite(.serialExecutor) struct SupersessionTests {
  /// Starts a run of `action` that waits at `gate` until cancelled or opened.
  func startGated(_ viewModel: RowViewModel, _ action: RowAction, _ gate: Gate) -> Task<Void, Never> {
    viewModel.dispatch(
      actionId: action,
      task: { () async throws -> Int in
        try await gate.pass()
        return 0
      })
  }

  @Test func aDispatchEndsTheRunsOfTheActionsItSupersedesBeforeItReturns() async {
    let viewModel = RowViewModel()
    let harness = ListenerHarness(viewModel, observing: [.a, .b, .row(1)])
    let gate = Gate()
    let older = [
      startGated(viewModel, .b, gate), startGated(viewModel, .row(1), gate), startGated(viewModel, .b, gate),
    ]
    await gate.arrivals(3)
    var delivered: [Int] = []
    let run = viewModel.dispatch(actionId: .a, supersedes: [.row(1), .b], task: { 7 }) { _, value in
      delivered.append(value)
    }
    #expect(!viewModel.isLoading(for: .b) && !viewModel.isLoading(for: .row(1)))
    #expect(viewModel.isLoading(for: .a))
    // The new run's start, then the superseded runs oldest first, whatever the list's order.
    #expect(harness.seen(by: .events).suffix(4) == ["a.started", "b.cancelled", "row(1).cancelled", "b.cancelled"])
    await run.value
    for task in older { await task.value }
    #expect(delivered == [7])
    #expect(harness.seen(by: .events).last == "a.succeeded")
    #expect(viewModel.errorMessage(for: .b) == nil)
    #expect(LifecycleInvariants.violations(in: harness.log, idle: true) == [])
  }

  @Test func eachMemberOfAGroupSupersedesTheRestAndItsOwnRunsFollowItsPolicy() async {
    let group: [RowAction] = [.a, .b]
    let viewModel = RowViewModel()
    let harness = ListenerHarness(viewModel, observing: group)
    let gate = Gate()
    let firstA = viewModel.dispatch(actionId: .a, supersedes: group, task: { try await gate.pass() })
    await gate.arrivals(1)
    let secondA = viewModel.dispatch(actionId: .a, supersedes: group, task: { try await gate.pass() })
    #expect(harness.seen(by: .events) == ["a.started", "a.started"], ".concurrent keeps the older run of .a")
    let b = viewModel.dispatch(actionId: .b, policy: .cancelPrevious, supersedes: group, task: { 2 })
    #expect(harness.seen(by: .events).suffix(3) == ["b.started", "a.cancelled", "a.cancelled"])
    #expect(!viewModel.isLoading(for: .a))
    await b.value
    await firstA.value
    await secondA.value
    #expect(harness.seen(by: .events).last == "b.succeeded")
    #expect(LifecycleInvariants.violations(in: harness.log, idle: true) == [])
  }

  @Test func aDispatchFromASuccessClosureNeverCancelsTheRunThatMadeIt() async {
    let group: [RowAction] = [.a, .b]
    let viewModel = RowViewModel()
    let harness = ListenerHarness(viewModel, observing: group)
    let gate = Gate()
    let otherA = startGated(viewModel, .a, gate)
    await gate.arrivals(1)
    var loadingInClosure: Bool?
    var followUp: Task<Void, Never>?
    let dispatching = viewModel.dispatch(actionId: .a, supersedes: group, task: { 1 }) { viewModel, _ in
      // The run still counts as loading here; the follow-up names its action all the same.
      followUp = viewModel.dispatch(actionId: .b, supersedes: group, task: { 2 })
      loadingInClosure = viewModel.isLoading(for: .a)
    }
    await dispatching.value
    await followUp?.value
    await otherA.value
    let events = harness.log.entries(of: .events).map { "\($0.action).\($0.phase)#\($0.run!)" }
    let runs = Dictionary(grouping: harness.log.entries(of: .events), by: { $0.run! }).mapValues { $0.map(\.phase) }
    #expect(runs.values.filter { $0 == ["started", "succeeded"] }.count == 2, "\(events)")
    #expect(runs.values.filter { $0 == ["started", "cancelled"] }.count == 1, "\(events)")
    #expect(loadingInClosure == true, "the dispatching run's loading ended inside its own success closure")
    #expect(!viewModel.isLoading(for: .a) && !viewModel.isLoading(for: .b))
    #expect(LifecycleInvariants.violations(in: harness.log, idle: true) == [])
  }

  @Test func aDispatchThatIsDroppedSupersedesNothing() async {
    let viewModel = RowViewModel()
    let gate = Gate()
    let a = startGated(viewModel, .a, gate)
    let b = startGated(viewModel, .b, gate)
    await gate.arrivals(2)
    viewModel.dispatch(actionId: .a, policy: .ignoreWhileRunning, supersedes: [.b], task: { 3 })
    #expect(viewModel.isLoading(for: .b), "a dropped dispatch superseded .b")
    gate.open()
    await a.value
    await b.value
  }

  @Test func keyedActionsSupersedeExactlyTheRowsNamed() async {
    let viewModel = RowViewModel()
    let harness = ListenerHarness(viewModel, observing: [.row(1), .row(2), .row(3)])
    let gate = Gate()
    let rows = [startGated(viewModel, .row(2), gate), startGated(viewModel, .row(3), gate)]
    await gate.arrivals(2)
    let run = viewModel.dispatch(actionId: .row(1), supersedes: [.row(2)], task: { 1 })
    #expect(!viewModel.isLoading(for: .row(2)))
    #expect(viewModel.isLoading(for: .row(3)))
    gate.open()
    await run.value
    for row in rows { await row.value }
    #expect(harness.seen(by: .events).filter { $0.hasPrefix("row(3)") } == ["row(3).started", "row(3).succeeded"])
    #expect(LifecycleInvariants.violations(in: harness.log, idle: true) == [])
  }

  @Test func aHeldThrottledDispatchOfASupersededActionIsDropped() async {
    let clock = TestClock()
    let viewModel = RowViewModel(clock: clock)
    let harness = ListenerHarness(viewModel, observing: [.a, .b])
    let first = viewModel.dispatch(actionId: .b, policy: .throttle(.seconds(1)), task: { 1 })
    let held = viewModel.dispatch(actionId: .b, policy: .throttle(.seconds(1)), task: { 2 })
    await first.value
    let a = viewModel.dispatch(actionId: .a, supersedes: [.b], task: { 3 })
    await held.value  // complete at once: dropped
    await a.value
    await clock.run()
    #expect(harness.seen(by: .events).filter { $0.hasPrefix("b.") } == ["b.started", "b.succeeded", "b.dropped"])
  }

  @Test func aStreamingRunWhoseElementDispatchesIsNotSuperseded() async {
    let viewModel = RowViewModel()
    let harness = ListenerHarness(viewModel, observing: [.a, .b])
    var followUp: Task<Void, Never>?
    let elements: @MainActor @Sendable () async throws -> AsyncStream<Int> = {
      AsyncStream { continuation in
        continuation.yield(1)
        continuation.yield(2)
        continuation.finish()
      }
    }
    let stream: Task<Void, Never> = viewModel.dispatch(actionId: .a, elements: elements) { viewModel, element in
      if element == 1 { followUp = viewModel.dispatch(actionId: .b, supersedes: [.a], task: { 3 }) }
    }
    await stream.value
    await followUp?.value
    #expect(harness.seen(by: .events).filter { $0.hasPrefix("a.") } == ["a.started", "a.succeeded"])
    #expect(harness.seen(by: .on).filter { $0 == "a.element" }.count == 2)
  }
}
