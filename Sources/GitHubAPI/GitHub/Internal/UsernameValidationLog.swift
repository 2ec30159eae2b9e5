import Foundation

/// The logins ``GitHubUsername/validate(_:)`` checked while a task (and the tasks it started)
/// ran: how the tests show that a login is checked once, where it comes in, and never again
/// on its way to a request.
///
/// ```swift
/// let log = UsernameValidationLog()
/// await UsernameValidationLog.$current.withValue(log) {
///   await viewModel.fetchFollowers(for: "octocat").value
/// }
/// #expect(log.names == ["octocat"])
/// ```
final class UsernameValidationLog: @unchecked Sendable {
  /// The log of the running task, if a test set one; `nil` (nothing is recorded) otherwise.
  @TaskLocal static var current: UsernameValidationLog?

  private let lock = NSLock()
  private var checked: [String] = []

  /// The logins checked, in order, valid or not.
  var names: [String] {
    lock.withLock { checked }
  }

  func record(_ name: String) {
    lock.withLock { checked.append(name) }
  }
}
