import ActionDispatch
import ActionDispatchTesting
import Testing

/// `On` handlers and `observeEvents` handlers that re-enter. `observe(_:)`: "Handlers may
/// re-enter the view model — dispatch, cancel, clear errors, cancel their own token … its
/// notifications are delivered right after the handler's own"; `observeEvents(_:)`: "what it
/// causes is delivered right after the event it is handling".
@MainActor
@Suite
struct ReentrantObserverAdversarialTests {
  @Test func aDispatchFromAStartedEventHandlerIsHeardRightAfterThatStartedByLaterListeners() async {
    let viewModel = AdvViewModel()
    let listeners = AdvListeners(viewModel, actions: [.a, .b])
    let inner = AdvBox<Task<Void, Never>?>(nil)
    let token = viewModel.observeEvents { [weak viewModel] event in
      guard event.actionId == .a, event.kind == .started, inner.value == nil, let viewModel else { return }
      inner.value = viewModel.dispatch(actionId: .b, task: { 2 })
    }
    listeners.attachLate()

    await viewModel.dispatch(actionId: .a, task: { 1 }).value
    await inner.value?.value

    #expect(listeners.violations() == [])
    let late = listeners.late.map { "\($0.actionId).\($0.kind)" }
    #expect(Array(late.prefix(2)) == ["a.started", "b.started"], "\(late)")
    token.cancel()
  }

  @Test func anIgnoreWhileRunningDispatchFromAStartedHandlerIsDroppedAloneAfterTheStarted() async {
    let viewModel = AdvViewModel()
    let listeners = AdvListeners(viewModel, actions: [.a])
    let gate = Gate()
    let dropped = AdvBox<Task<Void, Never>?>(nil)
    let calls = AdvBox(0)
    let token = viewModel.observe {
      On(.a).started { [weak viewModel] in
        guard dropped.value == nil, let viewModel else { return }
        dropped.value = viewModel.dispatch(
          actionId: .a, policy: .ignoreWhileRunning, task: { calls.value += 1 })
      }
    }
    listeners.attachLate()

    let run = viewModel.dispatch(actionId: .a, task: { try await gate.pass() })
    await dropped.value?.value
    #expect(viewModel.isLoading(for: .a))
    gate.open()
    await run.value

    #expect(calls.value == 0)
    #expect(listeners.violations() == [])
    #expect(listeners.kinds(listeners.late, of: .a) == [.started, .dropped, .succeeded])
    #expect(listeners.phases[.a] == ["started", "succeeded", "finished"])
    #expect(viewModel.statusLog[.a] == [true, false])
    token.cancel()
  }

  @Test func aSucceededHandlerThatCancelsAnotherObserversTokenStopsThatObserverAtOnce() async {
    let viewModel = AdvViewModel()
    var second: ObservationToken?
    var heardBySecond: [String] = []
    let first = viewModel.observe {
      On(.a).succeeded { second?.cancel() }
    }
    second = viewModel.observe {
      On(.a)
        .started { heardBySecond.append("started") }
        .succeeded { heardBySecond.append("succeeded") }
        .finished { heardBySecond.append("finished") }
    }

    await viewModel.dispatch(actionId: .a, task: { 1 }).value

    #expect(heardBySecond == ["started"], "a cancelled token's handlers ran after cancel()")
    #expect(second?.isCancelled == true)
    first.cancel()
  }

  @Test func aFinishedHandlerSeesTheActionIdleAndItsRedispatchesEachRunWhole() async {
    let viewModel = AdvViewModel()
    let listeners = AdvListeners(viewModel, actions: [.a])
    let loadingInFinished = AdvBox<[Bool]>([])
    let more = AdvBox<[Task<Void, Never>]>([])
    let token = viewModel.observe {
      On(.a).finished { [weak viewModel] in
        guard let viewModel else { return }
        loadingInFinished.value.append(viewModel.isLoading(for: .a))
        if more.value.count < 2 {
          more.value.append(viewModel.dispatch(actionId: .a, task: { 0 }))
        }
      }
    }
    listeners.attachLate()

    await viewModel.dispatch(actionId: .a, task: { 0 }).value
    var index = 0
    while index < more.value.count {
      await more.value[index].value
      index += 1
    }

    #expect(loadingInFinished.value == [false, false, false], "finished runs after loading ended")
    #expect(listeners.violations() == [])
    #expect(listeners.kinds(listeners.late, of: .a).filter { $0 == .succeeded }.count == 3)
    #expect(viewModel.statusLog[.a] == [true, false, true, false, true, false])
    token.cancel()
  }

  @Test func aCancelledHandlerThatDispatchesAgainWhileOtherListenersAreStillBeingToldKeepsOrder() async {
    let viewModel = AdvViewModel()
    let listeners = AdvListeners(viewModel, actions: [.a])
    let gate = Gate()
    let next = AdvBox<Task<Void, Never>?>(nil)
    let token = viewModel.observe {
      On(.a)
        .started { [weak viewModel] in
          if next.value == nil { viewModel?.cancel(.a) }
        }
        .cancelled { [weak viewModel] in
          guard next.value == nil, let viewModel else { return }
          next.value = viewModel.dispatch(actionId: .a, task: { try await gate.pass() })
        }
    }
    listeners.attachLate()

    let first = viewModel.dispatch(actionId: .a, task: { try await gate.pass() })
    #expect(viewModel.isLoading(for: .a), "the run dispatched from the cancelled handler is loading")
    gate.open()
    await first.value
    await next.value?.value

    #expect(listeners.violations() == [])
    #expect(listeners.kinds(listeners.late, of: .a) == [.started, .cancelled, .started, .succeeded])
    #expect(listeners.kinds(listeners.early, of: .a) == [.started, .cancelled, .started, .succeeded])
    token.cancel()
  }

  @Test func droppingItsOwnEventsTokenInsideTheHandlerLeavesLaterListenersWhole() async {
    let viewModel = AdvViewModel()
    let listeners = AdvListeners(viewModel, actions: [.a, .b])
    let heard = AdvBox(0)
    let holder = AdvBox<ObservationToken?>(nil)
    let inner = AdvBox<Task<Void, Never>?>(nil)
    holder.value = viewModel.observeEvents { [weak viewModel] _ in
      heard.value += 1
      holder.value = nil
      inner.value = viewModel?.dispatch(actionId: .b, task: { 2 })
    }
    listeners.attachLate()

    await viewModel.dispatch(actionId: .a, task: { 1 }).value
    await inner.value?.value

    #expect(heard.value == 1, "a dropped token's handler ran again")
    #expect(listeners.violations() == [])
    #expect(listeners.kinds(listeners.late, of: .a) == [.started, .succeeded])
    #expect(listeners.kinds(listeners.late, of: .b) == [.started, .succeeded])
  }
}
