/// Why ``ScaffoldLayout`` cannot place or write a scaffold's files, saying what it found and
/// what to do.
///
/// ```swift
/// do {
///   _ = try layout.destination(output: ".", module: nil, viewModel: "InboxViewModel")
/// } catch {
///   print(error)   // cannot tell which module defines InboxViewModel: the package at . has no Sources/ ...
/// }
/// ```
package struct ScaffoldLayoutError: Error, Sendable, Equatable, CustomStringConvertible {
  /// What went wrong.
  package enum Kind: Sendable, Hashable {
    /// The module cannot be told: the user must pass `--module` (a usage error).
    case unknownModule
    /// A file is in the way or cannot be written: nothing or not everything was written.
    case cannotWrite
  }

  /// What went wrong.
  package let kind: Kind
  /// What happened and what to do, starting in lowercase (it follows `error: `).
  package let description: String

  /// Creates the error.
  ///
  /// - Parameters:
  ///   - kind: What went wrong.
  ///   - description: What happened and what to do.
  package init(_ kind: Kind, _ description: String) {
    self.kind = kind
    self.description = description
  }
}
