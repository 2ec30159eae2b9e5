import Foundation

/// What `action-dispatch scaffold action` generates for one new action of a view model: a test
/// file with its three tests, and the enum case and method stub to paste into the view model.
///
/// ```swift
/// let scaffold = try ActionScaffold(action: "unfollow", viewModel: "FollowerListViewModel", module: "ConsumerApp")
/// scaffold.testFile.fileName   // FollowerListViewModelUnfollowTests.swift
/// print(scaffold.testFile.contents)
/// print(scaffold.pasteText)    // case unfollow ... public func unfollow() -> Task<Void, Never> { ... }
/// ```
///
/// ``pasteText`` holds every edit the action needs — the enum case, the method, the service
/// requirement and the mock's `Stub` and method — so the tests compile once they are pasted,
/// provided the view model keeps its service in `let service` (see `Templates/README.md`). The
/// method's one service call is marked `FILL IN`.
///
/// The tests go through an exhaustive `StrictHarness`, in Swift Testing or, with
/// ``TestFramework/xctest``, in XCTest. A view model made with a clock gets a `TestClock`; a
/// debounced action (``debounce``) dispatches with `.debounce`, and its tests advance that clock
/// past the quiet period, so nothing waits on the real clock.
package struct ActionScaffold: Sendable, Hashable {
  /// The action's enum case and method name.
  package let action: String
  /// The action with its associated values, if it has any.
  package let signature: ActionSignature
  /// The view model's name and the names derived from it.
  package let names: ViewModelNames
  /// The module the tests import.
  package let module: String
  /// For a streaming action, the type of its elements, such as `String`; `nil` otherwise.
  package let streamElement: String?
  /// What is known of the view model beyond its name: its service method, initializer, set-up
  /// and files.
  package let facts: ViewModelFacts
  /// For a debounced action (`scaffold action --debounce`), its quiet period; `nil` otherwise.
  package let debounce: DebounceDuration?
  /// The test library the tests are written for.
  package let framework: TestFramework

  /// Validates the names and derives the rest.
  ///
  /// - Parameters:
  ///   - action: The new action, such as `unfollow`, or with associated values, such as
  ///     `delete(Int)` (see ``ActionSignature``).
  ///   - viewModel: The view model's class name.
  ///   - mockService: The mock service's class name; `Mock<base>Service` by default.
  ///   - module: The module that defines the view model; the view model's base name by default.
  ///   - streamElement: For a streaming action (`scaffold action --stream`), the type of its
  ///     elements; `nil` (the default) for an action that returns one value.
  ///   - serviceProtocol: The service's protocol; `<base>Service` by default.
  ///   - facts: What else is known of the view model; nothing by default.
  ///   - debounce: For a debounced action, its quiet period; `nil` (the default) for none. The
  ///     tests need a view model made with `clock` (``ViewModelFacts/passesTestClock``).
  ///   - framework: The test library of the tests; Swift Testing by default.
  /// - Throws: ``InvalidNameError`` for the first name that is not a valid Swift identifier, or
  ///   ``UnsupportedActionError`` for associated values or elements scaffold cannot write tests
  ///   for, or a debounce whose view model the tests cannot give a test clock.
  package init(
    action: String,
    viewModel: String,
    mockService: String? = nil,
    module: String? = nil,
    streamElement: String? = nil,
    serviceProtocol: String? = nil,
    facts: ViewModelFacts = ViewModelFacts(),
    debounce: DebounceDuration? = nil,
    framework: TestFramework = .swiftTesting
  ) throws {
    let signature = try ActionSignature(parsing: action)
    let names = try ViewModelNames(viewModel: viewModel, mockService: mockService, serviceProtocol: serviceProtocol)
    if let module {
      try SwiftIdentifier.validate(module, as: .module)
    }
    if let method = facts.serviceMethod {
      try SwiftIdentifier.validate(method, as: .serviceMethod)
    }
    if debounce != nil, !facts.passesTestClock {
      throw UnsupportedActionError(
        text: "--debounce",
        reason: "the tests must drive the debounce with a TestClock, but \(names.viewModel)'s init takes no "
          + "clock; give it one (`clock: any Clock<Duration> = ContinuousClock()`, passed to "
          + "super.init(clock: clock)), or pass --init with an expression that uses `clock`")
    }
    self.facts = facts
    self.debounce = debounce
    self.framework = framework
    self.action = signature.name
    self.signature = signature
    self.names = names
    self.module = module ?? names.base
    if let streamElement {
      _ = try ActionTestValues.streaming(signature, element: streamElement, names: names)
    }
    if !facts.samples.isEmpty, facts.samples.count != signature.parameters.count {
      throw UnsupportedActionError(
        text: "--sample \(facts.samples.joined(separator: "; "))",
        reason: "\(signature.name) has \(signature.parameters.count) associated value(s) but "
          + "\(facts.samples.count) sample(s) were given; give one per value, separated by ';'")
    }
    self.streamElement = streamElement?.trimmingCharacters(in: .whitespaces)
  }

  /// The suite's name: the view model's, the action's capitalized, then `Tests`, such as
  /// `FollowerListViewModelUnfollowTests`, so it never clashes with an existing suite; for
  /// XCTest `XCTests` (`FollowerListViewModelUnfollowXCTests`), so the action's XCTest case and
  /// its Swift Testing suite compile side by side, each in its own file.
  package var suiteName: String {
    names.viewModel + action.prefix(1).uppercased() + action.dropFirst() + (framework == .xctest ? "XCTests" : "Tests")
  }

  /// The values of the three tests: ``ActionTestValues/defaults(for:names:framework:)-(ActionSignature,_,_)``,
  /// or ``ActionTestValues/streaming(_:element:names:framework:)`` for a streaming action.
  ///
  /// The ``facts`` then apply: the stub is named after the service method, the view model is
  /// made with the given expression, the set-up runs before the action's stub is set (so the
  /// failure stub fails the action alone), the associated values are the given samples (one that
  /// reads the view model is read after the set-up), the success test counts only the action's
  /// own call, and an optimistic action's tests expect its change and its rollback.
  package var testValues: ActionTestValues {
    var signature = signature
    var reads: [String] = []
    if !facts.samples.isEmpty {
      let locals = signature.parameterNames
      signature = signature.withSamples(
        facts.samples.enumerated().map { index, sample in
          guard sample.range(of: #"\bviewModel\b"#, options: .regularExpression) != nil else { return sample }
          reads.append("let \(locals[index]) = \(sample)  // a row the set-up loaded")
          return locals[index]
        })
    }
    var values: ActionTestValues = .defaults(for: signature, names: names, framework: framework)
    if let streamElement,
      let streaming = try? ActionTestValues.streaming(
        signature, element: streamElement, names: names, framework: framework)
    {
      values = streaming
    }
    let method = serviceMethod
    if method != action {
      let from = "service.\(action)Stub"
      let to = "service.\(method)Stub"
      values.stubSuccess = values.stubSuccess.replacingOccurrences(of: from, with: to)
      values.stubFailure = values.stubFailure.replacingOccurrences(of: from, with: to)
      values.expectSuccess = values.expectSuccess.replacingOccurrences(of: from, with: to)
    }
    if let makeViewModel = facts.makeViewModel { values.makeViewModel = makeViewModel }
    values.prepare = ([facts.setup].compactMap { $0 } + reads).joined(separator: "\n")
    if facts.setup != nil {
      let stub = "service.\(method)Stub"
      values.countCalls = "let setupCalls = \(stub).callCount  // the calls the set-up made"
      values.expectSuccess = framework.expectEqual("\(stub).callCount", "setupCalls + 1")
    }
    if facts.isOptimistic {
      let type = "StrictHarness<\(names.actionEnum), \(names.viewModel)>.Change"
      let property = "<#\\\(names.viewModel).property#>"
      values.declarations = """
        // \(action) changes the view model at once (optimistic:), and a failure rolls the change back.
        @MainActor static var \(action)Applied: \(type) {
          .set(\(property), to: <#value#>)  // FILL IN: the change when the run starts
        }
        @MainActor static var \(action)RolledBack: \(type) {
          .set(\(property), to: <#value#>)  // FILL IN: the value a failure rolls back to
        }
        """
      let value = values.actionValue
      values.startChanges = ActionTestValues.expectation(
        ".startedLoading(.\(value)), Self.\(action)Applied", framework: framework)
      // The rollback is in the failure's group: the framework undoes the change before the action
      // stops loading and before the `failed` event.
      values.failureChanges = ActionTestValues.expectation(
        ".failed(.\(value), \(values.failureMessage)), .stoppedLoading(.\(value)), Self.\(action)RolledBack",
        framework: framework)
    }
    if facts.passesTestClock { values.makeClock = "let clock = TestClock()" }
    if let debounce {
      values.advanceClock = "await clock.advance(by: \(debounce.expression))  // past the debounce's quiet period"
    }
    return values
  }

  /// The service method the action calls: ``ViewModelFacts/serviceMethod``, else the action's name.
  package var serviceMethod: String {
    facts.serviceMethod ?? action
  }

  /// The test file: `<suiteName>.swift`, for the test target.
  package var testFile: ScaffoldFile {
    let contents = TestFile(module: module, suiteName: suiteName, actions: [testValues], framework: framework).render()
    return ScaffoldFile(fileName: suiteName + ".swift", target: .tests, contents: contents)
  }

  /// Every edit the new action needs, each after a comment that says where it goes: the enum
  /// case, the view model's method (its one service call marked `FILL IN`), the service
  /// protocol's requirement, and the mock's `Stub` and method. With them, the tests compile.
  ///
  /// An edit the package already has (``ViewModelFacts/existingEdits``) is left out, so an
  /// action that exists gets its tests and nothing to add.
  package var pasteText: String {
    missingEdits + testEdits
  }

  /// The four edits of the method template, less those the package already has.
  private var missingEdits: String {
    let all = allEdits
    guard !facts.existingEdits.isEmpty else { return all }
    var kept: [Substring] = []
    var keeps = true
    for line in all.split(separator: "\n", omittingEmptySubsequences: false) {
      if let edit = ActionEdit.started(by: line) { keeps = !facts.existingEdits.contains(edit) }
      if keeps { kept.append(line) }
    }
    let text = kept.joined(separator: "\n").trimmingCharacters(in: .newlines)
    return text.isEmpty ? "" : text + "\n"
  }

  /// The four edits of the method template.
  private var allEdits: String {
    (streamElement == nil ? EmbeddedTemplates.viewModelMethod : EmbeddedTemplates.viewModelStreamMethod)
      .renderChecked([
        "action": action, "ActionEnum": names.actionEnum, "ViewModel": names.viewModel,
        "caseDeclaration": signature.caseDeclaration, "parameters": signature.methodParameters,
        "actionValue": signature.valueFromParameters, "arguments": signature.argumentsFromParameters,
        "Element": streamElement ?? "", "ServiceProtocol": names.serviceProtocol, "MockService": names.mockService,
        "StubInput": signature.stubInput, "stubArguments": signature.stubArguments,
        "serviceMethod": serviceMethod, "enumFile": whereIs(names.actionEnum),
        "viewModelFile": whereIs(names.viewModel), "serviceFile": whereIs(names.serviceProtocol),
        "mockFile": whereIs(names.mockService),
        "policy": debounce.map { "policy: .debounce(\($0.expression)),  // the tests advance a TestClock past it" }
          ?? "",
      ])
  }

  /// `, in <file>` for a type whose file is known, else nothing.
  private func whereIs(_ type: String) -> String {
    facts.files[type].map { ", in \($0)" } ?? ""
  }

  /// The edits the tests themselves need, each with its file: the arguments of the view model's
  /// construction that scaffold could not write, and the shared elements of a type without literals.
  private var testEdits: String {
    var edits: [String] = []
    let file = suiteName + ".swift"
    if !facts.unresolvedArguments.isEmpty {
      let types = facts.unresolvedArguments.map { "<#\($0)#>" }.joined(separator: ", ")
      edits.append(
        "\n// Edit \(file), in your test target: give the view model's initializer a value for \(types) "
          + "(or pass --init with the whole expression).\n")
    }
    if !facts.overriddenHooks.isEmpty {
      let hooks = facts.overriddenHooks.joined(separator: ", ")
      edits.append(
        "\n// Edit \(file), in your test target, if \(names.viewModel)'s \(hooks) changes its state: the tests "
          + "expect every change, so add it to the harness.expect of the run's end (a failing test names it: "
          + "+ happened, not asserted).\n")
    }
    if testValues.stream?.declaration.isEmpty == false {
      edits.append(
        "\n// Edit \(file), in your test target: fill in the line marked FILL IN with two sample elements.\n")
    }
    if facts.isOptimistic {
      edits.append(
        "\n// Edit \(file), in your test target: fill in the two lines marked FILL IN with the change "
          + "\(names.viewModel).\(action)'s optimistic update makes and the value a failure rolls back to.\n")
    }
    return edits.joined()
  }

  /// What `scaffold action` prints without `--output`: the test file, then the text to paste.
  package var listing: String {
    testFile.listing + "\n" + pasteText
  }
}
