import FakeGitHubServer
import Foundation

/// Benchmark 6: the peak resident memory of `action-dispatch followers` against answers far
/// over the 32 MiB response limit (a 200 MiB body with `Content-Length`, the same chunked, and a
/// gzip bomb of 1 MB inflating to 1 GiB), read from the child's own `getrusage` through `wait4`.
///
/// Each must end in exit 1 and stay under 100 MiB: the limit is enforced while the body arrives,
/// so nothing close to the whole body is ever held.
///
/// The tool is not spawned from this process: glibc's `posix_spawn` uses `vfork`, and Linux carries
/// the spawning process's peak into the child's `ru_maxrss` at `exec`, so a child of a benchmark
/// that has already grown would report that growth. A fresh copy of this binary
/// (``childFlag``) runs the fake server, spawns the tool and prints its peak; the figure is then
/// at least that small copy's own peak, shown in the notes.
enum HostileAnswerMemory {
  static let limitMiB = 100.0
  /// The hidden argument that makes this binary measure one case and print `status peak own`.
  static let childFlag = "--peak-memory-child"

  static let cases: [(name: String, answer: @Sendable () -> FakeResponse)] = [
    ("a 200 MiB body with Content-Length", { .largeBody(size: 200 << 20, chunked: false) }),
    ("a 200 MiB chunked body", { .largeBody(size: 200 << 20, chunked: true) }),
    ("a gzip bomb (1 MB inflating to 1 GiB)", { .gzipBomb() }),
  ]

  /// The rows, one a case; without the built tool, the same rows, not measured.
  static func run() -> [BenchmarkResult] {
    let products = Result { () throws(BuiltProducts.Missing) in try BuiltProducts.locate() }
    return cases.indices.map { index in
      let name = "peak memory of followers against \(cases[index].name)"
      let targetDescription = "< \(Int(limitMiB)) MiB, exit 1"
      if case .failure(let missing) = products {
        return .notMeasured(
          name, unit: "MiB", target: limitMiB, targetDescription: targetDescription, because: missing.description)
      }
      let fields = FreshCopy.output([childFlag, String(index)]).split(separator: " ").compactMap { Double($0) }
      let (status, peak, own) =
        fields.count == 3 ? (Int(fields[0]), fields[1], fields[2]) : (-1, Double.nan, Double.nan)
      // A run that did not end in exit 1 did not meet the answer it was meant to: fail the row.
      return BenchmarkResult(
        name: name, value: peak, unit: "MiB", baselineName: nil, baselineValue: nil,
        measure: status == 1 ? peak : .infinity, target: limitMiB, targetDescription: targetDescription,
        notes: "the child's ru_maxrss from wait4 (at least its spawner's \(String(format: "%.1f", own)) MiB); "
          + "exit status \(status)")
    }
  }

  /// In the fresh copy: serves case `index` and prints the tool's exit status, its peak and
  /// this copy's own peak, in MiB.
  static func child(_ index: String?) -> Never {
    guard let index = index.flatMap(Int.init), cases.indices.contains(index),
      let products = try? BuiltProducts.locate(),
      let server = try? FakeGitHubServer()
    else {
      print("-1 nan nan")
      exit(1)
    }
    server.respond(to: "/users/bench/followers", with: cases[index].answer(), times: nil)
    let (status, peak) = ChildProcess.spawnAndWait(
      products.tool, ["followers", "bench", "--api-url", server.baseURL.absoluteString])
    print("\(status) \(peak) \(ChildProcess.ownPeak())")
    server.stop()
    exit(0)
  }
}
