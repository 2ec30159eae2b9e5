import ActionDispatch
import ActionDispatchTesting
import Foundation
import Testing

/// Issue 10, items 1 and 3 (`On` half): observers hear only runs that start after `observe`, and a
/// token cancelled inside a handler stops that registration's later handlers.
@MainActor
extension ObserveBuilderTests {
  // MARK: 1. Observers hear only runs that start after `observe`

  @Test func observerRegisteredMidRunHearsNothingOfThatRunWhenItSucceeds() async {
    let viewModel = RowViewModel()
    let gate = Gate()
    let inFlight = viewModel.dispatch(actionId: .a, task: { try await gate.pass() })
    await gate.arrivals(1)
    var seen: [String] = []
    let token = viewModel.observe {
      On(.a)
        .started { seen.append("started") }
        .succeeded { seen.append("succeeded") }
        .cancelled { seen.append("cancelled") }
        .finished { seen.append("finished") }
    }
    gate.open()
    await inFlight.value
    #expect(seen == [], "a run already in flight when observe was called was delivered to it")
    await viewModel.dispatch(actionId: .a, task: { 2 }).value
    #expect(seen == ["started", "succeeded", "finished"])
    token.cancel()
  }

  @Test func observerRegisteredMidRunHearsNothingOfThatRunWhenItIsCancelled() async {
    let viewModel = RowViewModel()
    let gate = Gate()
    let inFlight = viewModel.dispatch(actionId: .a, task: { try await gate.pass() })
    await gate.arrivals(1)
    var seen: [String] = []
    let token = viewModel.observe {
      On(.a)
        .started { seen.append("started") }
        .cancelled { seen.append("cancelled") }
        .finished { seen.append("finished") }
    }
    viewModel.cancel(.a)
    await inFlight.value
    #expect(seen == [])
    token.cancel()
  }

  // MARK: 5. A cancelled token stops its handlers at once

  @Test func cancellingTheTokenInsideASucceededHandlerStopsTheSameOnsNextHandlers() async {
    let viewModel = RowViewModel()
    var calls: [String] = []
    var token: ObservationToken?
    token = viewModel.observe {
      On(.a)
        .succeeded {
          calls.append("first succeeded")
          token?.cancel()
        }
        .succeeded { calls.append("second succeeded") }
        .finished { calls.append("finished") }
    }
    await viewModel.dispatch(actionId: .a, task: { 1 }).value
    #expect(calls == ["first succeeded"])
  }

  @Test func cancellingTheTokenInsideAStartedHandlerStopsTheOtherOnsOfTheSameToken() async {
    let viewModel = RowViewModel()
    var calls: [String] = []
    var token: ObservationToken?
    token = viewModel.observe {
      On(.a).started {
        calls.append("a started")
        token?.cancel()
      }
      On(.a).started { calls.append("second On started") }.finished { calls.append("second On finished") }
    }
    await viewModel.dispatch(actionId: .a, task: { 1 }).value
    #expect(calls == ["a started"])
  }
}
