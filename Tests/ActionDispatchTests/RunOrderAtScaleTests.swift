import ActionDispatch
import ActionDispatchTesting
import Testing

/// The order of an action's live runs when most of them end out of order: `.enqueue` starts each
/// run "after the previous run of the action ended", in dispatch order, and `.cancelPrevious`
/// cancels "the runs of the action in flight" — whatever ended in between, however many.
@MainActor
@Suite(.serialExecutor)
struct RunOrderAtScaleTests {
  @Test func enqueuedRunsStartOneAtATimeInDispatchOrderAfterMostOfTheQueueIsCancelled() async {
    let viewModel = AdvViewModel()
    let listeners = AdvListeners(viewModel, actions: [.a])
    let gate = Gate()
    let log = AdvBox<[String]>([])
    func enqueue(_ index: Int) -> Task<Void, Never> {
      viewModel.dispatch(
        actionId: .a, policy: .enqueue,
        task: { () async throws -> Int in
          log.value.append("start \(index)")
          try await gate.pass()
          log.value.append("end \(index)")
          return index
        })
    }
    // The first run holds the queue while runs behind it are cancelled out of order, then more
    // are queued behind the gaps and some of those are cancelled too.
    var runs = (0..<2_000).map(enqueue)
    await gate.arrivals(1)
    for index in 1..<2_000 where index % 10 != 0 { runs[index].cancel() }
    runs += (2_000..<2_500).map(enqueue)
    for index in 2_000..<2_500 where index % 2 == 1 { runs[index].cancel() }
    for index in (1..<2_500).reversed() where index % 10 != 0 && (index < 2_000 || index % 2 == 1) {
      await runs[index].value
    }
    #expect(log.value == ["start 0"], "a cancelled queued run started, or one started out of turn")

    gate.open()
    for run in runs { await run.value }

    let survivors = (0..<2_500).filter { $0 % 10 == 0 || ($0 >= 2_000 && $0 % 2 == 0) }
    #expect(log.value == survivors.flatMap { ["start \($0)", "end \($0)"] })
    let kinds = listeners.kinds(listeners.early, of: .a)
    #expect(kinds.filter { $0 == .succeeded }.count == survivors.count)
    #expect(kinds.filter { $0 == .cancelled }.count == 2_500 - survivors.count)
    #expect(!viewModel.isLoading(for: .a))
    #expect(listeners.violations() == [])
  }

  @Test func aQueuedRunBehindAFewCancelledOnesStartsWhenTheRunAheadOfThemEnds() async {
    let viewModel = AdvViewModel()
    let gate = Gate()
    let started = AdvBox<[Int]>([])
    let runs = (0..<10).map { index in
      viewModel.dispatch(
        actionId: .a, policy: .enqueue,
        task: { () async throws -> Int in
          started.value.append(index)
          try await gate.pass()
          return index
        })
    }
    await gate.arrivals(1)
    for index in [2, 1, 4, 3, 9, 8] { runs[index].cancel() }
    gate.open()
    for run in runs { await run.value }
    #expect(started.value == [0, 5, 6, 7])
    #expect(!viewModel.isLoading(for: .a))
  }

  @Test func cancelPreviousCancelsExactlyTheRunsStillInFlightAfterMostEndedOutOfOrder() async {
    let viewModel = AdvViewModel()
    let listeners = AdvListeners(viewModel, actions: [.a])
    let gate = Gate()
    let delivered = AdvBox<[Int]>([])
    let runs = (0..<1_000).map { index in
      viewModel.dispatch(
        actionId: .a,
        task: { () async throws -> Int in
          try await gate.pass()
          return index
        }, onSuccess: { _, value in delivered.value.append(value) })
    }
    await gate.arrivals(1_000)
    // Keep the oldest, the newest and every 25th run; cancel the rest from the newest down.
    let kept = Set((0..<1_000).filter { $0 % 25 == 0 || $0 == 999 })
    for index in (0..<1_000).reversed() where !kept.contains(index) { runs[index].cancel() }
    await listeners.heard(.cancelled, of: .a, count: 1_000 - kept.count)

    let latest = viewModel.dispatch(
      actionId: .a, policy: .cancelPrevious, task: { () async throws -> Int in -1 },
      onSuccess: { _, value in delivered.value.append(value) })
    await latest.value
    gate.open()
    for run in runs { await run.value }

    #expect(delivered.value == [-1], "a superseded or cancelled run delivered")
    let kinds = listeners.kinds(listeners.early, of: .a)
    #expect(kinds.filter { $0 == .cancelled }.count == 1_000)
    #expect(kinds.filter { $0 == .succeeded }.count == 1)
    #expect(!viewModel.isLoading(for: .a))
    #expect(listeners.violations() == [])
  }
}
