/// A login as it came in: its text, checked once there, with the result kept for every request
/// made for it.
///
/// A view model's `String` method makes one, so that a malformed name fails the run that would
/// have sent it, with `GitHubError/invalidUsername(_:reason:)`, and a valid one goes on as a
/// `GitHubUsername` that nothing checks again.
///
/// ```swift
/// let login = LoginInput("octocat")
/// let user = try login.get()   // the GitHubUsername, or the error
/// ```
struct LoginInput: Sendable {
  /// The text as given.
  let text: String
  /// The login, or why the text is not one.
  let checked: Result<GitHubUsername, GitHubError>

  /// Checks text where it comes in.
  init(_ text: String) {
    self.text = text
    checked = Result { () throws(GitHubError) in try GitHubUsername(text) }
  }

  /// A login already checked.
  init(_ user: GitHubUsername) {
    text = user.rawValue
    checked = .success(user)
  }

  /// The login.
  ///
  /// - Throws: `GitHubError/invalidUsername(_:reason:)` when the text is not a login.
  func get() throws(GitHubError) -> GitHubUsername {
    try checked.get()
  }
}
