import Foundation

/// A fresh copy of this benchmark binary, for figures that must not depend on what this process
/// did before: its heap, its threads, its peak memory.
enum FreshCopy {
  /// This benchmark binary, or `nil` when it cannot be found.
  static var executable: URL? {
    Bundle.main.executableURL
  }

  /// Runs a copy of this binary with `arguments` and returns what it printed on standard output,
  /// trimmed; empty when it could not be started.
  static func output(_ arguments: [String]) -> String {
    guard let executable else { return "" }
    let process = Process()
    process.executableURL = executable
    process.arguments = arguments
    let pipe = Pipe()
    process.standardOutput = pipe
    do {
      try process.run()
    } catch {
      return ""
    }
    let output = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return String(decoding: output, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
  }
}
