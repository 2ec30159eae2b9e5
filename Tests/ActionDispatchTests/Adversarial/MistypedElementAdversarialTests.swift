import ActionDispatch
import ActionDispatchTesting
import Testing

/// `UnexpectedResultTypeError`: "A typed `succeeded` (or `element`) handler … It is reported
/// loudly — on standard error, and to the same `On`'s `failed` handlers".
@MainActor
@Suite(.timeLimit(.minutes(1)))
struct MistypedElementAdversarialTests {
  @Test func aWrongTypedElementHandlerIsReportedToThatOnsFailedHandlers() async {
    let viewModel = AdvViewModel()
    let reported = AdvBox<[UnexpectedResultTypeError]>([])
    let typed = AdvBox(0)
    let received = AdvBox<[Int]>([])
    let token = viewModel.observe {
      On(.a)
        .element { (_: String) in typed.value += 1 }
        .failed { error in
          if let error = error as? UnexpectedResultTypeError { reported.value.append(error) }
        }
    }
    let listeners = AdvListeners(viewModel, actions: [.a])
    await viewModel.dispatch(
      actionId: .a, elements: { [1, 2].async }, onElement: { (value: Int) in received.value.append(value) }
    ).value
    #expect(received.value == [1, 2] && typed.value == 0)
    #expect(!reported.value.isEmpty, "an element of the wrong type went only to standard error")
    #expect(reported.value.allSatisfy { $0.phase == "element" })
    #expect(listeners.kinds(listeners.early, of: .a) == [.started, .succeeded])
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
