import Foundation

/// A new empty directory for one test, removed afterwards: where `scaffold` writes.
enum TemporaryDirectory {
  /// Runs `body` with a new empty directory, removed afterwards.
  ///
  /// - Parameter body: The test, given the directory's URL (symbolic links resolved).
  static func with(_ body: (URL) throws -> Void) throws {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("scaffold-tests-\(UUID().uuidString)")
      .resolvingSymlinksInPath()
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    try body(directory)
  }
}

extension CLIProcess {
  /// Runs the built binary to the end in `directory`, to show what it reads and writes there.
  ///
  /// - Parameters:
  ///   - arguments: The arguments after the executable's name.
  ///   - directory: The child's current directory.
  ///   - executable: The binary; `action-dispatch` by default.
  /// - Returns: Everything it wrote and how it ended.
  static func run(_ arguments: [String], in directory: URL, executable: URL = CLIBinary.url) throws -> CLIResult {
    let process = Process()
    process.executableURL = executable
    process.arguments = arguments
    process.environment = CLIProcess.baseEnvironment
    process.currentDirectoryURL = directory
    let output = Pipe()
    let error = Pipe()
    process.standardOutput = output
    process.standardError = error
    process.standardInput = FileHandle.nullDevice
    try process.run()
    // The outputs are a few kilobytes, far below a pipe's buffer: reading one to its end
    // before the other cannot block the child.
    let stdout = output.fileHandleForReading.readDataToEndOfFile()
    let stderr = error.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return CLIResult(
      stdout: String(decoding: stdout, as: UTF8.self), stderr: String(decoding: stderr, as: UTF8.self),
      status: process.terminationStatus)
  }
}
