import ActionDispatch

/// Records every run's lifecycle of a view model, in order, as it happens.
///
/// Attach it before acting; then a lifecycle test is one expectation:
///
/// ```swift
/// @Test func fetchFollowersLifecycle() async {
///   let viewModel = FollowersViewModel(service: MockFollowersService())
///   let recorder = EventRecorder(viewModel)
///   await viewModel.fetchFollowers(for: "octocat").value
///   #expect(recorder.events == [.started(.fetchFollowers), .succeeded(.fetchFollowers)])
/// }
/// ```
///
/// Recording is synchronous (through `BaseViewModel.observeEvents(_:)`),
/// so once a run's task has been awaited, all of its events are here.
@MainActor
public final class EventRecorder<ActionId: ActionIdType> {
  /// Every event, with run numbers, durations and error messages.
  public private(set) var rawEvents: [ActionEvent<ActionId>] = []
  private var token: ObservationToken?

  /// Starts recording the view model's events.
  ///
  /// - Parameter viewModel: The view model to record; it is not retained.
  public init(_ viewModel: BaseViewModel<ActionId>) {
    token = viewModel.observeEvents { [weak self] event in
      self?.rawEvents.append(event)
    }
  }

  /// Every event, in the form tests write as literals.
  public var events: [RecordedEvent<ActionId>] {
    rawEvents.map(RecordedEvent.init)
  }

  /// The events of one action.
  ///
  /// - Parameter actionId: The action.
  /// - Returns: That action's events, in order.
  public func events(for actionId: ActionId) -> [RecordedEvent<ActionId>] {
    events.filter { $0.actionId == actionId }
  }

  /// The error messages of failed runs, in order.
  public var errorMessages: [String] {
    rawEvents.compactMap(\.errorMessage)
  }

  /// Forgets what was recorded so far; recording goes on.
  public func reset() {
    rawEvents.removeAll()
  }

  /// Stops recording.
  public func stop() {
    token?.cancel()
    token = nil
  }
}
