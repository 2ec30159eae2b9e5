import CommandLineKit
import Foundation
import GitHubFollowers

/// The terminal view of a follower list as it streams: rows (or JSON elements) on standard
/// output as each page's followers arrive, then the end of the JSON array, the error, or a note
/// that the list is empty.
///
/// Nothing is kept once written: the table keeps its column width, the JSON stream its count.
/// With `--json`, the array is closed whatever happens, so standard output always holds one
/// valid JSON array, complete unless the exit status says otherwise.
///
/// ```swift
/// let view = FollowerListView(username: "octocat", context: context, spinner: spinner, json: false)
/// await viewModel.loadAllPages(for: "octocat", onFollowers: view.show).value
/// return view.finish(error: viewModel.errorMessage(for: .loadAllPages))
/// ```
@MainActor
final class FollowerListView {
  private let username: String
  private let context: CommandContext
  private let json: Bool
  private var table: FollowerTable
  private var array = JSONArrayStream()
  private var shownCount = 0
  private let spinner: Spinner

  /// Creates the view; it shows nothing until followers arrive.
  ///
  /// - Parameters:
  ///   - username: The user whose followers these are, for the messages.
  ///   - context: Where to write.
  ///   - spinner: The progress spinner, whose line is cleared while rows are written.
  ///   - json: Whether to write a JSON array instead of table rows.
  init(username: String, context: CommandContext, spinner: Spinner, json: Bool) {
    self.username = username
    self.context = context
    self.spinner = spinner
    self.json = json
    self.table = FollowerTable(styleHeader: context.output.allowsColor)
  }

  /// Writes followers as rows, or as the array's next elements, and forgets them.
  ///
  /// - Parameter followers: The followers to show, in order.
  func show(_ followers: [Follower]) {
    guard !followers.isEmpty else { return }
    shownCount += followers.count
    let text = json ? array.append(followers) : table.render(followers)
    spinner.withLineCleared { context.output.write(text) }
  }

  /// Ends the JSON array begun on standard output, when the list is interrupted (Ctrl-C), so
  /// that what was written stays valid JSON.
  func interrupted() {
    if json, array.count > 0 { context.output.write(array.close()) }
  }

  /// Stops the spinner, ends the JSON array, and writes the error or the notes.
  ///
  /// - Parameters:
  ///   - error: The view model's error for the action that ended the list, if any.
  ///   - notes: What the user should know about the list, such as followers listed twice.
  /// - Returns: ``ExitCode/failure`` after an error, else ``ExitCode/success``.
  func finish(error: String?, notes: [String] = []) -> ExitCode {
    spinner.stop()
    if json { context.output.write(array.close()) }
    defer { notes.forEach(context.reportNote) }
    if let error {
      context.reportError(error)
      if shownCount > 0 {
        let what = shownCount == 1 ? "1 follower" : "\(shownCount) followers"
        context.reportNote(
          json
            ? "wrote \(what) before the error; the JSON array is closed but incomplete."
            : "listed \(what) before the error; the list above is incomplete.")
      }
      return .failure
    }
    if !json, shownCount == 0 {
      context.errorOutput.write("\(username) has no followers.\n")
    }
    return .success
  }
}
