import ActionDispatch
import ActionDispatchTesting
import Foundation
import Testing

/// Issue 10, item 3 (events half): the token of an `observeEvents` handler cancelled inside that
/// handler stops it.
@MainActor
extension EventsTests {
  @Test func cancellingAnEventsTokenInsideItsHandlerStopsIt() async {
    let viewModel = RowViewModel()
    var kinds: [ActionEvent<RowAction>.Kind] = []
    var token: ObservationToken?
    token = viewModel.observeEvents { event in
      kinds.append(event.kind)
      token?.cancel()
    }
    await viewModel.dispatch(actionId: .a, task: { 1 }).value
    #expect(kinds == [.started])
  }
}
