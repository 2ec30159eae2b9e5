/// The names scaffold derives from a view model's name: its action enum, service and mock.
///
/// The base is the view model's name without a trailing `ViewModel`:
///
/// ```swift
/// let names = try ViewModelNames(viewModel: "FollowerListViewModel")
/// names.actionEnum        // FollowerListAction
/// names.serviceProtocol   // FollowerListService
/// names.mockService       // MockFollowerListService
/// ```
///
/// A name without the suffix is its own base: `Settings` gives `SettingsAction`.
package struct ViewModelNames: Sendable, Hashable {
  /// The view model's class, such as `FollowerListViewModel`.
  package let viewModel: String
  /// The view model's name without a trailing `ViewModel`, such as `FollowerList`.
  package let base: String
  /// The enum of its actions: `<base>Action`.
  package let actionEnum: String
  /// The protocol of its service: `<base>Service` unless given.
  package let serviceProtocol: String
  /// The mock service tests create: `Mock<base>Service` unless given.
  package let mockService: String

  /// Derives the names from a view model's name.
  ///
  /// - Parameters:
  ///   - viewModel: The view model's class name.
  ///   - mockService: The mock service's class name, when it is not `Mock<base>Service`.
  ///   - serviceProtocol: The service's protocol, when it is not `<base>Service` (an
  ///     `IssueTracker` serving an `InboxViewModel`, say).
  /// - Throws: ``InvalidNameError`` when a name is not a valid Swift identifier.
  package init(viewModel: String, mockService: String? = nil, serviceProtocol: String? = nil) throws(InvalidNameError) {
    try SwiftIdentifier.validate(viewModel, as: .viewModel)
    if let mockService {
      try SwiftIdentifier.validate(mockService, as: .mockService)
    }
    if let serviceProtocol {
      try SwiftIdentifier.validate(serviceProtocol, as: .serviceProtocol)
    }
    let suffix = "ViewModel"
    let base = viewModel.hasSuffix(suffix) && viewModel != suffix ? String(viewModel.dropLast(suffix.count)) : viewModel
    self.viewModel = viewModel
    self.base = base
    self.actionEnum = base + "Action"
    self.serviceProtocol = serviceProtocol ?? base + "Service"
    self.mockService = mockService ?? "Mock\(base)Service"
  }
}
