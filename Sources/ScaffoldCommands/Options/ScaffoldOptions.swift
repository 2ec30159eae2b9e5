import CommandLineKit
import Scaffolding

/// The options both `scaffold` subcommands share: `--module`, `--output`, `--force` and `--xctest`.
///
/// A subcommand lists ``module``, its own `--output` definition and ``force``, and builds this
/// from the parsed command line, which validates the module name before anything is generated;
/// `ScaffoldLayout` then decides where the files go and which module the tests import:
///
/// ```swift
/// let options = try ScaffoldOptions(parsed, output: ScaffoldActionCommand.output)
/// let scaffold = try ActionScaffold(action: name, viewModel: viewModel, module: options.module)
/// ```
package struct ScaffoldOptions: Sendable, Equatable {
  /// `--module <Name>`.
  package static let module = OptionDefinition.option(
    "module", value: "Name",
    help: "The module that defines the view model, which the tests @testable import. By default <Module> when "
      + "--output is under Sources/<Module>/ or Tests/<Module>Tests/, else the package's one module with tests "
      + "(required when there are several); without --output, the current package's, else the view model's name "
      + "without ViewModel.")
  /// `--force`.
  package static let force = OptionDefinition.flag("force", help: "Replace files that --output would overwrite.")
  /// `--xctest`.
  package static let xctest = OptionDefinition.flag(
    "xctest",
    help: "Write the tests for XCTest instead of Swift Testing: an XCTestCase whose tests each run inside "
      + "withSerialExecutor, through a StrictHarness that is exhaustive and finishes at the test's tear-down.")

  /// `--module`, validated; `nil` when not given (`ScaffoldLayout` then decides).
  package var module: String?
  /// Where to write, as given; `nil` to print instead.
  package var output: String?
  /// Whether existing files may be replaced.
  package var force: Bool
  /// The test library the tests are written for: XCTest with `--xctest`, else Swift Testing.
  package var framework: TestFramework

  /// Reads and validates the shared options.
  ///
  /// - Parameters:
  ///   - arguments: The parsed command line.
  ///   - outputOption: The subcommand's `--output` definition.
  /// - Throws: ``UsageError`` when `--module` is not a Swift identifier, `--output` is empty,
  ///   or `--force` comes without `--output`.
  package init(_ arguments: ParsedArguments, output outputOption: OptionDefinition) throws(UsageError) {
    output = arguments.value(outputOption)
    force = arguments.flag(Self.force)
    framework = arguments.flag(Self.xctest) ? .xctest : .swiftTesting
    if output?.isEmpty == true {
      throw .invalidValue("", for: outputOption, expected: "a path")
    }
    if force, output == nil {
      throw UsageError("'--force' applies only with '\(outputOption.synopsis)'; without it nothing is written")
    }
    if let given = arguments.value(Self.module) {
      do {
        try SwiftIdentifier.validate(given, as: .module)
      } catch {
        throw UsageError(error.description)
      }
      module = given
    } else {
      module = nil
    }
  }
}
