/// When a view model shows an action's loading indicator: after a delay, and then for at least
/// a minimum time, so that a spinner never flashes on a fast load or vanishes right after it appeared.
///
/// ```swift
/// super.init(loadingIndicator: LoadingIndicator(delay: .milliseconds(150), minimumDuration: .milliseconds(500)))
/// // SwiftUI:
/// if viewModel.isShowingLoading(for: .load) { ProgressView() }
/// ```
///
/// ``BaseViewModel/isShowingLoading(for:)`` becomes `true` only after the action has been
/// loading continuously for ``delay``; once `true`, it stays `true` for at least
/// ``minimumDuration``, even if loading ended sooner (and longer, while the action loads). A
/// load that ends before ``delay`` never shows it. Both are measured on the view model's clock.
public struct LoadingIndicator: Sendable, Hashable {
  /// How long an action must have been loading before the indicator shows.
  public var delay: Duration
  /// How long the indicator stays once shown, at least.
  public var minimumDuration: Duration

  /// Creates an indicator timing.
  ///
  /// - Parameters:
  ///   - delay: How long an action must have been loading before the indicator shows; negative
  ///     values count as zero.
  ///   - minimumDuration: How long the indicator stays once shown, at least; negative values
  ///     count as zero.
  public init(delay: Duration, minimumDuration: Duration) {
    self.delay = max(delay, .zero)
    self.minimumDuration = max(minimumDuration, .zero)
  }

  /// No delay and no minimum: ``BaseViewModel/isShowingLoading(for:)`` equals
  /// ``BaseViewModel/isLoading(for:)`` and costs nothing more. The default.
  public static let immediate = LoadingIndicator(delay: .zero, minimumDuration: .zero)

  /// Whether this is ``immediate``.
  var isImmediate: Bool { delay == .zero && minimumDuration == .zero }
}
