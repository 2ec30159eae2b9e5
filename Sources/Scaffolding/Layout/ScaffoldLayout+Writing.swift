extension ScaffoldLayout {
  /// Writes a scaffold's files, creating the folders they need, never replacing a file unless
  /// told to.
  ///
  /// Every path is checked before the first file is written, so a refusal writes nothing:
  ///
  /// ```swift
  /// try layout.write([(path: "Tests/AppTests/XTests.swift", contents: text)], force: false)
  /// ```
  ///
  /// - Parameters:
  ///   - files: Each file's path, relative to the current directory or absolute, and text.
  ///   - force: Whether existing files may be replaced.
  /// - Throws: ``ScaffoldLayoutError`` (``ScaffoldLayoutError/Kind/cannotWrite``) when a path
  ///   exists and `force` is `false`, is a folder, lies under a file, or cannot be written.
  package func write(_ files: [(path: String, contents: String)], force: Bool) throws(ScaffoldLayoutError) {
    for file in files {
      switch fileSystem.kind(of: file.path) {
      case nil:
        if let blocker = fileAmongFolders(of: file.path) {
          throw ScaffoldLayoutError(.cannotWrite, "\(blocker) is a file, not a folder; choose another --output")
        }
      case .folder:
        throw ScaffoldLayoutError(.cannotWrite, "\(file.path) is a folder; choose another --output")
      case .file where !force:
        throw ScaffoldLayoutError(
          .cannotWrite,
          "\(file.path) already exists; nothing was written. Add --force to replace it, or choose another --output")
      case .file:
        break
      }
    }
    for file in files {
      do {
        try fileSystem.write(file.contents, to: file.path)
      } catch {
        throw ScaffoldLayoutError(.cannotWrite, "could not write \(file.path): \(error)")
      }
    }
  }

  /// The nearest existing ancestor of `path` when it is a file, which no folder can be made in.
  private func fileAmongFolders(of path: String) -> String? {
    let components = path.split(separator: "/", omittingEmptySubsequences: true)
    let start = path.hasPrefix("/") ? "/" : ""
    for count in stride(from: components.count - 1, to: 0, by: -1) {
      let folder = start + components.prefix(count).joined(separator: "/")
      switch fileSystem.kind(of: folder) {
      case .file: return folder
      case .folder: return nil
      case nil: continue
      }
    }
    return nil
  }
}
