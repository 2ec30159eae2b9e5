import ActionDispatch
import CommandLineKit
import Foundation
import GitHubFollowers
import Observation

/// Shows a view model's loading state in the terminal and makes Ctrl-C cancel its work.
///
/// The spinner follows the view model's `isShowingLoading(for:)` through Observation: with the
/// view model's ``LoadingIndicator`` (``LoadingPresenter/indicator`` in the tool) it appears
/// only once an action has loaded for a moment, so a fast load never flashes it. Ctrl-C cancels
/// every run of the view model and ends the process with ``ExitCode/interrupted``.
///
/// ```swift
/// let presenter = LoadingPresenter(viewModel: viewModel, actions: [.fetchProfile], context: context) {
///   "Fetching the profile of \(username)…"
/// }
/// defer { presenter.end() }
/// await viewModel.fetchProfile(for: username).value
/// ```
@MainActor
final class LoadingPresenter {
  /// The spinner on standard error; write rows inside its `withLineCleared(_:)`.
  let spinner: Spinner
  private let interrupt: InterruptHandler
  private weak var viewModel: BaseViewModel<FollowersAction>?
  private let actions: [FollowersAction]
  private var isPresenting = true
  /// What to do on Ctrl-C after cancelling, before the process exits, such as closing a JSON
  /// array already begun on standard output.
  var onInterrupt: (@MainActor () -> Void)? {
    get { interruptActions.last }
    set { interruptActions.last = newValue }
  }
  private let interruptActions = InterruptActions()

  /// The tool's spinner timing: shown after 150 ms of loading, then for at least 300 ms.
  static let indicator = LoadingIndicator(delay: .milliseconds(150), minimumDuration: .milliseconds(300))

  /// Starts presenting: the spinner follows the view model from now on.
  ///
  /// - Parameters:
  ///   - viewModel: The view model whose runs to show and cancel.
  ///   - actions: The actions that show the spinner while they run.
  ///   - context: Where to draw (standard error, when both outputs are terminals).
  ///   - waits: The client's waits before retries, shown instead of `message` while one lasts.
  ///   - message: The spinner's text, read for every frame.
  init(
    viewModel: BaseViewModel<FollowersAction>, actions: [FollowersAction], context: CommandContext,
    waits: RetryWaitNotice? = nil, message: @escaping @MainActor () -> String
  ) {
    let spinner = Spinner(stream: context.errorOutput, isEnabled: context.showsProgress) {
      waits?.message(now: Date()) ?? message()
    }
    self.spinner = spinner
    self.viewModel = viewModel
    self.actions = actions
    let actions = interruptActions
    interrupt = InterruptHandler { [weak viewModel] in
      viewModel?.cancelAll()
      spinner.stop()
      actions.last?()
    }
    follow()
  }

  /// Shows the spinner while any of the actions shows loading, and tracks the next change.
  private func follow() {
    guard isPresenting, let viewModel else { return }
    let actions = actions
    let showing = withObservationTracking {
      actions.contains { viewModel.isShowingLoading(for: $0) }
    } onChange: { [weak self] in
      // Called before the change is made: read again once it is.
      Task { @MainActor [weak self] in self?.follow() }
    }
    if showing { spinner.start() } else { spinner.stop() }
  }

  /// Clears the spinner, stops following and gives Ctrl-C its default action back.
  func end() {
    isPresenting = false
    spinner.stop()
    interrupt.cancel()
  }
}

/// The action a ``LoadingPresenter`` runs last on Ctrl-C, settable after the presenter exists.
@MainActor
private final class InterruptActions {
  var last: (@MainActor () -> Void)?
}
