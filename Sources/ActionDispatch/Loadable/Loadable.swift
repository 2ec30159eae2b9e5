/// A value together with its action's loading and error: what a view shows for data it loads.
///
/// A view model keeps the value in a property of its own and reads the three together with
/// `loadable(_:of:)`; the last value stays while a new run loads
/// (stale-while-revalidate) and after a run fails, so a view shows it under a spinner or an
/// error instead of going blank:
///
/// ```swift
/// @MainActor @Observable
/// final class ProfileViewModel: BaseViewModel<ProfileAction> {
///   private(set) var profile: Profile?
///   var profileState: Loadable<Profile> { loadable(\.profile, of: .load) }
///   …
/// }
///
/// switch viewModel.profileState.phase {
/// case .idle: EmptyView()
/// case .loading: ProgressView()                      // nothing to show yet
/// case .loaded(let profile): ProfileCard(profile)    // also while refreshing: see isRefreshing
/// case .failed(let message): ErrorBanner(message)
/// }
/// ```
///
/// Reading it is observable per action, like ``BaseViewModel/isLoading(for:)``: a view that
/// reads one action's `Loadable` is not invalidated by another action, only by this action's
/// loading and error and by the value's property.
public struct Loadable<Value> {
  /// What a view shows first: a value if there is one, else the first load, else the error.
  ///
  /// A value wins over a new load and over an error, so a refresh never blanks the screen;
  /// show ``Loadable/isRefreshing`` and ``Loadable/errorMessage`` beside it.
  public enum Phase {
    /// Nothing loaded, nothing loading, no error.
    case idle
    /// The first load is in flight: no value to show yet.
    case loading
    /// A value to show; a new run may be loading (``Loadable/isRefreshing``) or may have failed
    /// (``Loadable/errorMessage``).
    case loaded(Value)
    /// The last run failed and there is no value to show.
    case failed(String)
  }

  /// The last value the action delivered, kept while a new run loads and after one fails.
  public let value: Value?
  /// Whether the action has a run in flight.
  public let isLoading: Bool
  /// The action's last error, until it is dispatched again or the error is cleared.
  public let failure: (any Error)?
  /// The error's message, as ``BaseViewModel/errorMessage(for:)`` shows it.
  public let errorMessage: String?

  /// Creates the combined state.
  ///
  /// - Parameters:
  ///   - value: The last value, if any.
  ///   - isLoading: Whether a run is in flight.
  ///   - failure: The last error, if any.
  ///   - errorMessage: The error's message, if any.
  public init(value: Value?, isLoading: Bool, failure: (any Error)?, errorMessage: String?) {
    self.value = value
    self.isLoading = isLoading
    self.failure = failure
    self.errorMessage = errorMessage
  }

  /// Creates the combined state, with the error's message as ``BaseViewModel/errorMessage(for:)``
  /// shows it.
  ///
  /// - Parameters:
  ///   - value: The last value, if any.
  ///   - isLoading: Whether a run is in flight.
  ///   - failure: The last error, if any.
  public init(value: Value?, isLoading: Bool, failure: (any Error)?) {
    self.init(value: value, isLoading: isLoading, failure: failure, errorMessage: failure.map(ErrorMessage.describe))
  }

  /// Whether a run is loading while an older value is shown: the stale-while-revalidate case.
  public var isRefreshing: Bool { isLoading && value != nil }

  /// What to show: the value if there is one, else the load in flight, else the error, else nothing.
  public var phase: Phase {
    if let value { return .loaded(value) }
    if isLoading { return .loading }
    if let errorMessage { return .failed(errorMessage) }
    return .idle
  }
}

extension Loadable: Sendable where Value: Sendable {}

extension Loadable.Phase: Sendable where Value: Sendable {}

/// Two phases are equal when they are the same case with equal values or messages, so a test can
/// write `#expect(viewModel.issuesState.phase == .loaded([]))`.
extension Loadable.Phase: Equatable where Value: Equatable {}
