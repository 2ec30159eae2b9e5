/// One file scaffold generates: its name, the target it belongs in, and its text.
///
/// ```swift
/// let scaffold = try ViewModelScaffold(viewModel: "ProfileViewModel", module: "MyApp")
/// for file in scaffold.files {
///   print(file.header)   // // File ProfileViewModel.swift, in your app target:
/// }
/// ```
public struct ScaffoldFile: Sendable, Hashable {
  /// The kind of target a file belongs in.
  public enum Target: Sendable, Hashable {
    /// The target that defines the view model.
    case app
    /// The test target, which depends on `ActionDispatchTesting`.
    case tests

    /// `your app target` or `your test target`.
    public var description: String {
      switch self {
      case .app: "your app target"
      case .tests: "your test target"
      }
    }
  }

  /// The file's name, such as `ProfileViewModelTests.swift`.
  public let fileName: String
  /// The target it belongs in.
  public let target: Target
  /// The Swift source, ending with a newline.
  public let contents: String

  /// Creates a file.
  ///
  /// - Parameters:
  ///   - fileName: The file's name.
  ///   - target: The target it belongs in.
  ///   - contents: The Swift source.
  public init(fileName: String, target: Target, contents: String) {
    self.fileName = fileName
    self.target = target
    self.contents = contents
  }

  /// The line that introduces the file when it is printed: `// File <name>, in your test target:`.
  public var header: String {
    "// File \(fileName), in \(target.description):"
  }

  /// The header, a blank line and the contents: how scaffold prints a file.
  public var listing: String {
    header + "\n\n" + contents
  }
}
