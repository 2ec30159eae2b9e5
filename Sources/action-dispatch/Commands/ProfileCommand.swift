import GitHubFollowers

/// `action-dispatch profile <username>`: shows a user's public profile.
///
/// ```
/// $ action-dispatch profile octocat --demo
/// LOGIN      octocat
/// NAME       The Octocat
/// ...
/// ```
struct ProfileCommand: Subcommand {
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
    options: SharedOptions.definitions,
    environment: SharedOptions.environment)

  /// The user whose profile to show, validated.
  let login: String
  /// `--json`, `--api-url`, `--demo`.
  let options: SharedOptions

  init(_ arguments: ParsedArguments) throws(UsageError) {
    login = try arguments.username(Self.username)
    options = try SharedOptions(arguments)
  }

  func run(in context: CommandContext) async -> ExitCode {
    let viewModel = FollowersViewModel(service: options.makeService(environment: context.environment))
    let login = login
    let presenter = LoadingPresenter(viewModel: viewModel, actions: [.fetchProfile], context: context) {
      "Fetching the profile of \(login)…"
    }
    await viewModel.fetchProfile(for: login).value
    presenter.end()
    if let error = viewModel.error(for: .fetchProfile) {
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
