import ActionDispatch
import ActionDispatchTesting
import Testing

/// `UnexpectedResultTypeError`: "An `element` mismatch is written to standard error, once per
/// element: the run is still going, and its `failed` handlers are kept for its one end";
/// `On.element`: "It does not reach the `failed` handlers, which hear only the run's one end".
@MainActor
extension ObserveBuilderTests {
  @Test func aWrongTypedElementHandlerIsSkippedAndTheOnStillHearsTheRunsOneEnd() async {
    let viewModel = AdvViewModel()
    let phases = AdvBox<[String]>([])
    let typed = AdvBox(0)
    let received = AdvBox<[Int]>([])
    let token = viewModel.observe {
      On(.a)
        .started { phases.value.append("started") }
        .element { (_: String) in typed.value += 1 }
        .succeeded { phases.value.append("succeeded") }
        .failed { error in phases.value.append("failed \(error)") }
        .finished { phases.value.append("finished") }
    }
    let listeners = AdvListeners(viewModel, actions: [.a])
    await viewModel.dispatch(
      actionId: .a, elements: { [1, 2].async }, onElement: { _, value in received.value.append(value) }
    ).value
    #expect(received.value == [1, 2], "the mismatch stopped the run's own onElement")
    #expect(typed.value == 0, "a handler of the wrong type ran")
    #expect(phases.value == ["started", "succeeded", "finished"])
    #expect(listeners.kinds(listeners.early, of: .a) == [.started, .succeeded])
    #expect(listeners.violations() == [])
    token.cancel()
  }

  @Test func droppingItsOwnTokenInsideAFinishedHandlerStopsItForTheNextRun() async {
    let viewModel = AdvViewModel()
    let finished = AdvBox(0)
    let token = AdvBox<ObservationToken?>(nil)
    token.value = viewModel.observe {
      On(.row(7)).finished {
        finished.value += 1
        token.value = nil
      }
    }
    await viewModel.dispatch(actionId: .row(7), task: { 1 }).value
    await viewModel.dispatch(actionId: .row(7), task: { 2 }).value
    #expect(finished.value == 1, "a dropped token's handler ran again")
  }
}
