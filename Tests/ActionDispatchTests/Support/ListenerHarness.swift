import ActionDispatch

/// Attaches every kind of listener to a ``RowViewModel`` — its hooks, one `observe { On(...) }`
/// per action, and an `observeEvents` handler — recording into one ``ListenerLog``, and lets a
/// test react from inside any of them.
///
/// It holds the view model weakly, so a test can release it.
@MainActor
final class ListenerHarness {
  let log = ListenerLog()
  /// Runs inside every listener callback, after it was recorded.
  var react: @MainActor (ListenerLog.Entry) -> Void = { _ in }
  var onToken: ObservationToken?
  var eventsToken: ObservationToken?
  weak var viewModel: RowViewModel?

  init(_ viewModel: RowViewModel, observing actions: [RowAction]) {
    self.viewModel = viewModel
    viewModel.statusHook = { [weak self] action, isLoading in
      self?.record(.hook, action, "loading(\(isLoading))")
    }
    viewModel.successHook = { [weak self] action, _ in self?.record(.hook, action, "succeeded") }
    viewModel.errorHook = { [weak self] action, _ in self?.record(.hook, action, "failed") }
    onToken = viewModel.observe {
      for action in actions {
        On(action)
          .started { [weak self] in self?.record(.on, action, "started") }
          .element { [weak self] (_: Int) in self?.record(.on, action, "element") }
          .succeeded { [weak self] in self?.record(.on, action, "succeeded") }
          .failed { [weak self] _ in self?.record(.on, action, "failed") }
          .cancelled { [weak self] in self?.record(.on, action, "cancelled") }
          .finished { [weak self] in self?.record(.on, action, "finished") }
      }
    }
    eventsToken = viewModel.observeEvents { [weak self] event in
      self?.record(.events, event.actionId, Self.phase(of: event.kind), run: event.run)
    }
  }

  func record(_ listener: ListenerLog.Entry.Listener, _ action: RowAction, _ phase: String, run: UInt64? = nil) {
    let entry = ListenerLog.Entry(listener: listener, action: action, phase: phase, run: run)
    log.enter(entry) { react(entry) }
  }

  /// What one listener saw, as `action.phase` strings, for whole-sequence expectations.
  func seen(by listener: ListenerLog.Entry.Listener) -> [String] {
    log.entries(of: listener).map { "\($0.action).\($0.phase)" }
  }

  static func phase(of kind: ActionEvent<RowAction>.Kind) -> String {
    switch kind {
    case .started: "started"
    case .succeeded: "succeeded"
    case .failed: "failed"
    case .cancelled: "cancelled"
    case .dropped: "dropped"
    case .joined: "joined"
    case .fresh: "fresh"
    }
  }
}
