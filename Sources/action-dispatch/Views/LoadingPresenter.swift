import ActionDispatch
import Foundation
import GitHubFollowers

/// Shows a view model's loading state in the terminal and makes Ctrl-C cancel its work.
///
/// The spinner is driven by the view model itself, through `observe { On(...) }`: it starts
/// when a run of one of the actions starts and is cleared when the run finishes. Ctrl-C cancels
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
  private let observation: ObservationToken
  private let interrupt: InterruptHandler

  /// Starts presenting; call before dispatching, since `observe` sees only runs that start later.
  ///
  /// - Parameters:
  ///   - viewModel: The view model whose runs to show and cancel.
  ///   - actions: The actions that show the spinner while they run.
  ///   - context: Where to draw (standard error, when both outputs are terminals).
  ///   - waits: The client's waits before retries, shown instead of `message` while one lasts.
  ///   - message: The spinner's text, read for every frame.
  init(
    viewModel: FollowersViewModel, actions: [FollowersAction], context: CommandContext,
    waits: RetryWaitNotice? = nil, message: @escaping @MainActor () -> String
  ) {
    let spinner = Spinner(stream: context.errorOutput, isEnabled: context.showsProgress) {
      waits?.message(now: Date()) ?? message()
    }
    self.spinner = spinner
    observation = viewModel.observe {
      for action in actions {
        On(action)
          .started { spinner.start() }
          .finished { spinner.stop() }
      }
    }
    interrupt = InterruptHandler { [weak viewModel] in
      viewModel?.cancelAll()
      spinner.stop()
    }
  }

  /// Clears the spinner, stops observing and gives Ctrl-C its default action back.
  func end() {
    spinner.stop()
    observation.cancel()
    interrupt.cancel()
  }
}
