/// What a name given to `action-dispatch scaffold` will name in the generated code.
///
/// Errors use it to say which name is wrong and to show a valid one:
///
/// ```swift
/// print(NameRole.action.noun)      // action name
/// print(NameRole.action.example)   // fetchProfile
/// ```
package enum NameRole: Sendable, Hashable, CaseIterable {
  /// An action: an enum case, a view-model method and the prefix of three test names.
  case action
  /// A view model's class, from which the action enum, service and mock are named.
  case viewModel
  /// The mock service class the tests create.
  case mockService
  /// The module the tests import.
  case module
  /// The protocol of the view model's service.
  case serviceProtocol
  /// The service method an action calls, which names the mock's `Stub`.
  case serviceMethod

  /// How errors call it, such as `action name`.
  package var noun: String {
    switch self {
    case .action: "action name"
    case .viewModel: "view model type name"
    case .mockService: "mock type name"
    case .module: "module name"
    case .serviceProtocol: "service protocol name"
    case .serviceMethod: "service method name"
    }
  }

  /// A valid name of this kind, for error messages.
  package var example: String {
    switch self {
    case .action: "fetchProfile"
    case .viewModel: "ProfileViewModel"
    case .mockService: "MockProfileService"
    case .module: "MyApp"
    case .serviceProtocol: "IssueTracker"
    case .serviceMethod: "closeIssue"
    }
  }
}
