import Foundation

/// Writes the files `scaffold` generates, never replacing one unless told to.
///
/// Every path is checked before the first file is written, so a refusal writes nothing:
///
/// ```swift
/// try ScaffoldWriter.write([(path: "Tests/AppTests/XTests.swift", contents: text)], force: false)
/// ```
enum ScaffoldWriter {
  /// A file that cannot be written, with what to do about it.
  struct Failure: Error, Sendable, Equatable, CustomStringConvertible {
    /// What happened and what to do, starting in lowercase (it follows `error: `).
    let message: String

    var description: String { message }
  }

  /// Writes files, creating the folders they need.
  ///
  /// - Parameters:
  ///   - files: Each file's path, relative to the current directory or absolute, and text.
  ///   - force: Whether existing files may be replaced.
  /// - Throws: ``Failure`` when a path exists and `force` is `false`, is a folder, or cannot be
  ///   written.
  static func write(_ files: [(path: String, contents: String)], force: Bool) throws(Failure) {
    for file in files {
      switch kind(of: file.path) {
      case .none:
        if let blocker = fileAmongFolders(of: file.path) {
          throw Failure(message: "\(blocker) is a file, not a folder; choose another --output")
        }
      case .folder:
        throw Failure(message: "\(file.path) is a folder; choose another --output")
      case .file where !force:
        throw Failure(
          message: "\(file.path) already exists; nothing was written. Add --force to replace it, "
            + "or choose another --output")
      case .file:
        break
      }
    }
    for file in files {
      let url = URL(fileURLWithPath: file.path)
      let folder = url.deletingLastPathComponent()
      do {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        guard FileManager.default.isWritableFile(atPath: folder.path) else {
          throw Failure(message: "could not write \(file.path): its folder is not writable")
        }
        try Data(file.contents.utf8).write(to: url, options: .atomic)
      } catch let failure as Failure {
        throw failure
      } catch {
        throw Failure(message: "could not write \(file.path): \(reason(error))")
      }
    }
  }

  private enum Kind {
    case none
    case file
    case folder
  }

  private static func kind(of path: String) -> Kind {
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else { return .none }
    return isDirectory.boolValue ? .folder : .file
  }

  /// The nearest existing ancestor of `path` when it is a file, which no folder can be made in.
  private static func fileAmongFolders(of path: String) -> String? {
    let components = path.split(separator: "/", omittingEmptySubsequences: true)
    let start = path.hasPrefix("/") ? "/" : ""
    for count in stride(from: components.count - 1, to: 0, by: -1) {
      let folder = start + components.prefix(count).joined(separator: "/")
      switch kind(of: folder) {
      case .file: return folder
      case .folder: return nil
      case .none: continue
      }
    }
    return nil
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

  /// Whether a path names an existing folder, or ends with `/`.
  ///
  /// - Parameter path: A path as given on the command line.
  /// - Returns: `true` when files go inside it rather than at it.
  static func isFolder(_ path: String) -> Bool {
    path.hasSuffix("/") || kind(of: path) == .folder
  }

  /// `folder/name`, without doubling a trailing `/`.
  ///
  /// - Parameters:
  ///   - folder: A folder's path.
  ///   - name: A file name.
  /// - Returns: The file's path.
  static func path(in folder: String, _ name: String) -> String {
    folder.hasSuffix("/") ? folder + name : folder + "/" + name
  }
}
