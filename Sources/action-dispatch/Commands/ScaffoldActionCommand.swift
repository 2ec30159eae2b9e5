import Scaffolding

/// `action-dispatch scaffold action <actionName> --view-model <TypeName>`: the three tests of a
/// new action (success, failure, lifecycle), and the enum case and method stub to paste.
///
/// ```
/// $ action-dispatch scaffold action unfollow --view-model FollowerListViewModel \
///     --output Tests/ConsumerAppTests/FollowerListViewModelUnfollowTests.swift
/// // Add to the enum FollowerListAction:
///
///   case unfollow
/// ...
/// ```
struct ScaffoldActionCommand: Command {
  /// `<actionName>`.
  static let actionName = ArgumentDefinition(
    name: "actionName",
    help: "The new action: its enum case, its method and the start of its tests' names, such as unfollow.")
  /// `--view-model <TypeName>`.
  static let viewModel = OptionDefinition.option(
    "view-model", value: "TypeName", required: true,
    help: "The view model that gets the action, such as FollowerListViewModel. Required.")
  /// `--mock <Type>`.
  static let mock = OptionDefinition.option(
    "mock", value: "Type", default: "Mock<Base>Service",
    help: "The mock service the tests create; <Base> is the view model's name without ViewModel.")
  /// `--output <path>`.
  static let output = OptionDefinition.option(
    "output", value: "path",
    help: "Write the tests to this file, or into this folder as <ViewModel><Action>Tests.swift, instead of "
      + "printing them. The enum case and method stub are printed either way.")

  static let configuration = CommandConfiguration(
    commandName: "action",
    abstract: "Generate the three tests of a new action, and the code to paste into the view model.",
    discussion: """
      Prints a test file with the action's success, failure and lifecycle tests, then the enum \
      case and the method stub to paste into the view model. Fill in the one line marked FILL IN \
      with the service call, and the tests compile and pass.

      The tests expect a mock with a Stub named <actionName>Stub (see Templates/README.md).
      """,
    arguments: [actionName],
    options: [viewModel, mock, ScaffoldOptions.module, output, ScaffoldOptions.force])

  /// The validated names.
  let scaffold: ActionScaffold
  /// `--module`, `--output`, `--force`.
  let options: ScaffoldOptions

  init(_ arguments: ParsedArguments) throws(UsageError) {
    let action = arguments.argument(Self.actionName) ?? ""
    do {
      try SwiftIdentifier.validate(action, as: .action)
    } catch {
      throw UsageError(error.description)
    }
    guard let viewModel = arguments.value(Self.viewModel) else {
      throw UsageError("missing '\(Self.viewModel.synopsis)'; name the view model that gets the action")
    }
    options = try ScaffoldOptions(arguments, output: Self.output)
    do {
      scaffold = try ActionScaffold(
        action: action, viewModel: viewModel, mockService: arguments.value(Self.mock), module: options.module)
    } catch {
      throw UsageError(error.description)
    }
  }

  func run(in context: CommandContext) async -> ExitCode {
    guard let output = options.output else {
      context.output.write(scaffold.listing)
      return .success
    }
    let file = scaffold.testFile
    let path = ScaffoldWriter.isFolder(output) ? ScaffoldWriter.path(in: output, file.fileName) : output
    do {
      try ScaffoldWriter.write([(path, file.contents)], force: options.force)
    } catch {
      context.reportError(error.message)
      return .failure
    }
    context.reportNote("wrote \(path): the three tests of \(scaffold.action), for \(file.target.description)")
    context.output.write(scaffold.pasteText)
    return .success
  }
}
