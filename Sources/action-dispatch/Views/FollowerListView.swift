import CommandLineKit
import Foundation
import GitHubFollowers
import Observation

/// The terminal view of a follower list: rows on standard output as the view model's
/// `followers` grow, then the JSON, the error, or a note that the list is empty.
///
/// It reads the view model the way a SwiftUI list does, through Observation: each change of
/// `followers` prints the rows not printed yet (at most `limit` in all). With `--json`, nothing
/// is printed until the list is complete, so standard output holds one valid JSON array or
/// nothing.
///
/// ```swift
/// let view = FollowerListView(
///   viewModel: viewModel, username: "octocat", context: context, spinner: spinner, json: false, limit: 30)
/// view.startUpdating()
/// await viewModel.fetchFollowers(for: "octocat").value
/// return view.finish(error: viewModel.error(for: .fetchFollowers))
/// ```
@MainActor
final class FollowerListView {
  private let viewModel: FollowersViewModel
  private let username: String
  private let context: CommandContext
  private let json: Bool
  private let limit: Int
  private var table: FollowerTable
  private var shownCount = 0
  private let spinner: Spinner
  private var isUpdating = false

  /// Creates the view; it shows nothing until ``startUpdating()``.
  ///
  /// - Parameters:
  ///   - viewModel: The view model whose `followers` to show.
  ///   - username: The user whose followers these are, for the messages.
  ///   - context: Where to write.
  ///   - spinner: The progress spinner, whose line is cleared while rows are written.
  ///   - json: Whether to print one JSON array at the end instead of table rows.
  ///   - limit: The most followers to show; `Int.max` for all.
  init(
    viewModel: FollowersViewModel, username: String, context: CommandContext, spinner: Spinner, json: Bool, limit: Int
  ) {
    self.viewModel = viewModel
    self.username = username
    self.context = context
    self.spinner = spinner
    self.json = json
    self.limit = limit
    self.table = FollowerTable(styleHeader: context.output.allowsColor)
  }

  /// Starts printing rows whenever the view model's `followers` change.
  func startUpdating() {
    isUpdating = true
    track()
  }

  /// Prints what is left, stops updating, and writes the JSON or the error, then the notes.
  ///
  /// - Parameters:
  ///   - error: The view model's error for the action that ended the list, if any.
  ///   - notes: What the user should know about the list, such as followers listed twice.
  /// - Returns: ``ExitCode/failure`` after an error, else ``ExitCode/success``.
  func finish(error: String?, notes: [String] = []) -> ExitCode {
    showNewRows()
    isUpdating = false
    spinner.stop()
    defer { notes.forEach(context.reportNote) }
    if let error {
      context.reportError(error)
      if shownCount > 0 {
        let what = shownCount == 1 ? "1 follower" : "\(shownCount) followers"
        context.reportNote(
          json
            ? "fetched \(what) before the error; no JSON was written."
            : "listed \(what) before the error; the list above is incomplete.")
      }
      return .failure
    }
    if json {
      context.output.write(JSONOutput.text(Array(viewModel.followers.prefix(limit))))
    } else if shownCount == 0 {
      context.errorOutput.write("\(username) has no followers.\n")
    }
    return .success
  }

  /// Registers for the next change of `followers`; the change prints the new rows and registers again.
  private func track() {
    guard isUpdating else { return }
    withObservationTracking {
      _ = viewModel.followers
    } onChange: { [weak self] in
      // Called before the change is stored: print on the main actor once it is.
      Task { @MainActor in
        self?.showNewRows()
        self?.track()
      }
    }
  }

  /// Prints the rows between the last shown one and the limit.
  private func showNewRows() {
    let available = min(viewModel.followers.count, limit)
    guard available > shownCount else { return }
    let rows = viewModel.followers[shownCount..<available]
    shownCount = available
    guard !json else { return }
    let text = table.render(rows)
    spinner.withLineCleared { context.output.write(text) }
  }
}
