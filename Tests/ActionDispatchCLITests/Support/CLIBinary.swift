import Foundation

/// Finds the built `action-dispatch` executable that the end-to-end tests run.
///
/// SwiftPM puts executables and the test bundle in the same products directory
/// (`.build/debug`, `.build/x86_64-unknown-linux-gnu/debug`, `<scratch-path>/debug`, ...), and
/// `swift test` builds every product first. So the first match of these wins:
///
/// 1. `ACTION_DISPATCH_CLI`, an explicit path, for unusual setups;
/// 2. the directory of the running test executable (`/proc/self/exe` on Linux, where the
///    `.xctest` bundle is itself the executable);
/// 3. the directory that holds the `.xctest` bundle (`Bundle.main` / `Bundle.allBundles`,
///    which covers macOS, where the bundle is a directory loaded by `xctest`);
/// 4. `.build/debug` next to `Package.swift`, found from this file's path.
enum CLIBinary {
  /// The executable's name.
  static let name = "action-dispatch"

  /// The executable, located once.
  static let url: URL = locate()

  /// `action-dispatch-scaffold`, the scaffold subcommands built alone, beside `action-dispatch`.
  static var scaffoldURL: URL {
    url.deletingLastPathComponent().appendingPathComponent("action-dispatch-scaffold")
  }

  private static func locate() -> URL {
    if let explicit = ProcessInfo.processInfo.environment["ACTION_DISPATCH_CLI"], !explicit.isEmpty {
      return URL(fileURLWithPath: explicit)
    }
    let candidates = candidateDirectories().map { $0.appendingPathComponent(name) }
    let fileManager = FileManager.default
    if let found = candidates.first(where: { fileManager.isExecutableFile(atPath: $0.path) }) {
      return found
    }
    let looked = candidates.map(\.path).joined(separator: "\n  ")
    preconditionFailure(
      "could not find the built \(name) executable; run `swift build` first or set ACTION_DISPATCH_CLI. "
        + "Looked in:\n  \(looked)")
  }

  private static func candidateDirectories() -> [URL] {
    var directories: [URL] = []
    if let executable = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") {
      directories.append(URL(fileURLWithPath: executable).deletingLastPathComponent())
    }
    for bundle in [Bundle.main] + Bundle.allBundles {
      let url = bundle.bundleURL
      directories.append(url.pathExtension == "xctest" ? url.deletingLastPathComponent() : url)
    }
    let packageRoot = URL(fileURLWithPath: #filePath)
      .deletingLastPathComponent()  // Support
      .deletingLastPathComponent()  // ActionDispatchCLITests
      .deletingLastPathComponent()  // Tests
      .deletingLastPathComponent()
    directories.append(packageRoot.appendingPathComponent(".build/debug"))
    return directories
  }
}
