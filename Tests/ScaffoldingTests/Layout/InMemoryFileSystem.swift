import Foundation
import Scaffolding

/// A ``ScaffoldFileSystem`` in memory: folders and files by absolute path, so the layout is
/// tested without the disk. Writes are recorded; a path in ``readOnly`` refuses them.
final class InMemoryFileSystem: ScaffoldFileSystem, @unchecked Sendable {
  let currentDirectory: String
  private let lock = NSLock()
  private var folders: Set<String> = ["/"]
  private var files: [String: String] = [:]
  /// Folders whose files cannot be written.
  let readOnly: Set<String>

  /// A file system whose current directory is `currentDirectory`, holding `folders` and
  /// `files` (paths relative to it); files in a `readOnly` folder (absolute) cannot be written.
  init(
    currentDirectory: String = "/work/App", folders: [String] = [], files: [String] = [], readOnly: Set<String> = []
  ) {
    self.currentDirectory = currentDirectory
    self.readOnly = readOnly
    addFolder(currentDirectory)
    for folder in folders { addFolder(absolute(folder)) }
    for file in files {
      let path = absolute(file)
      addFolder((path as NSString).deletingLastPathComponent)
      self.files[path] = ""
    }
  }

  /// The text written at a path, relative to the current directory or absolute.
  func contents(of path: String) -> String? {
    lock.withLock { files[absolute(path)] }
  }

  func kind(of path: String) -> ScaffoldFileKind? {
    let path = absolute(path)
    return lock.withLock { files[path] != nil ? .file : folders.contains(path) ? .folder : nil }
  }

  func contents(ofFolder path: String) -> [String] {
    let folder = absolute(path)
    let prefix = folder == "/" ? "/" : folder + "/"
    return lock.withLock {
      Set(
        (Array(folders) + Array(files.keys)).filter { $0.hasPrefix(prefix) && $0 != folder }
          .map { String($0.dropFirst(prefix.count).split(separator: "/")[0]) }
      ).sorted()
    }
  }

  func write(_ contents: String, to path: String) throws {
    let path = absolute(path)
    let folder = (path as NSString).deletingLastPathComponent
    if readOnly.contains(folder) { throw Refusal(description: "Permission denied") }
    addFolder(folder)
    lock.withLock { files[path] = contents }
  }

  struct Refusal: Error, CustomStringConvertible {
    let description: String
  }

  private func addFolder(_ path: String) {
    var folder = ""
    lock.withLock {
      for component in path.split(separator: "/") {
        folder += "/" + component
        folders.insert(folder)
      }
    }
  }

  private func absolute(_ path: String) -> String {
    let start = path.hasPrefix("/") ? path : currentDirectory + "/" + path
    var components: [Substring] = []
    for component in start.split(separator: "/") {
      if component == "." { continue }
      if component == ".." { _ = components.popLast() } else { components.append(component) }
    }
    return "/" + components.joined(separator: "/")
  }
}
