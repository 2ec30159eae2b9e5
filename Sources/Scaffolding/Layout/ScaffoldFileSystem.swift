/// What ``ScaffoldLayout`` needs from a file system: to look, list and write, nothing else.
///
/// ``LocalFileSystem`` is the disk; a test gives the layout a file system in memory, so where
/// `scaffold` puts each file is tested without touching the disk:
///
/// ```swift
/// let layout = ScaffoldLayout(fileSystem: LocalFileSystem())
/// let destination = try layout.destination(output: ".", module: nil, viewModel: "ProfileViewModel")
/// ```
///
/// Paths are as `scaffold` was given them — relative to ``currentDirectory`` or absolute.
package protocol ScaffoldFileSystem: Sendable {
  /// The absolute path relative paths start from.
  var currentDirectory: String { get }

  /// What is at a path.
  ///
  /// - Parameter path: A path, relative or absolute.
  /// - Returns: ``ScaffoldFileKind/file`` or ``ScaffoldFileKind/folder``, or `nil` when nothing is there.
  func kind(of path: String) -> ScaffoldFileKind?

  /// The names of the items in a folder, in any order.
  ///
  /// - Parameter path: A folder's path.
  /// - Returns: The names, or none when the folder does not exist or cannot be read.
  func contents(ofFolder path: String) -> [String]

  /// Writes a file, creating the folders it needs, replacing a file that is there.
  ///
  /// - Parameters:
  ///   - contents: The file's text.
  ///   - path: Where to write it.
  /// - Throws: An error whose description says why, such as "Permission denied".
  func write(_ contents: String, to path: String) throws
}

/// What is at a path in a ``ScaffoldFileSystem``.
package enum ScaffoldFileKind: Sendable, Hashable {
  /// A file.
  case file
  /// A folder.
  case folder
}
