/// The version of the ActionDispatch package.
///
/// Sent in the default `User-Agent` (`GitHubClient.Configuration.userAgent`) and printed by
/// `action-dispatch --version`.
///
/// ```swift
/// print("action-dispatch \(ActionDispatchVersion.current)")   // action-dispatch 0.1.0
/// ```
public enum ActionDispatchVersion {
  /// The package's semantic version.
  public static let current = "0.1.0"
}
