import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// Benchmark 3: resident memory after a million dispatches minus after a thousand.
enum MemoryGrowth {
  @MainActor
  static func run(dispatches: Int) async -> [BenchmarkResult] {
    let name = "memory: resident growth over \(dispatches) dispatches"
    let unmeasured = BenchmarkResult.notMeasured(
      name, unit: "MiB", target: 2, targetDescription: "< 2 MiB", because: "no /proc/self/statm")
    let viewModel = BenchViewModel()
    let work: @MainActor () async throws -> Int = { 1 }
    for _ in 0..<1_000 { await viewModel.load(work).value }
    guard let before = residentBytes() else { return [unmeasured] }
    for _ in 0..<dispatches { await viewModel.load(work).value }
    guard let after = residentBytes() else { return [unmeasured] }
    let growth = Double(after - before) / 1_048_576
    return [
      BenchmarkResult(
        name: name, value: growth, unit: "MiB", baselineName: nil, baselineValue: nil,
        measure: growth, target: 2, targetDescription: "< 2 MiB",
        notes: "resident size after \(dispatches) more dispatches minus after 1,000 (/proc/self/statm)")
    ]
  }

  /// The process's resident size, from /proc on Linux; `nil` elsewhere.
  static func residentBytes() -> Int? {
    guard let statm = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return nil }
    let fields = statm.split(separator: " ")
    guard fields.count > 1, let pages = Int(fields[1]) else { return nil }
    return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
  }
}
