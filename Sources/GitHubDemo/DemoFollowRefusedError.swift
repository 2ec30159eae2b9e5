import GitHubAPI

/// The demo refuses to follow or unfollow ``DemoFixtures/unfollowableLogin``, so that
/// `action-dispatch browse --demo` can show a row whose action failed.
///
/// ```swift
/// do {
///   try await DemoFollowersService().follow(DemoFixtures.unfollowableLogin)
/// } catch {
///   print(error)   // The demo always refuses to change whether you follow brave-heron ...
/// }
/// ```
public struct DemoFollowRefusedError: Error, Sendable, Equatable, CustomStringConvertible {
  /// The login asked for.
  public let login: String

  /// Creates the error.
  ///
  /// - Parameter login: The login asked for.
  public init(login: String) {
    self.login = login
  }

  /// What happened, and that it is on purpose.
  public var description: String {
    "The demo always refuses to change whether you follow \(login), to show a failed row (no request was sent)."
  }
}
