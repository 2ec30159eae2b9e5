/// Keeps the handlers registered by ``BaseViewModel/observe(_:)`` alive.
///
/// Hold on to it for as long as you want the handlers to run. Dropping it, or calling
/// ``cancel()``, stops them at once.
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

  init() {}

  /// Stops the handlers; they will not run again.
  public func cancel() {
    isCancelled = true
  }
}
