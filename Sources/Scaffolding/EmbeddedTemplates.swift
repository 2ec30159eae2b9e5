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
    text: #"""
        // MARK: - {{action}} (a streaming action)
        {{elementsDeclaration}}

        @Test func {{action}}Success() async {
          let service = {{makeService}}
          {{stubSuccess}}
          let viewModel = {{makeViewModel}}
          {{prepare}}
          var received: [{{Element}}] = []
          let token = viewModel.observe {
            On(.{{actionValue}}).element { (element: {{Element}}) in received.append(element) }
          }

          await {{call}}.value

          #expect(viewModel.errorMessage(for: .{{actionValue}}) == nil)
          #expect(received == {{elements}})
          {{expectSuccess}}
          token.cancel()
        }

        @Test func {{action}}Failure() async {
          let service = {{makeService}}
          {{stubFailure}}
          let viewModel = {{makeViewModel}}
          {{prepare}}

          await {{call}}.value

          #expect(viewModel.errorMessage(for: .{{actionValue}}) == {{failureMessage}})
          {{expectFailure}}
        }

        @Test func {{action}}Lifecycle() async {
          let service = {{makeService}}
          {{stubSuccess}}
          let viewModel = {{makeViewModel}}
          {{prepare}}
          let recorder = EventRecorder(viewModel)
          let harness = StrictHarness(viewModel)  // the suite's .strict trait fails the test if work is left running

          let run = harness.send { _ in {{call}} }
          #expect(viewModel.isLoading(for: .{{actionValue}}))
          await run.value

          #expect(!viewModel.isLoading(for: .{{actionValue}}))
          #expect(recorder.events == [.started(.{{actionValue}}), .succeeded(.{{actionValue}})])
        }

      """#
  )

  /// `Templates/ActionTests.swift.template`.
  package static let actionTests = Template(
    name: "ActionTests.swift.template",
    text: #"""
        // MARK: - {{action}}

        @Test func {{action}}Success() async {
          let service = {{makeService}}
          {{stubSuccess}}
          let viewModel = {{makeViewModel}}
          {{prepare}}

          await {{call}}.value

          #expect(viewModel.errorMessage(for: .{{actionValue}}) == nil)
          {{expectSuccess}}
        }

        @Test func {{action}}Failure() async {
          let service = {{makeService}}
          {{stubFailure}}
          let viewModel = {{makeViewModel}}
          {{prepare}}

          await {{call}}.value

          #expect(viewModel.errorMessage(for: .{{actionValue}}) == {{failureMessage}})
          {{expectFailure}}
        }

        @Test func {{action}}Lifecycle() async {
          let service = {{makeService}}
          {{stubSuccess}}
          let viewModel = {{makeViewModel}}
          {{prepare}}
          let recorder = EventRecorder(viewModel)
          let harness = StrictHarness(viewModel)  // the suite's .strict trait fails the test if work is left running

          let run = harness.send { _ in {{call}} }
          #expect(viewModel.isLoading(for: .{{actionValue}}))
          await run.value

          #expect(!viewModel.isLoading(for: .{{actionValue}}))
          #expect(recorder.events == [.started(.{{actionValue}}), .succeeded(.{{actionValue}})])
        }

      """#
  )

  /// `Templates/MockService.swift.template`.
  package static let mockService = Template(
    name: "MockService.swift.template",
    text: #"""
      import ActionDispatchTesting
      @testable import {{module}}

      /// A ``{{ServiceProtocol}}`` for tests: one `Stub` per method, named after the method.
      ///
      /// A test sets what a call returns or throws, then checks how it was called:
      ///
      /// ```swift
      /// service.{{action}}Stub.fail(with: StubError("offline"))
      /// #expect(service.{{action}}Stub.callCount == 1)
      /// ```
      final class {{MockService}}: {{ServiceProtocol}} {
        let {{action}}Stub = Stub<Void, String>(returning: "")

        func {{action}}() async throws -> String {
          try await {{action}}Stub()
        }
      }

      """#
  )

  /// `Templates/TestSuite.swift.template`.
  package static let testSuite = Template(
    name: "TestSuite.swift.template",
    text: #"""
      import ActionDispatch
      import ActionDispatchTesting
      import Testing

      @testable import {{module}}

      @MainActor
      @Suite(.serialExecutor, .strict) struct {{Suite}} {
      {{tests}}
      }

      """#
  )

  /// `Templates/ViewModel.swift.template`.
  package static let viewModel = Template(
    name: "ViewModel.swift.template",
    text: #"""
      import ActionDispatch
      import Observation

      /// The actions of ``{{ViewModel}}``: one case per method that calls the service.
      public enum {{ActionEnum}}: ActionIdType {
        case {{action}}
      }

      /// What ``{{ViewModel}}`` needs from outside: the network, the disk, the system.
      ///
      /// Tests use a mock with one `Stub` per method, named after the method: `{{action}}Stub`.
      public protocol {{ServiceProtocol}}: Sendable {
        /// Fetches what the view shows.
        func {{action}}() async throws -> String
      }

      /// Say what this screen shows and what the user can do there.
      ///
      /// > Important: Keep `@Observable` on this class. Observation tracks only the properties of a
      /// > class that carries the macro itself: without it, views never see `value` change.
      ///
      /// > Important: In a task closure, capture the service (`[service] in`), not `self`, so that
      /// > releasing the view model cancels its work in flight.
      @MainActor
      @Observable
      public final class {{ViewModel}}: BaseViewModel<{{ActionEnum}}> {
        /// What the last `{{action}}` returned.
        public private(set) var value: String?

        private let service: any {{ServiceProtocol}}

        /// Creates the view model.
        ///
        /// - Parameter service: Where the data comes from; a mock in tests.
        public init(service: any {{ServiceProtocol}}) {
          self.service = service
          super.init()
        }

        /// Fetches what the view shows and keeps it in ``value``.
        ///
        /// - Returns: The run's task; await it to wait for the whole run, hooks included.
        @discardableResult
        public func {{action}}() -> Task<Void, Never> {
          dispatch(
            actionId: .{{action}},
            task: { [service] in
              try await service.{{action}}()
            }
          ) { viewModel, value in
            viewModel.value = value
          }
        }
      }

      """#
  )

  /// `Templates/ViewModelMethod.swift.template`.
  package static let viewModelMethod = Template(
    name: "ViewModelMethod.swift.template",
    text: #"""
      // Add to the enum {{ActionEnum}}{{enumFile}}:

        case {{caseDeclaration}}

      // Add to the class {{ViewModel}}{{viewModelFile}}, which keeps its service in `let service`:

        /// Runs `{{action}}`: say what it loads or changes.
        ///
        /// - Returns: The run's task; await it to wait for the whole run, hooks included.
        @discardableResult
        public func {{action}}({{parameters}}) -> Task<Void, Never> {
          dispatch(
            actionId: .{{actionValue}},
            task: { [service] in  // Capture the service, not self, so releasing the view model cancels the run.
              try await service.{{serviceMethod}}({{arguments}})  // FILL IN: the one service call this action makes.
            }
          ) { viewModel, _ in
            // Keep what the call returned in a property of viewModel here, for the view to show.
          }
        }

      // Add to the protocol {{ServiceProtocol}}{{serviceFile}} (the call above; give it your call's result):

        func {{serviceMethod}}({{parameters}}) async throws

      // Add to the mock {{MockService}}{{mockFile}}, in your test target (the tests set and check the Stub):

        let {{serviceMethod}}Stub = Stub<{{StubInput}}, Void>(returning: ())

        func {{serviceMethod}}({{parameters}}) async throws {
          try await {{serviceMethod}}Stub({{stubArguments}})
        }

      """#
  )

  /// `Templates/ViewModelStreamMethod.swift.template`.
  package static let viewModelStreamMethod = Template(
    name: "ViewModelStreamMethod.swift.template",
    text: #"""
      // Add to the enum {{ActionEnum}}{{enumFile}}:

        case {{caseDeclaration}}

      // Add to the class {{ViewModel}}{{viewModelFile}}, which keeps its service in `let service`:

        /// Runs `{{action}}`, a streaming action: say what each element brings.
        ///
        /// - Returns: The run's task; await it to wait until the sequence ends, hooks included.
        @discardableResult
        public func {{action}}({{parameters}}) -> Task<Void, Never> {
          dispatch(
            actionId: .{{actionValue}},
            elements: { [service] in  // Capture the service, not self, so releasing the view model cancels the run.
              service.{{serviceMethod}}({{arguments}})  // FILL IN: the service call that returns the sequence.
            }
          ) { viewModel, element in
            // Keep each {{Element}} in a property of viewModel here, for the view to show.
          }
        }

      // Add to the protocol {{ServiceProtocol}}{{serviceFile}} (the call above):

        func {{serviceMethod}}({{parameters}}) -> AsyncThrowingStream<{{Element}}, any Error>

      // Add to the mock {{MockService}}{{mockFile}}, in your test target (the tests set the Stub's elements):

        let {{serviceMethod}}Stub = Stub<{{StubInput}}, [{{Element}}]>(returning: [])

        func {{serviceMethod}}({{parameters}}) -> AsyncThrowingStream<{{Element}}, any Error> {
          {{serviceMethod}}Stub.stream({{stubArguments}})
        }

      """#
  )
}
