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
    actionStreamTests, actionStreamTestsXCTest, actionTests, actionTestsXCTest, mockService, testSuite, testSuiteXCTest,
    viewModel, viewModelMethod, viewModelStreamMethod,
  ]

  /// `Templates/ActionStreamTests.swift.template`.
  package static let actionStreamTests = Template(
    name: "ActionStreamTests.swift.template",
    text: [
      "  // MARK: - {{action}} (a streaming action)\n  {{elementsDeclaration}}\n  {{declarations}}\n\n  @Te",
      "st func {{action}}Success() async {\n    let service = {{makeService}}\n    {{makeClock}}\n    let v",
      "iewModel = {{makeViewModel}}\n    {{prepare}}\n    {{stubSuccess}}\n    {{countCalls}}\n    let harn",
      "ess = StrictHarness(viewModel)  // exhaustive: each change must be expected, in order\n    var recei",
      "ved: [{{Element}}] = []\n    let token = viewModel.observe {\n      On(.{{actionValue}}).element { (",
      "element: {{Element}}) in received.append(element) }\n    }\n\n    let run = harness.send { _ in {{ca",
      "ll}} }\n    {{startChanges}}\n    {{advanceClock}}\n    await run.value\n    {{successChanges}}\n   ",
      " #expect(received == {{elements}})\n    {{expectSuccess}}\n    token.cancel()\n  }\n\n  @Test func {",
      "{action}}Failure() async {\n    let service = {{makeService}}\n    {{makeClock}}\n    let viewModel ",
      "= {{makeViewModel}}\n    {{prepare}}\n    {{stubFailure}}\n    let harness = StrictHarness(viewModel",
      ")\n\n    let run = harness.send { _ in {{call}} }\n    {{startChanges}}\n    {{advanceClock}}\n    a",
      "wait run.value\n    {{failureChanges}}\n    {{expectFailure}}\n  }\n\n  @Test func {{action}}Lifecyc",
      "le() async {\n    let service = {{makeService}}\n    {{makeClock}}\n    let viewModel = {{makeViewMo",
      "del}}\n    {{prepare}}\n    {{stubSuccess}}\n    let recorder = EventRecorder(viewModel)\n    let ha",
      "rness = StrictHarness(viewModel)  // the suite's .strict trait fails the test if work is left runnin",
      "g\n\n    let run = harness.send { _ in {{call}} }\n    {{startChanges}}\n    {{advanceClock}}\n    a",
      "wait run.value\n    {{successChanges}}\n    #expect(recorder.events == [.started(.{{actionValue}}), ",
      ".succeeded(.{{actionValue}})])\n  }\n",
    ].joined()
  )

  /// `Templates/ActionStreamTestsXCTest.swift.template`.
  package static let actionStreamTestsXCTest = Template(
    name: "ActionStreamTestsXCTest.swift.template",
    text: [
      "  // MARK: - {{action}} (a streaming action)\n  {{elementsDeclaration}}\n  {{declarations}}\n\n  @Ma",
      "inActor func test{{Action}}Success() async {\n    await withSerialExecutor {\n      let service = {{",
      "makeService}}\n      {{makeClock}}\n      let viewModel = {{makeViewModel}}\n      {{prepare}}\n    ",
      "  {{stubSuccess}}\n      {{countCalls}}\n      let harness = StrictHarness(viewModel, strictness: .e",
      "xhaustive)  // each change must be expected, in order\n      var received: [{{Element}}] = []\n     ",
      " let token = viewModel.observe {\n        On(.{{actionValue}}).element { (element: {{Element}}) in r",
      "eceived.append(element) }\n      }\n\n      let run = harness.send { _ in {{call}} }\n      {{startC",
      "hanges}}\n      {{advanceClock}}\n      await run.value\n      {{successChanges}}\n      XCTAssertEq",
      "ual(received, {{elements}})\n      {{expectSuccess}}\n      token.cancel()\n    }\n  }\n\n  @MainAct",
      "or func test{{Action}}Failure() async {\n    await withSerialExecutor {\n      let service = {{makeS",
      "ervice}}\n      {{makeClock}}\n      let viewModel = {{makeViewModel}}\n      {{prepare}}\n      {{s",
      "tubFailure}}\n      let harness = StrictHarness(viewModel, strictness: .exhaustive)\n\n      let run",
      " = harness.send { _ in {{call}} }\n      {{startChanges}}\n      {{advanceClock}}\n      await run.v",
      "alue\n      {{failureChanges}}\n      {{expectFailure}}\n    }\n  }\n\n  @MainActor func test{{Actio",
      "n}}Lifecycle() async {\n    await withSerialExecutor {\n      let service = {{makeService}}\n      {",
      "{makeClock}}\n      let viewModel = {{makeViewModel}}\n      {{prepare}}\n      {{stubSuccess}}\n   ",
      "   let recorder = EventRecorder(viewModel)\n      let harness = StrictHarness(viewModel, strictness:",
      " .exhaustive)  // finished at tear-down: work left running fails\n\n      let run = harness.send { _",
      " in {{call}} }\n      {{startChanges}}\n      {{advanceClock}}\n      await run.value\n      {{succe",
      "ssChanges}}\n      XCTAssertEqual(recorder.events, [.started(.{{actionValue}}), .succeeded(.{{action",
      "Value}})])\n    }\n  }\n",
    ].joined()
  )

  /// `Templates/ActionTests.swift.template`.
  package static let actionTests = Template(
    name: "ActionTests.swift.template",
    text: [
      "  // MARK: - {{action}}\n  {{declarations}}\n\n  @Test func {{action}}Success() async {\n    let ser",
      "vice = {{makeService}}\n    {{makeClock}}\n    let viewModel = {{makeViewModel}}\n    {{prepare}}\n ",
      "   {{stubSuccess}}\n    {{countCalls}}\n    let harness = StrictHarness(viewModel)  // exhaustive: e",
      "ach change must be expected, in order\n\n    let run = harness.send { _ in {{call}} }\n    {{startCh",
      "anges}}\n    {{advanceClock}}\n    await run.value\n    {{successChanges}}\n    {{expectSuccess}}\n ",
      " }\n\n  @Test func {{action}}Failure() async {\n    let service = {{makeService}}\n    {{makeClock}}",
      "\n    let viewModel = {{makeViewModel}}\n    {{prepare}}\n    {{stubFailure}}\n    let harness = Str",
      "ictHarness(viewModel)\n\n    let run = harness.send { _ in {{call}} }\n    {{startChanges}}\n    {{a",
      "dvanceClock}}\n    await run.value\n    {{failureChanges}}\n    {{expectFailure}}\n  }\n\n  @Test fu",
      "nc {{action}}Lifecycle() async {\n    let service = {{makeService}}\n    {{makeClock}}\n    let view",
      "Model = {{makeViewModel}}\n    {{prepare}}\n    {{stubSuccess}}\n    let recorder = EventRecorder(vi",
      "ewModel)\n    let harness = StrictHarness(viewModel)  // the suite's .strict trait fails the test if",
      " work is left running\n\n    let run = harness.send { _ in {{call}} }\n    {{startChanges}}\n    {{a",
      "dvanceClock}}\n    await run.value\n    {{successChanges}}\n    #expect(recorder.events == [.started",
      "(.{{actionValue}}), .succeeded(.{{actionValue}})])\n  }\n",
    ].joined()
  )

  /// `Templates/ActionTestsXCTest.swift.template`.
  package static let actionTestsXCTest = Template(
    name: "ActionTestsXCTest.swift.template",
    text: [
      "  // MARK: - {{action}}\n  {{declarations}}\n\n  @MainActor func test{{Action}}Success() async {\n  ",
      "  await withSerialExecutor {\n      let service = {{makeService}}\n      {{makeClock}}\n      let vi",
      "ewModel = {{makeViewModel}}\n      {{prepare}}\n      {{stubSuccess}}\n      {{countCalls}}\n      l",
      "et harness = StrictHarness(viewModel, strictness: .exhaustive)  // each change must be expected, in ",
      "order\n\n      let run = harness.send { _ in {{call}} }\n      {{startChanges}}\n      {{advanceCloc",
      "k}}\n      await run.value\n      {{successChanges}}\n      {{expectSuccess}}\n    }\n  }\n\n  @Main",
      "Actor func test{{Action}}Failure() async {\n    await withSerialExecutor {\n      let service = {{ma",
      "keService}}\n      {{makeClock}}\n      let viewModel = {{makeViewModel}}\n      {{prepare}}\n      ",
      "{{stubFailure}}\n      let harness = StrictHarness(viewModel, strictness: .exhaustive)\n\n      let ",
      "run = harness.send { _ in {{call}} }\n      {{startChanges}}\n      {{advanceClock}}\n      await ru",
      "n.value\n      {{failureChanges}}\n      {{expectFailure}}\n    }\n  }\n\n  @MainActor func test{{Ac",
      "tion}}Lifecycle() async {\n    await withSerialExecutor {\n      let service = {{makeService}}\n    ",
      "  {{makeClock}}\n      let viewModel = {{makeViewModel}}\n      {{prepare}}\n      {{stubSuccess}}\n",
      "      let recorder = EventRecorder(viewModel)\n      let harness = StrictHarness(viewModel, strictne",
      "ss: .exhaustive)  // finished at tear-down: work left running fails\n\n      let run = harness.send ",
      "{ _ in {{call}} }\n      {{startChanges}}\n      {{advanceClock}}\n      await run.value\n      {{su",
      "ccessChanges}}\n      XCTAssertEqual(recorder.events, [.started(.{{actionValue}}), .succeeded(.{{act",
      "ionValue}})])\n    }\n  }\n",
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
      "\n@MainActor\n@Suite(.serialExecutor, .strict(.exhaustive)) struct {{Suite}} {\n{{tests}}\n}\n",
    ].joined()
  )

  /// `Templates/TestSuiteXCTest.swift.template`.
  package static let testSuiteXCTest = Template(
    name: "TestSuiteXCTest.swift.template",
    text: [
      "import ActionDispatch\nimport ActionDispatchTesting\nimport XCTest\n\n@testable import {{module}}\n",
      "\n// Each test runs on the serial executor (withSerialExecutor) through an exhaustive StrictHarness,",
      "\n// which finishes when the test case tears down: work left running or a change not expected fails ",
      "it.\nfinal class {{Suite}}: XCTestCase {\n{{tests}}\n}\n",
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
      "d, Never> {\n    dispatch(\n      actionId: .{{actionValue}},\n      {{policy}}\n      task: { [serv",
      "ice] in  // Capture the service, not self, so releasing the view model cancels the run.\n        try",
      " await service.{{serviceMethod}}({{arguments}})  // FILL IN: the one service call this action makes.",
      "\n      }\n    ) { viewModel, _ in\n      // Keep what the call returned in a property of viewModel ",
      "here, for the view to show.\n    }\n  }\n\n// Add to the protocol {{ServiceProtocol}}{{serviceFile}}",
      " (the call above; give it your call's result):\n\n  func {{serviceMethod}}({{parameters}}) async thr",
      "ows\n\n// Add to the mock {{MockService}}{{mockFile}}, in your test target (the tests set and check ",
      "the Stub):\n\n  let {{serviceMethod}}Stub = Stub<{{StubInput}}, Void>(returning: ())\n\n  func {{ser",
      "viceMethod}}({{parameters}}) async throws {\n    try await {{serviceMethod}}Stub({{stubArguments}})",
      "\n  }\n",
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
      "{parameters}}) -> Task<Void, Never> {\n    dispatch(\n      actionId: .{{actionValue}},\n      {{pol",
      "icy}}\n      elements: { [service] in  // Capture the service, not self, so releasing the view model",
      " cancels the run.\n        service.{{serviceMethod}}({{arguments}})  // FILL IN: the service call th",
      "at returns the sequence.\n      }\n    ) { viewModel, element in\n      // Keep each {{Element}} in ",
      "a property of viewModel here, for the view to show.\n    }\n  }\n\n// Add to the protocol {{ServiceP",
      "rotocol}}{{serviceFile}} (the call above):\n\n  func {{serviceMethod}}({{parameters}}) -> AsyncThrow",
      "ingStream<{{Element}}, any Error>\n\n// Add to the mock {{MockService}}{{mockFile}}, in your test ta",
      "rget (the tests set the Stub's elements):\n\n  let {{serviceMethod}}Stub = Stub<{{StubInput}}, [{{El",
      "ement}}]>(returning: [])\n\n  func {{serviceMethod}}({{parameters}}) -> AsyncThrowingStream<{{Elemen",
      "t}}, any Error> {\n    {{serviceMethod}}Stub.stream({{stubArguments}})\n  }\n",
    ].joined()
  )
}
