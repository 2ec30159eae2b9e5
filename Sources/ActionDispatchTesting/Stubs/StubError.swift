/// An error for a ``Stub`` to throw when a test needs a failure and any failure will do.
///
/// Its description is its message, so a view model built on `BaseViewModel` shows exactly that
/// message, and a failure test can compare `errorMessage(for:)` with the literal it chose:
///
/// ```swift
/// service.loadStub.fail(with: StubError("load failed"))
/// await viewModel.load().value
/// #expect(viewModel.errorMessage(for: .load) == "load failed")
/// ```
///
/// The tests `action-dispatch scaffold` generates use it for their failure case.
public struct StubError: Error, Equatable, Sendable, CustomStringConvertible {
  /// What went wrong, as a user would be shown it.
  public let message: String

  /// Creates an error with its message.
  ///
  /// - Parameter message: The text `description` returns, and so the text `errorMessage(for:)` shows.
  public init(_ message: String) {
    self.message = message
  }

  /// The message.
  public var description: String { message }
}
