import CommandLineKit
import Foundation
import GitHubFollowers

/// What the spinner says while the client waits to retry a request: that it is waiting, why,
/// and until when, instead of a progress line that looks stuck.
///
/// The client reports each wait through `GitHubClient.Configuration.onRetryWait`, on its own
/// task; ``report`` carries it to the main actor, where the spinner reads ``message(now:)``
/// for every frame:
///
/// ```swift
/// let waits = RetryWaitNotice()
/// let service = options.makeService(environment: context.environment, onRetryWait: waits.report)
/// // Spinner text: waits.message(now: Date()) ?? "Fetching the profile of octocat…"
/// ```
@MainActor
final class RetryWaitNotice {
  private var current: (until: Date, text: String)?
  /// Told each wait as it starts, with ``message(now:)``'s line and the path waited for:
  /// `browse` puts it on its status line.
  var onShow: ((String) -> Void)?

  /// Creates a notice that shows nothing until a wait is reported.
  init() {}

  /// Passes a wait to the main actor; give it to `makeService(environment:onRetryWait:)`.
  nonisolated var report: @Sendable (GitHubClient.RetryWait) -> Void {
    { [weak self] wait in
      let until = Date().addingTimeInterval(Self.seconds(wait.delay))
      Task { @MainActor in self?.show(wait, until: until) }
    }
  }

  /// The line to show while a wait lasts, such as "Waiting until 14:05:07 UTC (40 s) to retry:
  /// GitHub's secondary rate limit" (short enough for an 80-column terminal); `nil` when none does.
  ///
  /// - Parameter now: The current time.
  /// - Returns: The line, or `nil`.
  func message(now: Date) -> String? {
    guard let current, current.until > now else { return nil }
    let left = max(1, Int(current.until.timeIntervalSince(now).rounded(.up)))
    return "Waiting until \(Self.clockTime(current.until)) (\(left) s) to retry: \(current.text)"
  }

  private func show(_ wait: GitHubClient.RetryWait, until: Date) {
    current = (until, Self.why(wait.reason))
    if let onShow, let line = message(now: Date()) { onShow(line + " (\(wait.url.path))") }
  }

  /// Why the client waits, in at most 30 characters.
  static func why(_ reason: GitHubError) -> String {
    switch reason {
    case .secondaryRateLimit: "GitHub's secondary rate limit"
    case .serverError(let status, _): "GitHub answered HTTP \(status)"
    case .timeout: "GitHub did not answer in time"
    default: "the request failed"
    }
  }

  /// "14:05:07 UTC".
  static func clockTime(_ date: Date) -> String {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = TimeZone(secondsFromGMT: 0) ?? calendar.timeZone
    let parts = calendar.dateComponents([.hour, .minute, .second], from: date)
    return String(format: "%02d:%02d:%02d UTC", parts.hour ?? 0, parts.minute ?? 0, parts.second ?? 0)
  }

  private nonisolated static func seconds(_ duration: Duration) -> TimeInterval {
    let (seconds, attoseconds) = duration.components
    return TimeInterval(seconds) + TimeInterval(attoseconds) / 1e18
  }
}
