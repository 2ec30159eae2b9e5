// Generated from Templates/*.swift.template by scripts/embed-templates. Do not edit: change the
// template, then run scripts/embed-templates. EmbeddedTemplatesTests fails until you do.

/// The templates of `Templates/`, compiled into the tool so that `action-dispatch scaffold` works
/// from any directory.
///
/// `Templates/` is the single source: `scripts/embed-templates` writes this file from it, and
/// a test fails when the two differ.
///
/// ```swift
/// let text = try EmbeddedTemplates.testSuite.render(["module": "MyApp", "Suite": "MyTests", "tests": ""])
/// ```
package enum EmbeddedTemplates {
  /// Every template, in file-name order.
  package static let all: [Template] = [
    actionStreamTests, actionTests, mockService, testSuite, viewModel, viewModelMethod, viewModelStreamMethod,
  ]

  /// `Templates/ActionStreamTests.swift.template`.
  package static let actionStreamTests = Template(
    name: "ActionStreamTests.swift.template",
    text: [
      "  // MARK: - {{action}} (a streaming action)\n  {{elementsDeclaration}}\n\n  @Test func {{action}}Su",
      "ccess() async {\n    let service = {{makeService}}\n    {{stubSuccess}}\n    let viewModel = {{makeV",
      "iewModel}}\n    {{prepare}}\n    var received: [{{Element}}] = []\n    let token = viewModel.observe",
      " {\n      On(.{{actionValue}}).element { (element: {{Element}}) in received.append(element) }\n    }",
      "\n\n    await {{call}}.value\n\n    #expect(viewModel.errorMessage(for: .{{actionValue}}) == nil)\n ",
      "   #expect(received == {{elements}})\n    {{expectSuccess}}\n    token.cancel()\n  }\n\n  @Test func",
      " {{action}}Failure() async {\n    let service = {{makeService}}\n    {{stubFailure}}\n    let viewMo",
      "del = {{makeViewModel}}\n    {{prepare}}\n\n    await {{call}}.value\n\n    #expect(viewModel.errorM",
      "essage(for: .{{actionValue}}) == {{failureMessage}})\n    {{expectFailure}}\n  }\n\n  @Test func {{a",
      "ction}}Lifecycle() async {\n    let service = {{makeService}}\n    {{stubSuccess}}\n    let viewMode",
      "l = {{makeViewModel}}\n    {{prepare}}\n    let recorder = EventRecorder(viewModel)\n    let harness",
      " = StrictHarness(viewModel)  // the suite's .strict trait fails the test if work is left running\n\n",
      "    let run = harness.send { _ in {{call}} }\n    #expect(viewModel.isLoading(for: .{{actionValue}})",
      ")\n    await run.value\n\n    #expect(!viewModel.isLoading(for: .{{actionValue}}))\n    #expect(reco",
      "rder.events == [.started(.{{actionValue}}), .succeeded(.{{actionValue}})])\n  }\n",
    ].joined()
  )

  /// `Templates/ActionTests.swift.template`.
  package static let actionTests = Template(
    name: "ActionTests.swift.template",
    text: [
      "  // MARK: - {{action}}\n\n  @Test func {{action}}Success() async {\n    let service = {{makeService",
      "}}\n    {{stubSuccess}}\n    let viewModel = {{makeViewModel}}\n    {{prepare}}\n\n    await {{call}",
      "}.value\n\n    #expect(viewModel.errorMessage(for: .{{actionValue}}) == nil)\n    {{expectSuccess}}",
      "\n  }\n\n  @Test func {{action}}Failure() async {\n    let service = {{makeService}}\n    {{stubFail",
      "ure}}\n    let viewModel = {{makeViewModel}}\n    {{prepare}}\n\n    await {{call}}.value\n\n    #ex",
      "pect(viewModel.errorMessage(for: .{{actionValue}}) == {{failureMessage}})\n    {{expectFailure}}\n  ",
      "}\n\n  @Test func {{action}}Lifecycle() async {\n    let service = {{makeService}}\n    {{stubSucces",
      "s}}\n    let viewModel = {{makeViewModel}}\n    {{prepare}}\n    let recorder = EventRecorder(viewMo",
      "del)\n    let harness = StrictHarness(viewModel)  // the suite's .strict trait fails the test if wor",
      "k is left running\n\n    let run = harness.send { _ in {{call}} }\n    #expect(viewModel.isLoading(f",
      "or: .{{actionValue}}))\n    await run.value\n\n    #expect(!viewModel.isLoading(for: .{{actionValue}",
      "}))\n    #expect(recorder.events == [.started(.{{actionValue}}), .succeeded(.{{actionValue}})])\n  }",
      "\n",
    ].joined()
  )

  /// `Templates/MockService.swift.template`.
  package static let mockService = Template(
    name: "MockService.swift.template",
    text: [
      "import ActionDispatchTesting\n@testable import {{module}}\n\n/// A ``{{ServiceProtocol}}`` for tests",
      ": one `Stub` per method, named after the method.\n///\n/// A test sets what a call returns or throws",
      ", then checks how it was called:\n///\n/// ```swift\n/// service.{{action}}Stub.fail(with: StubError",
      "(\"offline\"))\n/// #expect(service.{{action}}Stub.callCount == 1)\n/// ```\nfinal class {{MockServi",
      "ce}}: {{ServiceProtocol}} {\n  let {{action}}Stub = Stub<Void, String>(returning: \"\")\n\n  func {{",
      "action}}() async throws -> String {\n    try await {{action}}Stub()\n  }\n}\n",
    ].joined()
  )

  /// `Templates/TestSuite.swift.template`.
  package static let testSuite = Template(
    name: "TestSuite.swift.template",
    text: [
      "import ActionDispatch\nimport ActionDispatchTesting\nimport Testing\n\n@testable import {{module}}\n",
      "\n@MainActor\n@Suite(.serialExecutor, .strict) struct {{Suite}} {\n{{tests}}\n}\n",
    ].joined()
  )

  /// `Templates/ViewModel.swift.template`.
  package static let viewModel = Template(
    name: "ViewModel.swift.template",
    text: [
      "import ActionDispatch\nimport Observation\n\n/// The actions of ``{{ViewModel}}``: one case per meth",
      "od that calls the service.\npublic enum {{ActionEnum}}: ActionIdType {\n  case {{action}}\n}\n\n/// ",
      "What ``{{ViewModel}}`` needs from outside: the network, the disk, the system.\n///\n/// Tests use a ",
      "mock with one `Stub` per method, named after the method: `{{action}}Stub`.\npublic protocol {{Servic",
      "eProtocol}}: Sendable {\n  /// Fetches what the view shows.\n  func {{action}}() async throws -> Str",
      "ing\n}\n\n/// Say what this screen shows and what the user can do there.\n///\n/// > Important: Keep",
      " `@Observable` on this class. Observation tracks only the properties of a\n/// > class that carries ",
      "the macro itself: without it, views never see `value` change.\n///\n/// > Important: In a task closu",
      "re, capture the service (`[service] in`), not `self`, so that\n/// > releasing the view model cancel",
      "s its work in flight.\n@MainActor\n@Observable\npublic final class {{ViewModel}}: BaseViewModel<{{Ac",
      "tionEnum}}> {\n  /// What the last `{{action}}` returned.\n  public private(set) var value: String?",
      "\n\n  private let service: any {{ServiceProtocol}}\n\n  /// Creates the view model.\n  ///\n  /// - ",
      "Parameter service: Where the data comes from; a mock in tests.\n  public init(service: any {{Service",
      "Protocol}}) {\n    self.service = service\n    super.init()\n  }\n\n  /// Fetches what the view show",
      "s and keeps it in ``value``.\n  ///\n  /// - Returns: The run's task; await it to wait for the whole",
      " run, hooks included.\n  @discardableResult\n  public func {{action}}() -> Task<Void, Never> {\n    ",
      "dispatch(\n      actionId: .{{action}},\n      task: { [service] in\n        try await service.{{act",
      "ion}}()\n      }\n    ) { viewModel, value in\n      viewModel.value = value\n    }\n  }\n}\n",
    ].joined()
  )

  /// `Templates/ViewModelMethod.swift.template`.
  package static let viewModelMethod = Template(
    name: "ViewModelMethod.swift.template",
    text: [
      "// Add to the enum {{ActionEnum}}{{enumFile}}:\n\n  case {{caseDeclaration}}\n\n// Add to the class ",
      "{{ViewModel}}{{viewModelFile}}, which keeps its service in `let service`:\n\n  /// Runs `{{action}}`",
      ": say what it loads or changes.\n  ///\n  /// - Returns: The run's task; await it to wait for the wh",
      "ole run, hooks included.\n  @discardableResult\n  public func {{action}}({{parameters}}) -> Task<Voi",
      "d, Never> {\n    dispatch(\n      actionId: .{{actionValue}},\n      task: { [service] in  // Captur",
      "e the service, not self, so releasing the view model cancels the run.\n        try await service.{{s",
      "erviceMethod}}({{arguments}})  // FILL IN: the one service call this action makes.\n      }\n    ) {",
      " viewModel, _ in\n      // Keep what the call returned in a property of viewModel here, for the view",
      " to show.\n    }\n  }\n\n// Add to the protocol {{ServiceProtocol}}{{serviceFile}} (the call above; ",
      "give it your call's result):\n\n  func {{serviceMethod}}({{parameters}}) async throws\n\n// Add to t",
      "he mock {{MockService}}{{mockFile}}, in your test target (the tests set and check the Stub):\n\n  le",
      "t {{serviceMethod}}Stub = Stub<{{StubInput}}, Void>(returning: ())\n\n  func {{serviceMethod}}({{par",
      "ameters}}) async throws {\n    try await {{serviceMethod}}Stub({{stubArguments}})\n  }\n",
    ].joined()
  )

  /// `Templates/ViewModelStreamMethod.swift.template`.
  package static let viewModelStreamMethod = Template(
    name: "ViewModelStreamMethod.swift.template",
    text: [
      "// Add to the enum {{ActionEnum}}{{enumFile}}:\n\n  case {{caseDeclaration}}\n\n// Add to the class ",
      "{{ViewModel}}{{viewModelFile}}, which keeps its service in `let service`:\n\n  /// Runs `{{action}}`",
      ", a streaming action: say what each element brings.\n  ///\n  /// - Returns: The run's task; await i",
      "t to wait until the sequence ends, hooks included.\n  @discardableResult\n  public func {{action}}({",
      "{parameters}}) -> Task<Void, Never> {\n    dispatch(\n      actionId: .{{actionValue}},\n      eleme",
      "nts: { [service] in  // Capture the service, not self, so releasing the view model cancels the run.",
      "\n        service.{{serviceMethod}}({{arguments}})  // FILL IN: the service call that returns the se",
      "quence.\n      }\n    ) { viewModel, element in\n      // Keep each {{Element}} in a property of vie",
      "wModel here, for the view to show.\n    }\n  }\n\n// Add to the protocol {{ServiceProtocol}}{{servic",
      "eFile}} (the call above):\n\n  func {{serviceMethod}}({{parameters}}) -> AsyncThrowingStream<{{Eleme",
      "nt}}, any Error>\n\n// Add to the mock {{MockService}}{{mockFile}}, in your test target (the tests s",
      "et the Stub's elements):\n\n  let {{serviceMethod}}Stub = Stub<{{StubInput}}, [{{Element}}]>(returni",
      "ng: [])\n\n  func {{serviceMethod}}({{parameters}}) -> AsyncThrowingStream<{{Element}}, any Error> {",
      "\n    {{serviceMethod}}Stub.stream({{stubArguments}})\n  }\n",
    ].joined()
  )
}
