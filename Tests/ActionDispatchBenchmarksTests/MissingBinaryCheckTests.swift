import Foundation
import Testing

/// The built benchmark binary, run alone in a directory without `action-dispatch` beside it: its
/// CLI benchmarks cannot measure, and `--check` must say so rather than pass with the gate gone.
@Suite struct MissingBinaryCheckTests {
  /// What a run printed and how it ended.
  struct Run {
    var status: Int32
    var table: String
    var errors: String
  }

  /// The debug `ActionDispatchBenchmarks` that `swift build` puts beside this test bundle (the
  /// bundle's folder on Linux, the folder that holds the `.xctest` bundle on macOS).
  static var benchmark: URL {
    get throws {
      let candidates = ([Bundle.main] + Bundle.allBundles).map { bundle in
        let folder =
          bundle.bundleURL.pathExtension == "xctest" ? bundle.bundleURL.deletingLastPathComponent() : bundle.bundleURL
        return folder.appendingPathComponent("ActionDispatchBenchmarks")
      }
      return try #require(candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) })
    }
  }

  /// Runs a copy of the benchmark binary, alone in a new directory, with `arguments`.
  func runAlone(_ arguments: [String]) throws -> Run {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("benchmark-alone-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let copy = directory.appendingPathComponent("ActionDispatchBenchmarks")
    try FileManager.default.copyItem(at: try Self.benchmark, to: copy)
    let errorsFile = directory.appendingPathComponent("stderr")
    _ = FileManager.default.createFile(atPath: errorsFile.path, contents: nil)
    let process = Process()
    process.executableURL = copy
    process.arguments = arguments
    let output = Pipe()
    process.standardOutput = output
    process.standardError = try FileHandle(forWritingTo: errorsFile)
    process.standardInput = FileHandle.nullDevice
    try process.run()
    // The table is a few lines, far below a pipe's buffer; standard error goes to a file.
    let table = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return Run(
      status: process.terminationStatus, table: String(decoding: table, as: UTF8.self),
      errors: try String(contentsOf: errorsFile, encoding: .utf8))
  }

  @Test func aMissingToolFailsTheCheckAndListsTheRowsItCouldNotMeasure() throws {
    let run = try runAlone([
      "--quick", "--check", "--filter", "CLI cold start", "--filter", "peak memory of followers against",
      "--filter", "followers at scale: peak memory",
    ])
    #expect(run.status == 1)
    let unmeasured = run.table.split(separator: "\n").filter { $0.hasSuffix("NO (not measured)") }
    // Two cold-start rows, three hostile answers, and followers at scale's two sizes and flat
    // ratio for the table and for --json.
    #expect(unmeasured.count == 2 + 3 + 6)
    #expect(run.errors.contains("error: 'CLI cold start: action-dispatch --help' was not measured"))
    #expect(run.errors.contains("action-dispatch not built; run `swift build -c release`"))
    #expect(run.errors.contains("error: the benchmark check failed"))
  }

  @Test func aFilterThatMatchesNoBenchmarkFailsTheCheck() throws {
    let run = try runAlone(["--check", "--filter", "no such benchmark"])
    #expect(run.status == 1)
    #expect(run.errors.contains("error: --filter 'no such benchmark' matched no benchmark row"))
  }
}
