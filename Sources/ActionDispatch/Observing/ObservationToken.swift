/// Keeps the handlers registered by ``BaseViewModel/observe(_:)`` alive.
///
/// Hold on to it for as long as you want the handlers to run. Dropping it, or calling
/// ``cancel()``, stops them at once, and the view model lets go of them then: what they
/// capture is released, with no event needed to sweep them.
///
/// ```swift
/// final class FollowersController {
///   private var observation: ObservationToken?
///
///   func bind(to viewModel: FollowersViewModel) {
///     observation = viewModel.observe {
///       On(.fetchFollowers).finished { [weak self] in self?.reload() }
///     }
///   }
/// }
/// ```
@MainActor
public final class ObservationToken {
  /// Whether ``cancel()`` was called.
  public private(set) var isCancelled = false

  /// Tells the view model that registered the handlers to let go of them; set once, by it.
  var onEnd: (@MainActor () -> Void)?

  init() {}

  /// Stops the handlers; they will not run again, and the view model lets go of them now.
  public func cancel() {
    guard !isCancelled else { return }
    isCancelled = true
    end()
  }

  /// Lets the view model forget the handlers (once).
  private func end() {
    guard let onEnd else { return }
    self.onEnd = nil
    onEnd()
  }

  isolated deinit {
    end()
  }
}
