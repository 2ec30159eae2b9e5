import CommandLineKit
import GitHubFollowers

/// `action-dispatch profile <username>`: shows a user's public profile.
///
/// ```
/// $ action-dispatch profile octocat --demo
/// LOGIN      octocat
/// NAME       The Octocat
/// ...
/// ```
struct ProfileCommand: UserCommand {
  /// `<username>`.
  static let username = ArgumentDefinition(name: "username", help: "The GitHub login whose profile to show.")

  static let configuration = CommandConfiguration(
    commandName: "profile",
    abstract: "Show a user's profile.",
    discussion: """
      Prints the profile as aligned lines on standard output, leaving out fields the user left \
      empty; with --json, GitHub's JSON object.
      """,
    arguments: [username],
    options: GitHubOptions.definitions,
    environment: GitHubOptions.environment)

  /// `<username>`, validated: the user whose profile to show.
  let username: GitHubUsername
  /// `--json`, `--api-url`, `--demo`.
  let options: GitHubOptions

  func run(in context: CommandContext) async -> ExitCode {
    let waits = RetryWaitNotice()
    let viewModel = FollowersViewModel(
      service: options.makeService(in: context, waits: waits),
      loadingIndicator: LoadingPresenter.indicator)
    let username = self.username
    let presenter = LoadingPresenter(viewModel: viewModel, actions: [.fetchProfile], context: context, waits: waits) {
      "Fetching the profile of \(username)…"
    }
    await viewModel.fetchProfile(for: username).value
    presenter.end()
    if let error = viewModel.errorMessage(for: .fetchProfile) {
      context.reportError(error)
      return .failure
    }
    guard let profile = viewModel.profile else {
      preconditionFailure("fetchProfile succeeded without setting profile")
    }
    context.output.write(
      options.json ? JSONOutput.text(profile) : ProfileText.render(profile, styleLabels: context.output.allowsColor))
    return .success
  }
}
