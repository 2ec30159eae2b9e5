import ActionDispatch
import ActionDispatchTesting
import Testing

/// `events()`: "Each call returns its own stream; a stream that is dropped or whose consuming task
/// is cancelled stops receiving. Events are buffered, so a slow reader misses none"; "it finishes
/// when the view model is released". `observe`: "Cancelling or dropping the token stops the
/// handlers at once, even between two handlers of the same phase"; `On`: "A typed `succeeded`
/// handler whose type does not match … this `On`'s `failed` handlers receive an
/// `UnexpectedResultTypeError`".
@MainActor
@Suite
struct EventsAndTokensAdversarialTests {
  /// Collects the first `count` events of a stream.
  private func collect(
    _ stream: AsyncStream<ActionEvent<AdvAction>>, count: Int
  ) -> Task<[ActionEvent<AdvAction>], Never> {
    Task {
      var seen: [ActionEvent<AdvAction>] = []
      for await event in stream {
        seen.append(event)
        if seen.count == count { break }
      }
      return seen
    }
  }

  @Test func fiftyStreamsEachSeeExactlyWhatTheSynchronousListenerSawInTheSameOrder() async {
    let viewModel = AdvViewModel()
    let streams = (0..<50).map { _ in viewModel.events() }
    let listeners = AdvListeners(viewModel, actions: [.a, .b])
    let gate = Gate()
    let tasks = [
      viewModel.dispatch(actionId: .a, policy: .ignoreWhileRunning, task: { try await gate.pass() }),
      viewModel.dispatch(actionId: .a, policy: .ignoreWhileRunning, task: { 1 }),
      viewModel.dispatch(actionId: .b, task: { () async throws -> Int in throw TestError() }),
      viewModel.dispatch(actionId: .b, policy: .cancelPrevious, task: { 2 }),
    ]
    gate.open()
    for task in tasks { await task.value }
    let expected = listeners.early
    #expect(expected.count == 7)
    let collectors = streams.map { collect($0, count: expected.count) }
    for collector in collectors {
      #expect(await collector.value == expected)
    }
  }

  @Test func aConsumerThatStopsIteratingLeavesTheOtherStreamsWhole() async {
    let viewModel = AdvViewModel()
    let quitter = collect(viewModel.events(), count: 1)
    let stayer = collect(viewModel.events(), count: 6)
    await viewModel.dispatch(actionId: .a, task: { 1 }).value
    #expect(await quitter.value.map(\.kind) == [.started])
    await viewModel.dispatch(actionId: .a, task: { 2 }).value
    await viewModel.dispatch(actionId: .a, task: { 3 }).value
    #expect(await stayer.value.map(\.kind) == [.started, .succeeded, .started, .succeeded, .started, .succeeded])
  }

  @Test func aStreamFinishesWhenTheViewModelIsReleasedAndAStreamMadeMidRunHearsNoneOfThatRun() async {
    var viewModel: AdvViewModel? = AdvViewModel()
    let gate = Gate()
    let run = viewModel!.dispatch(actionId: .a, task: { await gate.passIgnoringCancellation() })
    let late = viewModel!.events()
    let consumer = Task {
      var seen: [ActionEvent<AdvAction>] = []
      for await event in late { seen.append(event) }
      return seen
    }
    viewModel = nil
    gate.open()
    await run.value
    #expect(await consumer.value.isEmpty, "a stream made mid-run heard that run, or did not finish")
  }

  @Test func aTokenCancelledInItsOwnFirstStartedHandlerRunsNeitherItsSecondStartedNorAnyLaterPhase() async {
    let viewModel = AdvViewModel()
    let seen = AdvBox<[String]>([])
    let token = AdvBox<ObservationToken?>(nil)
    token.value = viewModel.observe {
      On(.a)
        .started {
          seen.value.append("started1")
          token.value?.cancel()
        }
        .started { seen.value.append("started2") }
        .succeeded { seen.value.append("succeeded") }
        .finished { seen.value.append("finished") }
    }
    let listeners = AdvListeners(viewModel, actions: [.a])
    await viewModel.dispatch(actionId: .a, task: { 1 }).value
    #expect(seen.value == ["started1"])
    #expect(listeners.phases[.a] == ["started", "succeeded", "finished"])
  }

  @Test func droppingAnotherObserversTokenInsideAStartedHandlerStopsItBeforeItsStartedRuns() async {
    let viewModel = AdvViewModel()
    let seen = AdvBox<[String]>([])
    let other = AdvBox<ObservationToken?>(nil)
    let first = viewModel.observe {
      On(.a).started {
        seen.value.append("first")
        other.value = nil  // dropping, not cancelling
      }
    }
    other.value = viewModel.observe {
      On(.a).started { seen.value.append("other") }.finished { seen.value.append("other finished") }
    }
    await viewModel.dispatch(actionId: .a, task: { 1 }).value
    #expect(seen.value == ["first"], "a dropped token's handlers still ran")
    first.cancel()
  }

  @Test func aWrongTypedSucceededHandlerIsReportedToThatOnsFailedHandlersOnly() async {
    let viewModel = AdvViewModel()
    let seen = AdvBox<[String]>([])
    let reported = AdvBox<[UnexpectedResultTypeError]>([])
    let token = viewModel.observe {
      On(.row(1))
        .succeeded { (_: String) in seen.value.append("typed") }
        .succeeded { seen.value.append("untyped") }
        .failed { error in
          if let error = error as? UnexpectedResultTypeError { reported.value.append(error) }
          seen.value.append("failed")
        }
        .finished { seen.value.append("finished") }
      On(.row(2)).failed { _ in seen.value.append("row2 failed") }.started { seen.value.append("row2 started") }
      On(.row(1)).failed { _ in seen.value.append("other On failed") }
    }
    let listeners = AdvListeners(viewModel, actions: [.row(1)])
    await viewModel.dispatch(actionId: .row(1), task: { 42 }).value
    #expect(reported.value.count == 1, "the mismatch was not reported to the On's failed handler")
    #expect(reported.value.first?.phase == "succeeded")
    #expect(!seen.value.contains("typed") && seen.value.contains("untyped") && seen.value.contains("finished"))
    #expect(!seen.value.contains("other On failed"), "another On heard this On's type mismatch")
    #expect(!seen.value.contains { $0.hasPrefix("row2") }, "On(.row(2)) heard a run of row 1")
    #expect(viewModel.failure(for: .row(1)) == nil, "a handler's type mismatch became the action's error")
    #expect(listeners.kinds(listeners.early, of: .row(1)) == [.started, .succeeded])
    token.cancel()
  }
}
