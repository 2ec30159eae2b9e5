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

  /// In the fresh copy: prints `value` as JSON on standard output and exits 0; prints `{}` and
  /// exits 1 when there is no value (its arguments did not parse) or it cannot be encoded.
  static func reply<Value: Encodable>(_ value: Value?) -> Never {
    guard let value, let json = try? JSONEncoder().encode(value) else {
      print("{}")
      exit(1)
    }
    print(String(decoding: json, as: UTF8.self))
    exit(0)
  }
}
