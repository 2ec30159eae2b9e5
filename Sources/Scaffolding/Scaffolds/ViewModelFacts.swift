/// What `scaffold action` knows about the view model besides its name — told by options or read
/// from the package's sources (``SourceIndex``) — so that the generated tests fit it as it is.
///
/// ```swift
/// var facts = ViewModelFacts()
/// facts.serviceMethod = "closeIssue"                 // the stub is closeIssueStub
/// facts.makeViewModel = #"InboxViewModel(service: service, repo: "o/r", clock: clock)"#
/// facts.setup = "await viewModel.load().value"        // rows exist before the action runs
/// facts.samples = ["viewModel.issues[0]"]             // close one of those rows
/// let scaffold = try ActionScaffold(action: "close(Int)", viewModel: "InboxViewModel", facts: facts)
/// ```
package struct ViewModelFacts: Sendable, Hashable {
  /// The service method the action calls, which also names the mock's `Stub`
  /// (`<serviceMethod>Stub`); the action's name when `nil`.
  package var serviceMethod: String?
  /// An expression that makes the view model from `service`; `<ViewModel>(service: service)`
  /// when `nil`.
  package var makeViewModel: String?
  /// Argument types of ``makeViewModel`` that scaffold could not write, each an editor
  /// placeholder the user fills in.
  package var unresolvedArguments: [String] = []
  /// Whether ``makeViewModel`` passes `clock`, a `TestClock` the tests make first and advance
  /// past a debounce.
  package var passesTestClock = false
  /// The lifecycle hooks the view model overrides (``SourceIndex/overriddenHooks(of:)``), whose
  /// changes its exhaustive tests must expect too; a printed edit says so.
  package var overriddenHooks: [String] = []
  /// Statements the tests run before acting, such as loading the rows the action needs.
  package var setup: String?
  /// Where each type is declared, by name: the action enum, the view model, the service
  /// protocol and the mock. The printed edits name the file.
  package var files: [String: String] = [:]
  /// The edits the package already has — the action's case, the view model's method, the
  /// service requirement, the mock's `Stub` — which ``ActionScaffold/pasteText`` leaves out.
  package var existingEdits: Set<ActionEdit> = []
  /// Whether the action's method dispatches with `optimistic:`: the tests then expect its change
  /// when the run starts and its rollback when it fails, two lines marked `FILL IN`.
  package var isOptimistic = false
  /// The values the tests pass for the action's associated values, in order, such as `1` or
  /// `viewModel.items[0].id`; empty for ``ActionSignature``'s literals. One that reads
  /// `viewModel` is read once, after the set-up, into a constant named after the parameter.
  package var samples: [String] = []

  /// No facts: the conventions of `Templates/README.md` apply.
  package init() {}
}
