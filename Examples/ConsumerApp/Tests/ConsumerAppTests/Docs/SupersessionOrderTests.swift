import ActionDispatch
import ActionDispatchTesting
import Testing

@testable import ConsumerApp

/// The order of events when `.cancelPrevious` supersedes a run, as "Choosing a policy" states it.
@MainActor
@Suite(.serialExecutor) struct SupersessionOrderTests {
  @Test func theNewRunStartsBeforeTheOldOneEndsAsCancelled() async {
    let viewModel = BaseViewModel<SearchAction>()
    let gate = Gate()
    let recorder = EventRecorder(viewModel)

    // snippet: supersession-order
    let first = viewModel.dispatch(actionId: .search, policy: .cancelPrevious, task: { try await gate.pass() })
    await gate.arrivals(1)
    let second = viewModel.dispatch(actionId: .search, policy: .cancelPrevious, task: { ["octocat"] })
    await first.value
    await second.value

    let run1 = recorder.rawEvents[0].run
    #expect(
      recorder.rawEvents.map { "\($0.kind)(\($0.run == run1 ? 1 : 2))" } == [
        "started(1)", "started(2)", "cancelled(1)", "succeeded(2)",
      ])
    // end snippet: supersession-order
  }

  @Test func bothEventsAreEmittedBeforeDispatchReturnsAndLoadingStaysOn() async {
    let viewModel = BaseViewModel<SearchAction>()
    let gate = Gate()
    let recorder = EventRecorder(viewModel)
    var loading: [Bool] = []
    let token = viewModel.observeEvents { _ in loading.append(viewModel.isLoading(for: .search)) }

    let first = viewModel.dispatch(actionId: .search, policy: .cancelPrevious, task: { try await gate.pass() })
    await gate.arrivals(1)
    let second = viewModel.dispatch(actionId: .search, policy: .cancelPrevious, task: { ["octocat"] })

    #expect(recorder.events == [.started(.search), .started(.search), .cancelled(.search)])
    #expect(loading == [true, true, true])
    await first.value
    await second.value
    #expect(!viewModel.isLoading(for: .search))
    token.cancel()
  }
}
