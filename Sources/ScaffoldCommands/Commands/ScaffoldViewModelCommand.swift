import CommandLineKit
import Scaffolding

/// `action-dispatch scaffold view-model <TypeName>`: a new view model with one action, its
/// mock service and its three tests.
///
/// ```
/// $ action-dispatch scaffold view-model ProfileViewModel --module MyApp --output NewFiles
/// note: wrote NewFiles/ProfileViewModel.swift, for your app target
/// note: wrote NewFiles/MockProfileService.swift, for your test target
/// note: wrote NewFiles/ProfileViewModelTests.swift, for your test target
/// ```
package struct ScaffoldViewModelCommand: Command {
  /// `<TypeName>`.
  package static let typeName = ArgumentDefinition(
    name: "TypeName", help: "The new view model's class, such as ProfileViewModel.")
  /// `--output <folder>`.
  package static let output = OptionDefinition.option(
    "output", value: "folder",
    help: "Write the files instead of printing them. In a Swift package, each goes to its target: the view model to "
      + "Sources/<Module>/ and its mock and tests to Tests/<Module>Tests/ when <folder> is the package or one of "
      + "those folders; any other folder gets all three.")

  package static let configuration = CommandConfiguration(
    commandName: "view-model",
    abstract: "Generate a new view model with one action, its mock service and its tests.",
    discussion: """
      Prints three files, each after a line that names it and its target: the view model (its \
      action enum, service protocol and @Observable class) for your app target; its mock \
      service and its tests for your test target. They compile and the tests pass as generated. \
      The tests go through an exhaustive StrictHarness; with --xctest they are an XCTestCase.
      """,
    arguments: [typeName],
    options: [ScaffoldOptions.module, output, ScaffoldOptions.force, ScaffoldOptions.xctest])

  /// The validated names.
  package let scaffold: ViewModelScaffold
  /// `--module`, `--output`, `--force`.
  package let options: ScaffoldOptions
  /// Where the app's and the tests' files go, with `--output`.
  package let destination: ScaffoldLayout.Destination?

  package init(_ arguments: ParsedArguments) throws(UsageError) {
    let name = arguments.argument(Self.typeName) ?? ""
    options = try ScaffoldOptions(arguments, output: Self.output)
    do {
      _ = try ViewModelNames(viewModel: name)
    } catch {
      throw UsageError("\(error)")
    }
    let options = options
    let layout = ScaffoldLayout()
    let destination = try options.output.map { output throws(UsageError) in
      try ScaffoldActionCommand.destination(layout, output: output, module: options.module, viewModel: name)
    }
    self.destination = destination
    let module = destination?.module ?? options.module ?? layout.moduleOfCurrentPackage()
    do {
      scaffold = try ViewModelScaffold(viewModel: name, module: module, framework: options.framework)
    } catch {
      throw UsageError("\(error)")
    }
  }

  package func run(in context: CommandContext) async -> ExitCode {
    guard let destination else {
      context.output.write(scaffold.listing)
      return .success
    }
    let files = scaffold.files.map { file in
      let folder = file.target == .app ? destination.appFolder : destination.testsFolder
      return (file: file, path: ScaffoldLayout.path(in: folder, file.fileName))
    }
    do {
      try ScaffoldLayout().write(files.map { ($0.path, $0.file.contents) }, force: options.force)
    } catch {
      context.reportError(error.description)
      return .failure
    }
    for (file, path) in files {
      context.reportNote("wrote \(path), for \(file.target.description)")
    }
    return .success
  }
}
