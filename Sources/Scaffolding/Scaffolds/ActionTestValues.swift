import Foundation

/// The values of `Templates/ActionTests.swift.template` for one action: how its three tests
/// (success, failure, lifecycle) make the service and the view model, act, and check.
///
/// The defaults, from ``defaults(for:names:)-(String,_)``, follow the convention of the templates: the
/// mock has a `Stub` named `<action>Stub`, and the view model a method named like the action:
///
/// ```swift
/// let names = try ViewModelNames(viewModel: "ProfileViewModel")
/// let values = ActionTestValues.defaults(for: "load", names: names)
/// values.call          // viewModel.load()
/// values.stubFailure   // service.loadStub.fail(with: StubError("load failed"))
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
  /// An expression that makes the view model from `service`: `{{makeViewModel}}`.
  package var makeViewModel: String
  /// Statements that run before acting, such as loading a first page: `{{prepare}}`.
  package var prepare: String
  /// The call that dispatches the action and returns its task: `{{call}}`.
  package var call: String
  /// Expectations after a success, besides "no error": `{{expectSuccess}}`.
  package var expectSuccess: String
  /// Statements that make the service call fail: `{{stubFailure}}`.
  package var stubFailure: String
  /// An expression for the message `errorMessage(for:)` shows after the failure: `{{failureMessage}}`.
  package var failureMessage: String
  /// Expectations after the failure, besides the message: `{{expectFailure}}`.
  package var expectFailure: String
  /// For a streaming action, the element type (`{{Element}}`) and the elements the success test
  /// expects (`{{elements}}`); `nil` for an action that returns one value.
  package var stream: Stream?

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
  ///   - makeViewModel: An expression that makes the view model from `service`.
  ///   - prepare: Statements to run before acting; none by default.
  ///   - call: The call that returns the run's task.
  ///   - expectSuccess: Expectations after a success; none by default.
  ///   - stubFailure: Statements that make the service call fail.
  ///   - failureMessage: An expression for the message shown after the failure.
  ///   - expectFailure: Expectations after the failure; none by default.
  ///   - stream: For a streaming action, its element type and expected elements; `nil` by default.
  package init(
    action: String,
    actionValue: String? = nil,
    makeService: String,
    stubSuccess: String = "",
    makeViewModel: String,
    prepare: String = "",
    call: String,
    expectSuccess: String = "",
    stubFailure: String,
    failureMessage: String,
    expectFailure: String = "",
    stream: Stream? = nil
  ) {
    self.action = action
    self.actionValue = actionValue ?? action
    self.makeService = makeService
    self.stubSuccess = stubSuccess
    self.makeViewModel = makeViewModel
    self.prepare = prepare
    self.call = call
    self.expectSuccess = expectSuccess
    self.stubFailure = stubFailure
    self.failureMessage = failureMessage
    self.expectFailure = expectFailure
    self.stream = stream
  }

  /// The values `action-dispatch scaffold` uses: they compile once the view model has the
  /// method and the mock has the stub.
  ///
  /// - Parameters:
  ///   - action: The action's enum case, also the view model's method and `<action>Stub`.
  ///   - names: The view model's derived names; the mock is made with `()`.
  /// - Returns: `Mock<base>Service()`, `<ViewModel>(service: service)`, `viewModel.<action>()`,
  ///   a failure with `StubError("<action> failed")`, and a check that the stub was called once.
  package static func defaults(for action: String, names: ViewModelNames) -> ActionTestValues {
    defaults(for: ActionSignature(plain: action), names: names)
  }

  /// The values `action-dispatch scaffold` uses for an action that may have associated values:
  /// the tests call the method with a sample of each, and check that action value.
  ///
  /// - Parameters:
  ///   - signature: The action: `delete(Int)` is called as `viewModel.delete(1)` and checked as
  ///     `.delete(1)`.
  ///   - names: The view model's derived names; the mock is made with `()`.
  /// - Returns: The values, as for ``defaults(for:names:)-(String,_)``.
  package static func defaults(for signature: ActionSignature, names: ViewModelNames) -> ActionTestValues {
    let action = signature.name
    let message = "\(action) failed"
    return ActionTestValues(
      action: action,
      actionValue: signature.sampleValue,
      makeService: "\(names.mockService)()",
      makeViewModel: "\(names.viewModel)(service: service)",
      call: "viewModel.\(signature.sampleCall)",
      expectSuccess: "#expect(service.\(action)Stub.callCount == 1)",
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
  ///   - signature: The action, as for ``defaults(for:names:)-(ActionSignature,_)``.
  ///   - element: The element type, as written in Swift.
  ///   - names: The view model's derived names.
  /// - Returns: The values.
  /// - Throws: ``UnsupportedActionError`` when the element is not a Swift type name.
  package static func streaming(
    _ signature: ActionSignature, element: String, names: ViewModelNames
  ) throws -> ActionTestValues {
    let type = element.trimmingCharacters(in: .whitespaces)
    guard ActionSignature.isTypeName(type) else {
      throw UnsupportedActionError(
        text: "--stream \(element)",
        reason: "'\(type)' is not a Swift type name; write the element type as Swift does, such as String, "
          + "[Repo] or Repo")
    }
    var values = defaults(for: signature, names: names)
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
      "action": action, "actionValue": actionValue, "makeService": makeService, "stubSuccess": stubSuccess,
      "makeViewModel": makeViewModel,
      "prepare": prepare, "call": call, "expectSuccess": expectSuccess, "stubFailure": stubFailure,
      "failureMessage": failureMessage, "expectFailure": expectFailure,
      "Element": stream?.element ?? "", "elements": stream?.elements ?? "",
      "elementsDeclaration": stream?.declaration ?? "",
    ]
  }

  /// The three tests, rendered from the embedded `ActionTests.swift.template`, or
  /// `ActionStreamTests.swift.template` for a streaming action.
  ///
  /// - Returns: The tests, indented for the body of a suite, ending with a newline.
  package func render() -> String {
    (stream == nil ? EmbeddedTemplates.actionTests : EmbeddedTemplates.actionStreamTests)
      .renderChecked(placeholderValues)
  }
}
