import Foundation

/// The values of `Templates/ActionTests.swift.template` for one action: how its three tests
/// (success, failure, lifecycle) make the service and the view model, act, and check.
///
/// Each test goes through an exhaustive `StrictHarness`: it expects the start, then the changes
/// of the run's end (``successChanges`` or ``failureChanges``), so a change the test does not
/// expect fails it.
///
/// The defaults, from ``defaults(for:names:framework:)-(String,_,_)``, follow the convention of the templates: the
/// mock has a `Stub` named `<action>Stub`, and the view model a method named like the action:
///
/// ```swift
/// let names = try ViewModelNames(viewModel: "ProfileViewModel")
/// let values = ActionTestValues.defaults(for: "load", names: names)
/// values.call          // viewModel.load()
/// values.stubFailure   // service.loadStub.fail(with: StubError("load failed"))
/// values.failureChanges  // harness.expect(.failed(.load, "load failed"), .stoppedLoading(.load))
/// print(values.render())
/// ```
///
/// Each value is Swift source; a multi-line value is indented where its placeholder is, and an
/// empty one removes its placeholder's line.
package struct ActionTestValues: Sendable, Hashable {
  /// The action's enum case, such as `fetchFollowers`: `{{action}}`.
  package var action: String
  /// The action value the tests check, such as `fetchFollowers` or `delete(1)` for a case with
  /// an associated value: `{{actionValue}}`.
  package var actionValue: String
  /// An expression that makes the service: `{{makeService}}`.
  package var makeService: String
  /// Statements that set up a successful call, or nothing: `{{stubSuccess}}`.
  package var stubSuccess: String
  /// Statements that make what the view model is made with besides `service`, such as
  /// `let clock = TestClock()`, or nothing: `{{makeClock}}`.
  package var makeClock: String
  /// An expression that makes the view model from `service`: `{{makeViewModel}}`.
  package var makeViewModel: String
  /// Statements that run once the view model is made, before the stubs are set for the action
  /// and before the harness is made, such as loading a first page: `{{prepare}}`.
  package var prepare: String
  /// Statements the success test runs just before it acts, such as counting the calls the
  /// set-up made (`let setupCalls = service.loadStub.callCount`), or nothing: `{{countCalls}}`.
  package var countCalls: String
  /// The call that dispatches the action and returns its task: `{{call}}`.
  package var call: String
  /// The harness's expectations of the changes the dispatch makes, such as
  /// `harness.expect(.startedLoading(.load))`: `{{startChanges}}`.
  package var startChanges: String
  /// Statements that let the run go on once it started, such as advancing the test clock past a
  /// debounce (`await clock.advance(by: .milliseconds(300))`), or nothing: `{{advanceClock}}`.
  package var advanceClock: String
  /// The harness's expectations of the changes when the run succeeds, such as
  /// `harness.expect(.stoppedLoading(.load))`: `{{successChanges}}`.
  package var successChanges: String
  /// Expectations after a success besides the view model's changes, such as the stub's calls:
  /// `{{expectSuccess}}`.
  package var expectSuccess: String
  /// Statements that make the service call fail: `{{stubFailure}}`.
  package var stubFailure: String
  /// An expression for the message `errorMessage(for:)` shows after the failure, which the
  /// default ``failureChanges`` expect.
  package var failureMessage: String
  /// The harness's expectations of the changes when the run fails, such as
  /// `harness.expect(.failed(.load, "load failed"), .stoppedLoading(.load))`: `{{failureChanges}}`.
  package var failureChanges: String
  /// Expectations after the failure besides the view model's changes: `{{expectFailure}}`.
  package var expectFailure: String
  /// For a streaming action, the element type (`{{Element}}`) and the elements the success test
  /// expects (`{{elements}}`); `nil` for an action that returns one value.
  package var stream: Stream?
  /// Declarations the action's tests share, at the top of its tests, such as the changes of an
  /// optimistic action (lines marked `FILL IN`), or nothing: `{{declarations}}`.
  package var declarations: String

  /// What the tests of a streaming action need besides the usual values.
  package struct Stream: Sendable, Hashable {
    /// The element type, such as `String`: `{{Element}}`.
    package var element: String
    /// An expression for the elements the success test expects, in order: `{{elements}}`.
    package var elements: String
    /// A declaration the tests share, such as the sample elements of a type scaffold has no
    /// literal for, or nothing: `{{elementsDeclaration}}`.
    package var declaration: String

    /// Creates the streaming values.
    ///
    /// - Parameters:
    ///   - element: The element type.
    ///   - elements: An expression for the elements the success test expects.
    ///   - declaration: A declaration the tests share; none by default.
    package init(element: String, elements: String, declaration: String = "") {
      self.element = element
      self.elements = elements
      self.declaration = declaration
    }
  }

  /// Creates the values of one action's three tests.
  ///
  /// - Parameters:
  ///   - action: The action's enum case.
  ///   - actionValue: The action value the tests check; `action` by default.
  ///   - makeService: An expression that makes the service.
  ///   - stubSuccess: Statements that set up a successful call; none by default.
  ///   - makeClock: Statements that make what the view model needs besides `service`; none by default.
  ///   - makeViewModel: An expression that makes the view model from `service`.
  ///   - prepare: Statements to run before acting; none by default.
  ///   - countCalls: Statements the success test runs just before acting; none by default.
  ///   - call: The call that returns the run's task.
  ///   - startChanges: The harness's expectations of the dispatch's changes; by default that the
  ///     action started loading.
  ///   - advanceClock: Statements that let the started run go on; none by default.
  ///   - successChanges: The harness's expectations when the run succeeds; by default that the
  ///     action stopped loading.
  ///   - expectSuccess: Expectations after a success; none by default.
  ///   - stubFailure: Statements that make the service call fail.
  ///   - failureMessage: An expression for the message shown after the failure.
  ///   - failureChanges: The harness's expectations when the run fails; by default that the
  ///     action failed with `failureMessage` and stopped loading.
  ///   - expectFailure: Expectations after the failure; none by default.
  ///   - stream: For a streaming action, its element type and expected elements; `nil` by default.
  ///   - declarations: Declarations the action's tests share; none by default.
  package init(
    action: String,
    actionValue: String? = nil,
    makeService: String,
    stubSuccess: String = "",
    makeClock: String = "",
    makeViewModel: String,
    prepare: String = "",
    countCalls: String = "",
    call: String,
    startChanges: String? = nil,
    advanceClock: String = "",
    successChanges: String? = nil,
    expectSuccess: String = "",
    stubFailure: String,
    failureMessage: String,
    failureChanges: String? = nil,
    expectFailure: String = "",
    stream: Stream? = nil,
    declarations: String = ""
  ) {
    let actionValue = actionValue ?? action
    self.action = action
    self.actionValue = actionValue
    self.makeService = makeService
    self.stubSuccess = stubSuccess
    self.makeClock = makeClock
    self.makeViewModel = makeViewModel
    self.prepare = prepare
    self.countCalls = countCalls
    self.call = call
    self.startChanges = startChanges ?? "harness.expect(.startedLoading(.\(actionValue)))"
    self.advanceClock = advanceClock
    self.successChanges = successChanges ?? "harness.expect(.stoppedLoading(.\(actionValue)))"
    self.expectSuccess = expectSuccess
    self.stubFailure = stubFailure
    self.failureMessage = failureMessage
    self.failureChanges =
      failureChanges
      ?? Self.expectation(".failed(.\(actionValue), \(failureMessage)), .stoppedLoading(.\(actionValue))")
    self.expectFailure = expectFailure
    self.stream = stream
    self.declarations = declarations
  }

  /// `harness.expect(<changes>)`: on one line when it fits a test's body (indented 6 in XCTest),
  /// else broken after the parenthesis, when longer still the changes filling lines of at most 112
  /// characters (110 in XCTest, whose tests are indented two more), as swift-format breaks it.
  ///
  /// - Parameters:
  ///   - changes: The changes, separated by commas.
  ///   - framework: The test library the statement is written for, which sets its indentation.
  /// - Returns: The statement.
  package static func expectation(_ changes: String, framework: TestFramework = .swiftTesting) -> String {
    let deeper = framework == .xctest ? 2 : 0
    guard changes.count > 98 else { return "harness.expect(\(changes))" }
    // Broken after the parenthesis, the changes are indented 6 (8 in XCTest) and end with `)`.
    guard changes.count > 113 - deeper else { return "harness.expect(\n  \(changes))" }
    var lines: [String] = []
    for change in SourceIndex.splitTopLevel(changes) {
      if let last = lines.last, last.count + 2 + change.count + 1 <= 112 - deeper {
        lines[lines.count - 1] = last + ", " + change
      } else {
        lines.append(change)
      }
    }
    return "harness.expect(\n  " + lines.joined(separator: ",\n  ") + ")"
  }

  /// The values `action-dispatch scaffold` uses: they compile once the view model has the
  /// method and the mock has the stub.
  ///
  /// - Parameters:
  ///   - action: The action's enum case, also the view model's method and `<action>Stub`.
  ///   - names: The view model's derived names; the mock is made with `()`.
  ///   - framework: The test library the check of the stub is written for; Swift Testing by default.
  /// - Returns: `Mock<base>Service()`, `<ViewModel>(service: service)`, `viewModel.<action>()`,
  ///   a failure with `StubError("<action> failed")`, and a check that the stub was called once.
  package static func defaults(
    for action: String, names: ViewModelNames, framework: TestFramework = .swiftTesting
  ) -> ActionTestValues {
    defaults(for: ActionSignature(plain: action), names: names, framework: framework)
  }

  /// The values `action-dispatch scaffold` uses for an action that may have associated values:
  /// the tests call the method with a sample of each, and check that action value.
  ///
  /// - Parameters:
  ///   - signature: The action: `delete(Int)` is called as `viewModel.delete(1)` and checked as
  ///     `.delete(1)`.
  ///   - names: The view model's derived names; the mock is made with `()`.
  ///   - framework: The test library the check of the stub is written for; Swift Testing by default.
  /// - Returns: The values, as for ``defaults(for:names:framework:)-(String,_,_)``.
  package static func defaults(
    for signature: ActionSignature, names: ViewModelNames, framework: TestFramework = .swiftTesting
  ) -> ActionTestValues {
    let action = signature.name
    let message = "\(action) failed"
    return ActionTestValues(
      action: action,
      actionValue: signature.sampleValue,
      makeService: "\(names.mockService)()",
      makeViewModel: "\(names.viewModel)(service: service)",
      call: "viewModel.\(signature.sampleCall)",
      expectSuccess: framework.expectEqual("service.\(action)Stub.callCount", "1"),
      stubFailure: "service.\(action)Stub.fail(with: StubError(\"\(message)\"))",
      failureMessage: "\"\(message)\""
    )
  }

  /// The values `action-dispatch scaffold action --stream <Element>` uses for a streaming action.
  ///
  /// The mock's stub returns an array of elements and its method streams them with
  /// `Stub.stream()` (`let <action>Stub = Stub<Void, [Element]>(returning: [])`); the success
  /// test stubs two sample elements and checks that `On(.action).element` received them in order.
  /// For a type ``ActionSignature/sample(of:)`` has a literal of (`String`, `[Int]`, …) the
  /// samples are literals; for any other, such as the app's `Repo`, the tests share
  /// `static let <action>Elements: [Repo]`, whose two values are the line marked `FILL IN`.
  ///
  /// - Parameters:
  ///   - signature: The action, as for ``defaults(for:names:framework:)-(ActionSignature,_,_)``.
  ///   - element: The element type, as written in Swift.
  ///   - names: The view model's derived names.
  ///   - framework: The test library the checks are written for; Swift Testing by default.
  /// - Returns: The values.
  /// - Throws: ``UnsupportedActionError`` when the element is not a Swift type name.
  package static func streaming(
    _ signature: ActionSignature, element: String, names: ViewModelNames, framework: TestFramework = .swiftTesting
  ) throws -> ActionTestValues {
    let type = element.trimmingCharacters(in: .whitespaces)
    guard ActionSignature.isTypeName(type) else {
      throw UnsupportedActionError(
        text: "--stream \(element)",
        reason: "'\(type)' is not a Swift type name; write the element type as Swift does, such as String, "
          + "[Repo] or Repo")
    }
    var values = defaults(for: signature, names: names, framework: framework)
    let elements: String
    var declaration = ""
    if let sample = ActionSignature.sample(of: type) {
      elements = "[\(sample), \(sample)]"
    } else {
      let name = signature.name + "Elements"
      elements = "Self.\(name)"
      declaration =
        "nonisolated static let \(name): [\(type)] = [<#\(type)#>, <#\(type)#>]  "
        + "// FILL IN: two \(type) values; the tests compare them, so \(type) is Equatable."
    }
    values.stubSuccess = "service.\(signature.name)Stub.succeed(with: \(elements))"
    values.stream = Stream(element: type, elements: elements, declaration: declaration)
    return values
  }

  /// The placeholder values, by placeholder name.
  package var placeholderValues: [String: String] {
    [
      "action": action, "Action": action.prefix(1).uppercased() + action.dropFirst(), "actionValue": actionValue,
      "makeService": makeService, "stubSuccess": stubSuccess, "makeClock": makeClock, "makeViewModel": makeViewModel,
      "prepare": prepare, "countCalls": countCalls, "call": call, "startChanges": startChanges,
      "advanceClock": advanceClock,
      "successChanges": successChanges,
      "expectSuccess": expectSuccess, "stubFailure": stubFailure, "failureChanges": failureChanges,
      "expectFailure": expectFailure,
      "Element": stream?.element ?? "", "elements": stream?.elements ?? "",
      "elementsDeclaration": stream?.declaration ?? "", "declarations": declarations,
    ]
  }

  /// The three tests, rendered from the embedded `ActionTests.swift.template`, or
  /// `ActionStreamTests.swift.template` for a streaming action (`ActionTestsXCTest.swift.template` and `ActionStreamTestsXCTest.swift.template` for XCTest).
  ///
  /// - Parameter framework: The test library; Swift Testing by default.
  /// - Returns: The tests, indented for the body of a suite, ending with a newline.
  package func render(for framework: TestFramework = .swiftTesting) -> String {
    let template =
      switch (framework, stream == nil) {
      case (.swiftTesting, true): EmbeddedTemplates.actionTests
      case (.swiftTesting, false): EmbeddedTemplates.actionStreamTests
      case (.xctest, true): EmbeddedTemplates.actionTestsXCTest
      case (.xctest, false): EmbeddedTemplates.actionStreamTestsXCTest
      }
    return template.renderChecked(placeholderValues)
  }
}
