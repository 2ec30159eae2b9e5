/// One file scaffold generates: its name, the target it belongs in, and its text.
///
/// ```swift
/// let scaffold = try ViewModelScaffold(viewModel: "ProfileViewModel", module: "MyApp")
/// for file in scaffold.files {
///   print(file.header)   // // File ProfileViewModel.swift, in your app target:
/// }
/// ```
package struct ScaffoldFile: Sendable, Hashable {
  /// The kind of target a file belongs in.
  package enum Target: Sendable, Hashable {
    /// The target that defines the view model.
    case app
    /// The test target, which depends on `ActionDispatchTesting`.
    case tests

    /// `your app target` or `your test target`.
    package var description: String {
      switch self {
      case .app: "your app target"
      case .tests: "your test target"
      }
    }
  }

  /// The file's name, such as `ProfileViewModelTests.swift`.
  package let fileName: String
  /// The target it belongs in.
  package let target: Target
  /// The Swift source, ending with a newline.
  package let contents: String

  /// The line that introduces the file when it is printed: `// File <name>, in your test target:`.
  package var header: String {
    "// File \(fileName), in \(target.description):"
  }

  /// The header, a blank line and the contents: how scaffold prints a file.
  package var listing: String {
    header + "\n\n" + contents
  }
}
