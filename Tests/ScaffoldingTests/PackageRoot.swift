import Foundation

/// The package's root folder, found from this file's path, so tests can read `Templates/` and
/// other sources without depending on the working directory.
enum PackageRoot {
  /// `<root>`, three levels above `Tests/ScaffoldingTests/PackageRoot.swift`.
  static let url = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent()
    .deletingLastPathComponent()
    .deletingLastPathComponent()

  /// The text of a file, by its path from the root.
  static func read(_ path: String) throws -> String {
    try String(contentsOf: url.appendingPathComponent(path), encoding: .utf8)
  }
}
