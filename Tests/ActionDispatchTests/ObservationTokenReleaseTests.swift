import ActionDispatch
import Testing

/// A token cancelled or released lets go of its handlers at once, and of what they capture, with
/// no event needed to sweep them: a handler that captures its view model (or anything holding it)
/// no longer keeps it alive once its token is gone.
@MainActor
@Suite struct ObservationTokenReleaseTests {
  /// Something a handler captures; weakly watched to see when it is released.
  final class Captured {}

  /// Watches a ``Captured`` weakly: `isAlive` turns false once nothing holds it.
  final class Watch {
    weak var object: Captured?
    var isAlive: Bool { object != nil }
  }

  /// Registers handlers through `register`, which is given the one object they capture, and
  /// puts the token in `token`: the object is held by the handlers alone once this returns, and
  /// the token by `token` alone.
  static func registering(into token: inout ObservationToken?, _ register: (Captured) -> ObservationToken) -> Watch {
    let captured = Captured()
    let watch = Watch()
    watch.object = captured
    token = register(captured)
    return watch
  }

  @Test func droppingAnOnTokenReleasesWhatItsHandlersCaptureWithNoEvent() {
    let viewModel = RowViewModel()
    var token: ObservationToken?
    let captured = Self.registering(into: &token) { captured in
      viewModel.observe {
        On(.a).started { _ = captured }
        On(.b).finished { _ = captured }
      }
    }
    #expect(captured.isAlive, "the registration did not keep its handlers while the token was held")
    token = nil
    #expect(!captured.isAlive, "the view model kept a released token's handlers")
    _ = token
  }

  @Test func cancellingAnObserveEventsTokenReleasesItsHandler() {
    let viewModel = RowViewModel()
    var token: ObservationToken?
    let captured = Self.registering(into: &token) { captured in viewModel.observeEvents { _ in _ = captured } }
    #expect(captured.isAlive)
    token?.cancel()
    #expect(!captured.isAlive, "the view model kept a cancelled token's event handler")
  }

  @Test func aHandlerThatCapturesItsViewModelNoLongerKeepsItOnceItsTokenIsGone() {
    weak var watched: RowViewModel?
    do {
      let viewModel = RowViewModel()
      watched = viewModel
      let token = viewModel.observe { On(.a).started { _ = viewModel } }
      let events = viewModel.observeEvents { _ in _ = viewModel }
      token.cancel()
      events.cancel()
    }
    #expect(watched == nil, "a view model captured by its own cancelled handlers was kept alive")
  }

  @Test func aTokenDroppedInsideAHandlerLetsTheOthersRunAndIsReleasedAfter() async {
    let viewModel = RowViewModel()
    var seen: [String] = []
    var dropped: ObservationToken?
    let captured = Self.registering(into: &dropped) { captured in
      viewModel.observe {
        On(.a)
          .started {
            _ = captured
            seen.append("dropping")
            dropped = nil
          }
          .finished { seen.append("finished after the drop") }
      }
    }
    let other = viewModel.observe {
      On(.a).started { seen.append("other started") }.finished { seen.append("other finished") }
    }
    await viewModel.dispatch(actionId: .a, task: { 1 }).value
    #expect(seen == ["dropping", "other started", "other finished"])
    #expect(dropped == nil)
    #expect(!captured.isAlive, "the token dropped in its own handler kept its handlers")
    #expect(viewModel.isLoading(for: .a) == false)
    other.cancel()
  }

  @Test func anEventHandlerThatDropsItsOwnTokenHearsNoMoreAndTheOthersHearEverything() async {
    let viewModel = RowViewModel()
    var dropping: [ActionEvent<RowAction>.Kind] = []
    var other: [ActionEvent<RowAction>.Kind] = []
    var token: ObservationToken?
    let captured = Self.registering(into: &token) { captured in
      viewModel.observeEvents { event in
        _ = captured
        dropping.append(event.kind)
        token = nil
      }
    }
    let kept = viewModel.observeEvents { other.append($0.kind) }
    await viewModel.dispatch(actionId: .a, task: { 1 }).value
    #expect(dropping == [.started])
    #expect(other == [.started, .succeeded])
    #expect(token == nil && !captured.isAlive, "the handler that dropped its token was kept")
    kept.cancel()
  }

  @Test func otherTokensOfTheSameActionKeepTheirHandlers() async {
    let viewModel = RowViewModel()
    var seen: [String] = []
    let kept = viewModel.observe { On(.a).succeeded { seen.append("kept") } }
    viewModel.observe { On(.a).succeeded { seen.append("dropped") } }.cancel()
    await viewModel.dispatch(actionId: .a, task: { 1 }).value
    #expect(seen == ["kept"])
    kept.cancel()
  }
}
