/// A login that the default ``FollowersService/allFollowers(of:perPage:concurrency:limit:maxPages:)-(GitHubUsername,_,_,_,_)``
/// hands to the service's `String` form while it calls it: how the default `String` form knows
/// that its text was already checked.
///
/// The two defaults call each other through the protocol, so that a service implementing either
/// form is used from both. When a service implements neither, the `GitHubUsername` default calls
/// the `String` default with the login's text; finding this handoff (for the same service type
/// and the same text), the `String` default runs the pager with the login as it is, instead of
/// checking the text again and calling back. Text that is not this login is checked as usual,
/// so nothing unchecked ever skips the check.
struct CheckedLoginHandoff: Sendable {
  /// The handoff in effect while the `GitHubUsername` default calls the `String` form.
  @TaskLocal static var current: CheckedLoginHandoff?

  /// The conforming type whose default made the call.
  let service: ObjectIdentifier
  /// The login, checked.
  let user: GitHubUsername

  /// The login handed over for `text` on a `service`, or `nil` when `text` came from elsewhere.
  static func login<Service>(_ text: String, for service: Service.Type) -> GitHubUsername? {
    guard let current, current.service == ObjectIdentifier(service), current.user.rawValue == text else {
      return nil
    }
    return current.user
  }
}
