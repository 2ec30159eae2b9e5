/// How `action-dispatch` ends: its exit status, by name.
///
/// Scripts can rely on these values:
///
/// ```swift
/// exit(ExitCode.usageError.rawValue)   // 2: the command line was wrong, nothing was sent
/// ```
package enum ExitCode: Int32, Sendable {
  /// Everything worked. An empty list is a success too.
  case success = 0
  /// A request failed (not found, bad credentials, rate limit, network, undecodable response), or
  /// `scaffold` could not write its file.
  case failure = 1
  /// The command line was wrong (unknown option, missing argument, invalid username); nothing was sent.
  case usageError = 2
  /// Ctrl-C: the requests in flight were cancelled. 128 + SIGINT, as shells report it.
  case interrupted = 130
}
