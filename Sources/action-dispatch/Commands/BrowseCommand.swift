import BrowseUI
import CommandLineKit
import Foundation
import GitHubFollowers

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// `action-dispatch browse <username>`: a full-screen, interactive browser of followers.
///
/// ```
/// $ action-dispatch browse octocat --demo
/// ```
///
/// The screen is a terminal view of `BrowseViewModel`, drawn again whenever Observation says
/// what it shows has changed. Both standard input and standard output must be a terminal;
/// otherwise it exits with 2 at once and points to `followers`.
struct BrowseCommand: UserCommand {
  /// `<username>`.
  static let username = ArgumentDefinition(name: "username", help: "The GitHub login whose followers to browse first.")

  static let configuration = CommandConfiguration(
    commandName: "browse",
    abstract: "Browse followers interactively, full screen.",
    discussion: """
      Keys: j/k or ↓/↑ move, g/G or Home/End go to the first/last row (G loads every page, 100 a page), \
      PgDn/PgUp and Ctrl-D/Ctrl-U scroll, Enter opens the selected user's followers, \
      Backspace or h goes back, / searches users as you type (Esc returns, Enter keeps the \
      results), f/u follow/unfollow the selected user (needs a token; simulated with --demo), \
      r retries what failed, R refreshes what is on screen (conditional requests: an unchanged \
      answer costs no rate limit), e shows the events of every action, c shows the cache of \
      profiles (each key's status, watchers, age and time to be forgotten, updated live), ? lists \
      the keys, q or Ctrl-C quits. The \
      status line shows the requests left and when the limit resets; once it is used up, \
      browse sends nothing until the reset, counting down, and then goes on by itself.

      Needs a terminal on standard input and output; to list followers in a script, use \
      followers.
      """,
    arguments: [username],
    options: [GitHubOptions.apiURL, GitHubOptions.timeout, GitHubOptions.demo],
    environment: GitHubOptions.environment)

  /// `<username>`, validated.
  let username: GitHubUsername
  /// `--api-url`, `--timeout`, `--demo`.
  let options: GitHubOptions

  func run(in context: CommandContext) async -> ExitCode {
    guard isatty(STDIN_FILENO) == 1, context.output.isTerminal else {
      context.reportError(
        "browse needs a terminal: its standard input and output must both be one. "
          + "To list followers in a script or a pipe, use: action-dispatch followers \(username)")
      return .usageError
    }
    let waits = RetryWaitNotice()
    let service = options.makeService(environment: context.environment, onRetryWait: waits.report)
    // One cache for every profile browse shows (the selected row's, each list's owner's), on
    // the view models' clock (the continuous one): what `c` shows.
    let cache = FollowersViewModel.makeProfileCache(clock: ContinuousClock())
    let viewModel = BrowseViewModel(
      username: username, service: service, following: service as? any FollowingService,
      clock: ContinuousClock(), cache: cache)
    waits.onShow = { [weak viewModel] message in viewModel?.noteWait(message) }
    let terminal: RawTerminal
    do {
      terminal = try RawTerminal()
    } catch {
      context.reportError("\(error)")
      return .failure
    }
    let inputs = BrowseInputs()
    let session = BrowseSession(viewModel: viewModel, terminal: terminal, styled: context.output.allowsColor)
    viewModel.start()
    let exit = await session.run(inputs: inputs.stream)
    viewModel.stop()
    terminal.restore()
    inputs.cancel()
    switch exit {
    case .quit, .inputClosed:
      return .success
    case .interrupted:
      return .interrupted
    case .signal(let number):
      Self.endBySignal(number)
    }
  }

  /// Ends the process as the signal would have, now that the terminal is restored: its default
  /// action back, unblocked (Dispatch's signal source blocks it), raised; 128 + its number if
  /// the process somehow survives.
  private static func endBySignal(_ number: Int32) -> Never {
    signal(number, SIG_DFL)
    var set = sigset_t()
    sigemptyset(&set)
    sigaddset(&set, number)
    pthread_sigmask(SIG_UNBLOCK, &set, nil)
    raise(number)
    exit(128 + number)
  }
}
