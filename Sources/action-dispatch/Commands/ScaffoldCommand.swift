/// `action-dispatch scaffold`: generates the boilerplate of ActionDispatch view models from the
/// templates in `Templates/`, which are compiled into the tool.
///
/// ```
/// $ action-dispatch scaffold action unfollow --view-model FollowerListViewModel
/// $ action-dispatch scaffold view-model ProfileViewModel --module MyApp --output NewFiles
/// ```
///
/// Its subcommands are ``ScaffoldActionCommand`` and ``ScaffoldViewModelCommand``; it runs as a
/// ``SubcommandGroup``.
struct ScaffoldCommand: SubcommandGroup {
  static let subcommands: [any Subcommand.Type] = [ScaffoldActionCommand.self, ScaffoldViewModelCommand.self]

  static let configuration = CommandConfiguration(
    commandName: "scaffold",
    abstract: "Generate a new action's tests, or a new view model.",
    discussion: """
      Renders the templates of Templates/ (see its README.md), which are compiled into the \
      tool: it works from any directory. Names must be Swift identifiers (ASCII letters, digits \
      and _, not a keyword). With --output, an existing file is replaced only with --force.

      Exit status: 0 success, 1 a file exists or cannot be written, 2 a usage error or an \
      invalid name.
      """,
    subcommands: subcommands.map { $0.configuration })

  /// Never called: the root command hands a group its words through ``SubcommandGroup/run(_:in:)``.
  init(_ arguments: ParsedArguments) throws(UsageError) {
    throw UsageError("missing subcommand; choose one of: action, view-model")
  }

  /// Never called; see ``init(_:)``.
  func run(in context: CommandContext) async -> ExitCode {
    await Self.run([], in: context)
  }
}
