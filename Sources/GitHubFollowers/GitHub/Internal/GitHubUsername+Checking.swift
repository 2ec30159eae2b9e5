extension GitHubUsername {
  /// Checks text where it comes in, keeping the error for the run that would have sent it.
  ///
  /// - Parameter text: The login as given.
  /// - Returns: The login, or ``GitHubError/invalidUsername(_:reason:)``.
  static func checking(_ text: String) -> Result<GitHubUsername, GitHubError> {
    Result { () throws(GitHubError) in try GitHubUsername(text) }
  }
}

extension Result<GitHubUsername, GitHubError> {
  /// The login's text: as checked, or as given when it was malformed.
  var text: String {
    switch self {
    case .success(let user): user.rawValue
    case .failure(.invalidUsername(let given, _)): given
    case .failure(let error): error.description
    }
  }
}
