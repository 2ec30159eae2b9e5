import Foundation
import Scaffolding

/// The Swift files of the package in the current directory, for ``SourceIndex``: everything
/// under `Sources/` and `Tests/`, paths relative to the package, as the printed edits show them.
enum PackageSources {
  /// Reads the files; none when there is no `Sources/` or `Tests/` here.
  static func index(in directory: String = FileManager.default.currentDirectoryPath) -> SourceIndex {
    var files: [(path: String, text: String)] = []
    for root in ["Sources", "Tests"] {
      let base = URL(fileURLWithPath: directory).appendingPathComponent(root)
      guard let walker = FileManager.default.enumerator(at: base, includingPropertiesForKeys: nil) else { continue }
      for case let url as URL in walker where url.pathExtension == "swift" {
        guard let text = try? String(contentsOf: url, encoding: .utf8) else { continue }
        let relative = url.path.hasPrefix(base.path) ? root + url.path.dropFirst(base.path.count) : url.path
        files.append((relative, text))
      }
    }
    return SourceIndex(files: files.sorted { $0.path < $1.path })
  }
}
