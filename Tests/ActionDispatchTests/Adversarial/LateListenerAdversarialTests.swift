import ActionDispatch
import ActionDispatchTesting
import Testing

/// "Observers and event listeners hear only runs that start after they register" and "every run
/// a stream sees starts with `started`" (ChoosingAPolicy.md, `events()`, `observe(_:)`), for
/// listeners registered from inside a callback, while notifications are queued.
@MainActor
@Suite
struct LateListenerAdversarialTests {
  @Test func listenersRegisteredInsideAnEndHandlerHearNoneOfThatRunButAllOfARunDispatchedAfter() async {
    let viewModel = AdvViewModel()
    let listeners = AdvListeners(viewModel, actions: [.a])
    let lateEvents = AdvBox<[ActionEvent<AdvAction>]>([])
    let lateOn = AdvBox<[String]>([])
    let recorder = AdvBox<EventRecorder<AdvAction>?>(nil)
    var tokens: [ObservationToken] = []
    let next = AdvBox<Task<Void, Never>?>(nil)
    let hook = viewModel.observe {
      On(.a).succeeded {
        guard next.value == nil else { return }
        tokens.append(viewModel.observeEvents { lateEvents.value.append($0) })
        tokens.append(
          viewModel.observe {
            On(.a)
              .started { lateOn.value.append("started") }
              .succeeded { lateOn.value.append("succeeded") }
              .finished { lateOn.value.append("finished") }
          })
        recorder.value = EventRecorder(viewModel)
        next.value = viewModel.dispatch(actionId: .a, task: { () async throws -> Int in 2 })
      }
    }
    await viewModel.dispatch(actionId: .a, task: { () async throws -> Int in 1 }).value
    await next.value?.value

    let runs = listeners.early.filter { $0.kind == .started }.map(\.run)
    #expect(runs.count == 2)
    #expect(lateEvents.value.map(\.kind) == [.started, .succeeded])
    #expect(lateEvents.value.allSatisfy { $0.run == runs.last }, "a late listener heard the earlier run")
    #expect(lateOn.value == ["started", "succeeded", "finished"])
    #expect(recorder.value?.events == [.started(.a), .succeeded(.a)])
    #expect(listeners.violations() == [])
    hook.cancel()
    _ = tokens
  }

  @Test func aListenerRegisteredInsideAStartedHandlerHearsARunThatHandlerDispatchesAfterRegistering() async {
    let viewModel = AdvViewModel()
    let late = AdvBox<[ActionEvent<AdvAction>]>([])
    var tokens: [ObservationToken] = []
    let inner = AdvBox<Task<Void, Never>?>(nil)
    let hook = viewModel.observe {
      On(.a).started {
        tokens.append(viewModel.observeEvents { late.value.append($0) })
        inner.value = viewModel.dispatch(actionId: .b, task: { () async throws -> Int in 2 })
      }
    }
    let outer = viewModel.dispatch(actionId: .a, task: { () async throws -> Int in 1 })
    await outer.value
    await inner.value?.value
    #expect(late.value.map { "\($0.kind)(\($0.actionId))" } == ["started(b)", "succeeded(b)"])
    hook.cancel()
    _ = tokens
  }

  @Test func anEventsStreamSeesExactlyWhatASynchronousListenerSeesWhenCallbacksReenter() async {
    let viewModel = AdvViewModel()
    let stream = viewModel.events()
    let sync = AdvBox<[ActionEvent<AdvAction>]>([])
    let gate = Gate()
    let tasks = AdvBox<[Task<Void, Never>]>([])
    let budget = AdvBox(6)
    let token = viewModel.observeEvents { event in
      sync.value.append(event)
      guard budget.value > 0 else { return }
      budget.value -= 1
      switch event.kind {
      case .started where event.actionId == .a:
        tasks.value.append(
          viewModel.dispatch(actionId: .b, policy: .cancelPrevious, task: { () async throws -> Int in 1 }))
      case .succeeded:
        tasks.value.append(
          viewModel.dispatch(
            actionId: .a, policy: .ignoreWhileRunning,
            task: { () async throws -> Int in
              try await gate.pass()
              return 3
            }))
      case .cancelled: viewModel.cancelAll()
      default: break
      }
    }
    tasks.value.append(
      viewModel.dispatch(
        actionId: .a,
        task: { () async throws -> Int in
          try await gate.pass()
          return 0
        }))
    gate.open()
    var index = 0
    while index < tasks.value.count {
      await tasks.value[index].value
      index += 1
    }
    var streamed: [ActionEvent<AdvAction>] = []
    for await event in stream {
      streamed.append(event)
      if streamed.count == sync.value.count { break }
    }
    #expect(sync.value.count > 4)
    #expect(streamed == sync.value)
    #expect(AdvListeners.eventViolations(sync.value, name: "sync", settled: true) == [])
    token.cancel()
  }
}
