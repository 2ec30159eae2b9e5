import CommandLineKit
import Foundation
import Scaffolding

/// `action-dispatch scaffold action <actionName> --view-model <TypeName>`: the three tests of a
/// new action (success, failure, lifecycle), and the four edits to paste: the enum case, the
/// method, the service requirement, and the mock's stub and method.
///
/// ```
/// $ action-dispatch scaffold action unfollow --view-model FollowerListViewModel \
///     --output Tests/ConsumerAppTests/FollowerListViewModelUnfollowTests.swift
/// // Add to the enum FollowerListAction:
///
///   case unfollow
/// ...
/// ```
package struct ScaffoldActionCommand: Command {
  /// `<actionName>`.
  package static let actionName = ArgumentDefinition(
    name: "actionName",
    help: "The new action: its enum case, its method and the start of its tests' names, such as unfollow; with "
      + "associated values, such as 'delete(Int)' or 'move(from: Int, to: Int)', the method takes them and the "
      + "tests pass samples.")
  /// `--view-model <TypeName>`.
  package static let viewModel = OptionDefinition.option(
    "view-model", value: "TypeName", required: true,
    help: "The view model that gets the action, such as FollowerListViewModel. Required.")
  /// `--mock <Type>`.
  package static let mock = OptionDefinition.option(
    "mock", value: "Type", default: "Mock<Base>Service",
    help: "The mock service the tests create; <Base> is the view model's name without ViewModel.")
  /// `--stream <Element>`.
  package static let stream = OptionDefinition.option(
    "stream", value: "Element",
    help: "The action streams elements of this type, such as String, [Repo] or Repo: the method stub dispatches "
      + "elements: with onElement, the mock's stub returns [Element] and streams it with stub.stream(), and the "
      + "success test checks the elements that On(.action).element received: two literals when the type has "
      + "them (String, Int, [String]…), else two values you fill in.")
  /// `--debounce <duration>`.
  package static let debounce = OptionDefinition.option(
    "debounce", value: "duration",
    help: "The action is debounced by this quiet period, such as 300ms, 2s or .milliseconds(300): the method "
      + "dispatches with policy: .debounce, and the tests make the view model with a TestClock and advance it "
      + "past the period (the view model's init must take a clock).")
  /// `--service <Protocol>`.
  package static let service = OptionDefinition.option(
    "service", value: "Protocol", default: "the type of the view model's `let service`, else <Base>Service",
    help: "The protocol of the view model's service, when it is not named after the view model.")
  /// `--calls <method>`.
  package static let calls = OptionDefinition.option(
    "calls", value: "method", default: "<actionName>",
    help: "The service method the action calls, such as closeIssue: it names the requirement, the mock's "
      + "method and its Stub (closeIssueStub).")
  /// `--init <expression>`.
  package static let initializer = OptionDefinition.option(
    "init", value: "expression",
    default: "read from the view model's init: service, a TestClock for its clock, samples of String, Int…",
    help: "How the tests make the view model from `service`, such as "
      + "'InboxViewModel(service: service, repo: \"o/r\", clock: clock)', where clock is the tests' TestClock.")
  /// `--setup <statements>`.
  package static let setup = OptionDefinition.option(
    "setup", value: "statements",
    help: "Statements the tests run after making the view model and before setting the action's stub (so a "
      + "failure stub fails the action alone), such as loading the rows the action needs: "
      + "'service.issuesStub.succeed(with: [1]); await viewModel.load().value'. Separate statements with ';'.")
  /// `--sample <values>`.
  package static let sample = OptionDefinition.option(
    "sample", value: "values",
    default: "with --setup, a row the view model lists (viewModel.items[0].id), else a literal",
    help: "The values the tests pass for the action's associated values, one per value, separated by ';', such "
      + "as 1 or 'viewModel.issues[0]'; a value that reads viewModel is read once, after the set-up.")
  /// `--output <path>`.
  package static let output = OptionDefinition.option(
    "output", value: "path",
    help: "Write the tests to this file, or into this folder as <ViewModel><Action>Tests.swift, instead of "
      + "printing them; in a Swift package, a folder outside Tests/ means Tests/<Module>Tests/. The edits to "
      + "paste are printed either way.")

  package static let configuration = CommandConfiguration(
    commandName: "action",
    abstract: "Generate the three tests of a new action, and every edit it needs in your code.",
    discussion: """
      Prints a test file with the action's success, failure and lifecycle tests, then the four \
      edits the action needs: the enum case, the view model's method, the service protocol's \
      requirement, and the mock's Stub (named <actionName>Stub) and method. Paste them, fill in \
      the one line marked FILL IN with the service call, and the tests compile and pass.

      With --stream <Element>, the action is a streaming one: its service method returns an \
      async sequence of Element, and the mock streams its stub's [Element] with stub.stream(). \
      For an element type without literals, such as your own Repo, the tests' two sample values \
      are a second line marked FILL IN.

      Each test goes through an exhaustive StrictHarness: it expects every change the run \
      makes. A view model whose init takes a clock (even one with a default) is made with a \
      TestClock; with --debounce, the tests advance it past the quiet period. With --xctest, \
      the tests are an XCTestCase named <ViewModel><Action>XCTests, each inside \
      withSerialExecutor, beside the Swift Testing suite <ViewModel><Action>Tests.

      An edit your package already has (the case, the method, the requirement, the Stub) is \
      not printed: for an action that exists, scaffold writes its tests and nothing to add. A \
      method that dispatches with optimistic: gets two lines marked FILL IN, its change and \
      its rollback.
      """,
    arguments: [actionName],
    options: [
      viewModel, mock, service, calls, initializer, setup, sample, stream, debounce, ScaffoldOptions.module, output,
      ScaffoldOptions.force, ScaffoldOptions.xctest,
    ])

  /// The validated names.
  package let scaffold: ActionScaffold
  /// `--module`, `--output`, `--force`.
  package let options: ScaffoldOptions
  /// Where the test file goes, with `--output`.
  package let path: String?

  package init(_ arguments: ParsedArguments) throws(UsageError) {
    let action = arguments.argument(Self.actionName) ?? ""
    do {
      _ = try ActionSignature(parsing: action)
    } catch {
      throw UsageError("\(error)")
    }
    guard let viewModel = arguments.value(Self.viewModel) else {
      throw UsageError("missing '\(Self.viewModel.synopsis)'; name the view model that gets the action")
    }
    options = try ScaffoldOptions(arguments, output: Self.output)
    let layout = ScaffoldLayout()
    var module = options.module
    var folder: String?
    var file: String?
    if let output = options.output {
      if layout.isFolder(output) {
        folder = output
      } else {
        file = output
      }
      let parent = folder ?? ((output as NSString).deletingLastPathComponent.nonEmpty ?? ".")
      let destination = try Self.destination(layout, output: parent, module: module, viewModel: viewModel)
      if file != nil, destination.testsFolder != parent {
        throw UsageError(
          "\(output) would not be in the test target; write the tests under \(destination.testsFolder)/")
      }
      module = destination.module
      folder = folder.map { _ in destination.testsFolder }
    } else {
      module = module ?? layout.moduleOfCurrentPackage()
    }
    let scaffold: ActionScaffold
    do {
      let index = PackageSources.index()
      let service = arguments.value(Self.service) ?? index.serviceProtocol(of: viewModel)
      let names = try ViewModelNames(viewModel: viewModel, serviceProtocol: service)
      let mock = arguments.value(Self.mock) ?? index.mock(conformingTo: names.serviceProtocol)
      let allNames = try ViewModelNames(viewModel: viewModel, mockService: mock, serviceProtocol: service)
      scaffold = try ActionScaffold(
        action: action, viewModel: viewModel, mockService: mock, module: module,
        streamElement: arguments.value(Self.stream), serviceProtocol: service,
        facts: Self.facts(arguments, index, names: allNames, action: action),
        debounce: try arguments.value(Self.debounce).map(DebounceDuration.init(parsing:)),
        framework: options.framework)
    } catch {
      throw UsageError("\(error)")
    }
    self.scaffold = scaffold
    path = file ?? folder.map { ScaffoldLayout.path(in: $0, scaffold.testFile.fileName) }
  }

  /// What the options say and the sources show about the view model.
  private static func facts(
    _ arguments: ParsedArguments, _ index: SourceIndex, names: ViewModelNames, action: String
  ) throws -> ViewModelFacts {
    var facts = ViewModelFacts()
    facts.serviceMethod = arguments.value(calls)
    if let expression = arguments.value(initializer) {
      facts.makeViewModel = expression
      facts.passesTestClock = expression.range(of: #"\bclock\b(?!\s*:)"#, options: .regularExpression) != nil
    } else if let parameters = index.initializer(of: names.viewModel),
      parameters.map(\.label) != ["service"]
    {
      let construction = ViewModelConstruction(
        viewModel: names.viewModel, serviceProtocol: names.serviceProtocol, parameters: parameters)
      facts.makeViewModel = construction.expression
      facts.unresolvedArguments = construction.unresolved
      facts.passesTestClock = construction.passesClock
    }
    facts.setup = arguments.value(setup).map(Self.statements)
    facts.overriddenHooks = index.overriddenHooks(of: names.viewModel)
    for type in [names.actionEnum, names.viewModel, names.serviceProtocol, names.mockService] {
      facts.files[type] = index.file(declaring: type)
    }
    let signature = try ActionSignature(parsing: action)
    let method = facts.serviceMethod ?? signature.name
    let present: [(ActionEdit, Bool)] = [
      (.enumCase, index.declaresCase(signature.name, in: names.actionEnum)),
      (.method, index.declaresMethod(signature.name, in: names.viewModel)),
      (.requirement, index.declaresMethod(method, in: names.serviceProtocol)),
      (.mockStub, index.declaresStub(of: method, in: names.mockService)),
    ]
    facts.existingEdits = Set(present.filter(\.1).map(\.0))
    facts.isOptimistic = index.isOptimistic(signature.name, in: names.viewModel)
    if let given = arguments.value(sample) {
      facts.samples = Self.statements(given).split(separator: "\n").map(String.init)
    } else if facts.setup != nil, !signature.parameters.isEmpty {
      let listed = signature.parameters.map { index.listedValue(of: $0.type, in: names.viewModel) }
      if listed.contains(where: { $0 != nil }) {
        facts.samples = zip(listed, signature.parameters).map { $0 ?? $1.sample }
      }
    }
    return facts
  }

  /// The statements of `--setup`, one a line: split at each `;` outside a string literal.
  static func statements(_ text: String) -> String {
    var lines: [String] = []
    var current = ""
    var inString = false
    for character in text {
      if character == "\"" { inString.toggle() }
      if character == ";", !inString {
        lines.append(current)
        current = ""
      } else {
        current.append(character)
      }
    }
    lines.append(current)
    return lines.map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }.joined(separator: "\n")
  }

  /// The layout's destination, its error as a usage error.
  package static func destination(
    _ layout: ScaffoldLayout, output: String, module: String?, viewModel: String
  )
    throws(UsageError) -> ScaffoldLayout.Destination
  {
    do {
      return try layout.destination(output: output, module: module, viewModel: viewModel)
    } catch {
      throw UsageError(error.description)
    }
  }

  package func run(in context: CommandContext) async -> ExitCode {
    guard let path else {
      context.output.write(scaffold.listing)
      return .success
    }
    let file = scaffold.testFile
    do {
      try ScaffoldLayout().write([(path, file.contents)], force: options.force)
    } catch {
      context.reportError(error.description)
      return .failure
    }
    context.reportNote("wrote \(path): the three tests of \(scaffold.action), for \(file.target.description)")
    context.output.write(scaffold.pasteText)
    return .success
  }
}
