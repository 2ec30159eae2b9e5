import ActionDispatch
import ActionDispatchTesting
import Testing

/// Where a callback that cancels the run's own task (the one `dispatch` returned) sits.
enum OwnTaskSpot: String, CaseIterable, CustomTestStringConvertible {
  case typedClosure, genericHook, onHandler, idleStatusUpdate, eventHandler, finishedHandler
  var testDescription: String { rawValue }
}

/// "Callbacks that re-enter" (ChoosingAPolicy.md): any callback may cancel; every listener sees
/// each run `started` once, then exactly one end. A run that is being delivered as succeeded or
/// failed has ended: cancelling its task from inside that delivery must not end it a second time,
/// nor take back what was delivered — not even on a later turn of the main actor.
@MainActor
extension CancellationTests {
  /// Lets anything the cancellation scheduled run: a full run of another action, awaited.
  private func flush(_ viewModel: AdvViewModel) async {
    for _ in 0..<3 {
      await viewModel.dispatch(
        actionId: .c,
        task: { () async throws -> Int in
          await Task.yield()
          return 0
        }
      ).value
    }
  }

  @Test(arguments: OwnTaskSpot.allCases)
  func cancellingItsOwnTaskWhileItsSuccessIsDeliveredLeavesOneSucceededRun(spot: OwnTaskSpot) async {
    let viewModel = AdvViewModel()
    let listeners = AdvListeners(viewModel, actions: [.a, .c])
    let handle = AdvBox<Task<Void, Never>?>(nil)
    let delivered = AdvBox(0)
    let cancelOwn = { handle.value?.cancel() }
    var tokens: [ObservationToken] = []
    switch spot {
    case .genericHook: viewModel.successHook = { action, _ in if action == .a { cancelOwn() } }
    case .idleStatusUpdate: viewModel.statusHook = { action, loading in if action == .a && !loading { cancelOwn() } }
    case .onHandler: tokens.append(viewModel.observe { On(.a).succeeded { cancelOwn() } })
    case .finishedHandler: tokens.append(viewModel.observe { On(.a).finished { cancelOwn() } })
    case .eventHandler:
      tokens.append(viewModel.observeEvents { if $0.actionId == .a && $0.kind == .succeeded { cancelOwn() } })
    case .typedClosure: break
    }
    listeners.attachLate()
    handle.value = viewModel.dispatch(
      actionId: .a, task: { () async throws -> Int in 7 },
      onSuccess: { _, value in
        delivered.value += value
        if spot == .typedClosure { cancelOwn() }
      })
    await handle.value?.value
    await flush(viewModel)

    #expect(delivered.value == 7)
    #expect(listeners.kinds(listeners.early, of: .a) == [.started, .succeeded])
    #expect(listeners.kinds(listeners.late, of: .a) == [.started, .succeeded])
    #expect(listeners.phases[.a] == ["started", "succeeded", "finished"])
    #expect(viewModel.statusLog[.a] == [true, false])
    #expect(viewModel.hookLog.filter { $0 == "success(a)" }.count == 1)
    #expect(!viewModel.isLoading(for: .a))
    #expect(listeners.violations() == [])
    _ = tokens
  }

  @Test(arguments: [OwnTaskSpot.typedClosure, .genericHook, .onHandler, .idleStatusUpdate, .eventHandler])
  func cancellingItsOwnTaskWhileItsFailureIsDeliveredKeepsTheErrorAndOneFailedRun(spot: OwnTaskSpot) async {
    let viewModel = AdvViewModel()
    let listeners = AdvListeners(viewModel, actions: [.a, .c])
    let handle = AdvBox<Task<Void, Never>?>(nil)
    let failures = AdvBox(0)
    let cancelOwn = { handle.value?.cancel() }
    var tokens: [ObservationToken] = []
    switch spot {
    case .genericHook: viewModel.errorHook = { action, _ in if action == .a { cancelOwn() } }
    case .idleStatusUpdate: viewModel.statusHook = { action, loading in if action == .a && !loading { cancelOwn() } }
    case .onHandler: tokens.append(viewModel.observe { On(.a).failed { _ in cancelOwn() } })
    case .eventHandler:
      tokens.append(viewModel.observeEvents { if $0.actionId == .a && $0.kind == .failed { cancelOwn() } })
    default: break
    }
    handle.value = viewModel.dispatch(
      actionId: .a, task: { () async throws -> Int in throw TestError(message: "boom") },
      onFailure: { _, _ in
        failures.value += 1
        if spot == .typedClosure { cancelOwn() }
      })
    await handle.value?.value
    await flush(viewModel)

    #expect(failures.value == 1)
    #expect(viewModel.errorMessage(for: .a) == "boom")
    #expect(listeners.kinds(listeners.early, of: .a) == [.started, .failed])
    #expect(listeners.phases[.a] == ["started", "failed", "finished"])
    #expect(viewModel.statusLog[.a] == [true, false])
    #expect(listeners.violations() == [])
    _ = tokens
  }

  @Test func cancellingAnotherRunsTaskFromAStartedHandlerEndsThatRunOnceAndItDeliversNothing() async {
    let viewModel = AdvViewModel()
    let listeners = AdvListeners(viewModel, actions: [.a, .b, .c])
    let gate = Gate()
    let delivered = AdvBox(0)
    let first = viewModel.dispatch(
      actionId: .a,
      task: { () async throws -> Int in
        await gate.passIgnoringCancellation()
        return 1
      }, onSuccess: { _, _ in delivered.value += 1 })
    let token = viewModel.observe { On(.b).started { first.cancel() } }
    let second = viewModel.dispatch(actionId: .b, task: { () async throws -> Int in 2 })
    await second.value
    await listeners.heard(.cancelled, of: .a)
    #expect(!viewModel.isLoading(for: .a), "the cancelled run is still loading")
    gate.open()
    await first.value
    await flush(viewModel)

    #expect(delivered.value == 0)
    #expect(listeners.kinds(listeners.early, of: .a) == [.started, .cancelled])
    #expect(listeners.phases[.a] == ["started", "cancelled", "finished"])
    #expect(viewModel.errorMessage(for: .a) == nil)
    #expect(listeners.violations() == [])
    token.cancel()
  }

  @Test func cancellingTheTaskOfARunAlreadyCancelledByCancelEndsItOnlyOnce() async {
    let viewModel = AdvViewModel()
    let listeners = AdvListeners(viewModel, actions: [.a, .c])
    let gate = Gate()
    let run = viewModel.dispatch(
      actionId: .a,
      task: { () async throws -> Int in
        await gate.passIgnoringCancellation()
        return 1
      })
    await gate.arrivals(1)
    viewModel.cancel(.a)
    run.cancel()
    viewModel.cancel(.a)
    gate.open()
    await run.value
    await flush(viewModel)
    #expect(listeners.kinds(listeners.early, of: .a) == [.started, .cancelled])
    #expect(viewModel.statusLog[.a] == [true, false])
    #expect(listeners.violations() == [])
  }
}
