import ActionDispatch
import Testing

/// A token cancelled or released lets go of its handlers at once, and of what they capture, with
/// no event needed to sweep them: a handler that captures its view model (or anything holding it)
/// no longer keeps it alive once its token is gone.
@MainActor
@Suite struct ObservationTokenReleaseTests {
  /// Something a handler captures; weakly watched to see when it is released.
  final class Captured {}

  @Test func droppingAnOnTokenReleasesWhatItsHandlersCaptureWithNoEvent() {
    let viewModel = RowViewModel()
    weak var watched: Captured?
    var token: ObservationToken?
    do {
      let captured = Captured()
      watched = captured
      token = viewModel.observe {
        On(.a).started { _ = captured }
        On(.b).finished { _ = captured }
      }
    }
    #expect(watched != nil, "the registration did not keep its handlers while the token was held")
    token = nil
    #expect(watched == nil, "the view model kept a released token's handlers")
    _ = token
  }

  @Test func cancellingAnObserveEventsTokenReleasesItsHandler() {
    let viewModel = RowViewModel()
    weak var watched: Captured?
    let token: ObservationToken
    do {
      let captured = Captured()
      watched = captured
      token = viewModel.observeEvents { _ in _ = captured }
    }
    #expect(watched != nil)
    token.cancel()
    #expect(watched == nil, "the view model kept a cancelled token's event handler")
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
    weak var watched: Captured?
    var dropped: ObservationToken?
    do {
      let captured = Captured()
      watched = captured
      dropped = viewModel.observe {
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
    #expect(watched == nil, "the token dropped in its own handler kept its handlers")
    #expect(viewModel.isLoading(for: .a) == false)
    other.cancel()
  }

  @Test func anEventHandlerThatDropsItsOwnTokenHearsNoMoreAndTheOthersHearEverything() async {
    let viewModel = RowViewModel()
    var dropping: [ActionEvent<RowAction>.Kind] = []
    var other: [ActionEvent<RowAction>.Kind] = []
    weak var watched: Captured?
    var token: ObservationToken?
    do {
      let captured = Captured()
      watched = captured
      token = viewModel.observeEvents { event in
        _ = captured
        dropping.append(event.kind)
        token = nil
      }
    }
    let kept = viewModel.observeEvents { other.append($0.kind) }
    await viewModel.dispatch(actionId: .a, task: { 1 }).value
    #expect(dropping == [.started])
    #expect(other == [.started, .succeeded])
    #expect(token == nil && watched == nil, "the handler that dropped its token was kept")
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
