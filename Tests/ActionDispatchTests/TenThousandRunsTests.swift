import ActionDispatch
import ActionDispatchTesting
import Testing

/// Ten thousand runs of one action and ten thousand keyed actions. ChoosingAPolicy.md: "Looking a
/// run up and retiring it cost the same with one run in flight or 100,000"; `isLoading(for:)`:
/// "`true` from the moment a run is accepted until the action's last run ends"; `cancel(_:)`:
/// "Each run ends at once as cancelled"; `.enqueue`: "Runs execute one after another, in the
/// order they were dispatched"; GettingStarted.md: "An idle row without an error holds no memory".
@MainActor
extension RunOrderAtScaleTests {
  private static let count = 10_000

  @Test func tenThousandRunsInFlightEndAtOnceOnCancelAndDroppedDispatchesStayAlone() async {
    let viewModel = AdvViewModel()
    let listeners = AdvListeners(viewModel, actions: [.a])
    let gate = Gate()
    let delivered = AdvBox(0)
    let runs = (0..<Self.count).map { _ in
      viewModel.dispatch(
        actionId: .a,
        task: { () async throws -> Int in
          await gate.passIgnoringCancellation()
          return 1
        }, onSuccess: { _, _ in delivered.value += 1 })
    }
    await gate.arrivals(Self.count)
    let dropped = (0..<1_000).map { _ in
      viewModel.dispatch(actionId: .a, policy: .ignoreWhileRunning, task: { () async throws -> Int in 2 })
    }
    for task in dropped { await task.value }
    #expect(viewModel.isLoading(for: .a))
    // "At once" is "before cancel returns", whatever the machine's speed: its cost per run is the
    // runs-in-flight benchmark's business, not a timed test's.
    viewModel.cancel(.a)
    #expect(!viewModel.isLoading(for: .a), "cancel left runs in flight")
    #expect(!viewModel.isAnyLoading)
    gate.open()
    for run in runs { await run.value }
    let kinds = listeners.kinds(listeners.early, of: .a)
    #expect(kinds.filter { $0 == .started }.count == Self.count)
    #expect(kinds.filter { $0 == .cancelled }.count == Self.count)
    #expect(kinds.filter { $0 == .dropped }.count == 1_000)
    #expect(delivered.value == 0)
    #expect(viewModel.statusLog[.a] == [true, false])
    #expect(listeners.violations() == [])
    #expect(viewModel.actionsWithState == 0)
  }

  @Test func tenThousandEnqueuedRunsExecuteInDispatchOrderAndLoadingEndsWithTheLast() async {
    let viewModel = AdvViewModel()
    let order = AdvBox<[Int]>([])
    order.value.reserveCapacity(Self.count)
    let running = AdvBox(0)
    let overlap = AdvBox(false)
    let runs = (0..<Self.count).map { index in
      viewModel.dispatch(
        actionId: .a, policy: .enqueue,
        task: { () async throws -> Int in
          running.value += 1
          if running.value > 1 { overlap.value = true }
          await Task.yield()
          running.value -= 1
          return index
        }, onSuccess: { _, value in order.value.append(value) })
    }
    // Whether the last run is still loading when the test resumes after the one before it
    // depends on thread speed; one loading period from the first run to the last (statusLog
    // below) is what "loading ends with the last" promises.
    for run in runs { await run.value }
    #expect(order.value == Array(0..<Self.count))
    #expect(!overlap.value, "two enqueued runs ran at once")
    #expect(!viewModel.isLoading(for: .a))
    #expect(viewModel.statusLog[.a] == [true, false])
  }

  @Test func tenThousandKeyedRowsEndingEveryWayKeepExactStateAndIdleRowsHoldNothing() async {
    let viewModel = AdvViewModel()
    let gate = Gate()
    let recorder = EventRecorder(viewModel)
    let runs = (0..<Self.count).map { row in
      viewModel.dispatch(
        actionId: .row(row),
        task: { () async throws -> Int in
          try await gate.pass()
          if row % 4 == 1 { throw TestError(message: "row \(row)") }
          return row
        })
    }
    await gate.arrivals(Self.count)
    for row in stride(from: 2, to: Self.count, by: 4) { viewModel.cancel(.row(row)) }
    for row in stride(from: 3, to: Self.count, by: 4) { runs[row].cancel() }
    for row in stride(from: 3, to: Self.count, by: 4) { await runs[row].value }
    #expect(viewModel.isAnyLoading)
    gate.open()
    for run in runs { await run.value }

    var wrong: [String] = []
    for row in 0..<Self.count {
      let expected = row % 4 == 1 ? "row \(row)" : nil
      if viewModel.isLoading(for: .row(row)) { wrong.append("row \(row) loading") }
      if viewModel.errorMessage(for: .row(row)) != expected {
        wrong.append("row \(row) error \(String(describing: viewModel.errorMessage(for: .row(row))))")
      }
      if viewModel.statusLog[.row(row)] != [true, false] {
        wrong.append("row \(row) status \(viewModel.statusLog[.row(row)] ?? [])")
      }
      if wrong.count > 10 { break }
    }
    #expect(wrong == [])
    #expect(!viewModel.isAnyLoading)
    #expect(viewModel.actionsWithState == Self.count / 4, "only failed rows hold state")
    let kinds = recorder.rawEvents.map(\.kind)
    #expect(kinds.filter { $0 == .succeeded }.count == Self.count / 4)
    #expect(kinds.filter { $0 == .failed }.count == Self.count / 4)
    #expect(kinds.filter { $0 == .cancelled }.count == Self.count / 2)
    for row in stride(from: 1, to: Self.count, by: 4) { viewModel.clearError(for: .row(row)) }
    #expect(viewModel.actionsWithState == 0)
  }

  @Test func cancelAllFromAHookWithTenThousandKeyedRowsInFlightEndsEachOnce() async {
    let viewModel = AdvViewModel()
    let listeners = AdvListeners(viewModel, actions: [.a])
    let gate = Gate()
    let recorder = EventRecorder(viewModel)
    let runs = (0..<Self.count).map { row in
      viewModel.dispatch(
        actionId: .row(row),
        task: { () async throws -> Int in
          try await gate.pass()
          return row
        })
    }
    viewModel.successHook = { [unowned viewModel] action, _ in if action == .a { viewModel.cancelAll() } }
    await viewModel.dispatch(actionId: .a, task: { () async throws -> Int in 0 }).value
    #expect(!viewModel.isAnyLoading)
    gate.open()
    for run in runs { await run.value }
    let kinds = recorder.rawEvents.map(\.kind)
    #expect(kinds.filter { $0 == .cancelled }.count == Self.count)
    #expect(kinds.filter { $0 == .succeeded }.count == 1)
    #expect(AdvListeners.eventViolations(recorder.rawEvents, name: "recorder", settled: true) == [])
    #expect(listeners.violations() == [])
    #expect(viewModel.actionsWithState == 0)
  }
}
