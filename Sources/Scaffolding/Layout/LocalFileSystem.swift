import Foundation

/// The disk, through `FileManager`: the ``ScaffoldFileSystem`` `action-dispatch scaffold` uses.
///
/// ```swift
/// let layout = ScaffoldLayout(fileSystem: LocalFileSystem())
/// ```
package struct LocalFileSystem: ScaffoldFileSystem {
  /// Uses the process's current directory and the disk.
  package init() {}

  /// The process's current directory.
  package var currentDirectory: String { FileManager.default.currentDirectoryPath }

  /// What is at a path on disk.
  ///
  /// - Parameter path: A path, relative to the current directory or absolute.
  /// - Returns: A file or a folder, or `nil` when nothing is there.
  package func kind(of path: String) -> ScaffoldFileKind? {
    var isFolder: ObjCBool = false
    guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else { return nil }
    return isFolder.boolValue ? .folder : .file
  }

  /// The names in a folder on disk.
  ///
  /// - Parameter path: A folder's path.
  /// - Returns: The names, or none when the folder cannot be read.
  package func contents(ofFolder path: String) -> [String] {
    (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
  }

  /// Writes a file atomically, creating its folders.
  ///
  /// - Parameters:
  ///   - contents: The file's text.
  ///   - path: Where to write it.
  /// - Throws: ``LocalFileSystem/Failure`` with the system's reason, such as "Permission denied".
  package func write(_ contents: String, to path: String) throws {
    let url = URL(fileURLWithPath: path)
    let folder = url.deletingLastPathComponent()
    do {
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
      guard FileManager.default.isWritableFile(atPath: folder.path) else {
        throw Failure(description: "its folder is not writable")
      }
      try Data(contents.utf8).write(to: url, options: .atomic)
    } catch let failure as Failure {
      throw failure
    } catch {
      throw Failure(description: Self.reason(error))
    }
  }

  /// Why the disk refused, in the system's words.
  package struct Failure: Error, Sendable, Equatable, CustomStringConvertible {
    /// The reason, without a final period, such as "Permission denied".
    package let description: String
  }

  /// A file-system error's reason, from its POSIX code when it has one (Foundation's own
  /// descriptions are generic on Linux), without a final period.
  private static func reason(_ error: any Error) -> String {
    let nsError = error as NSError
    let underlying = nsError.userInfo[NSUnderlyingErrorKey] as? NSError
    let text =
      if let posix = [underlying, nsError].compactMap({ $0 }).first(where: { $0.domain == NSPOSIXErrorDomain }) {
        String(cString: strerror(Int32(posix.code)))
      } else {
        nsError.localizedDescription
      }
    return text.hasSuffix(".") ? String(text.dropLast()) : text
  }
}
