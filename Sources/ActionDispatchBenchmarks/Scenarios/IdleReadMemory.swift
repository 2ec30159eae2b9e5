import Foundation

/// Issue 30: what a list renderer leaves behind when it draws 1,000,000 rows once, reading each
/// row's `isLoading(for:)` and `errorMessage(for:)` outside any Observation tracking while no row
/// ever runs. The README promises that an idle row holds no state, read or not.
///
/// A fresh copy of this binary (``childFlag``) reads every row once to warm up its code paths and
/// allocator, measures its resident set (after `malloc_trim`), reads 1,000,000 other rows, and
/// measures again: the difference is what the reads left behind.
enum IdleReadMemory {
  /// The hidden argument that makes this binary read `count` idle rows and print the bytes they left.
  static let childFlag = "--idle-read-memory-child"

  static func run(rows: Int) -> [BenchmarkResult] {
    let output = FreshCopy.output([childFlag, String(rows)])
    let held = Double(output).map { $0 / 1_048_576 } ?? .nan
    return [
      BenchmarkResult(
        name: "memory: resident memory left by reading \(rows) idle rows outside tracking",
        value: held, unit: "MiB", baselineName: nil, baselineValue: nil,
        // A row that cannot measure fails: `nan` is not ≤ 10.
        measure: held.isNaN ? .infinity : held, target: 10, targetDescription: "≤ 10 MiB",
        notes: "isLoading(for:) and errorMessage(for:) of each row once, in a fresh process; resident set "
          + "after the reads minus before (malloc_trim), the view model kept")
    ]
  }

  /// In the fresh copy: reads `count` idle rows and prints how many bytes of resident set they left.
  @MainActor
  static func child(_ count: String?) -> Never {
    guard let count = count.flatMap(Int.init), count > 0 else {
      print("nan")
      exit(1)
    }
    let viewModel = KeyedBenchViewModel()
    var loading = 0
    // Warm-up rows, numbered apart from the measured ones.
    for row in 0..<10_000 { read(row: -1 - row, of: viewModel, into: &loading) }
    let before = ChildProcess.residentBytes()
    for row in 0..<count { read(row: row, of: viewModel, into: &loading) }
    let after = ChildProcess.residentBytes()
    withExtendedLifetime(viewModel) {}
    guard loading == 0 else {
      print("nan")  // an idle row reported loading or an error: not what was to be measured
      exit(1)
    }
    print(max(0, after - before))
    exit(0)
  }

  /// Reads one row as a list cell does: its loading and its error.
  @MainActor
  private static func read(row: Int, of viewModel: KeyedBenchViewModel, into count: inout Int) {
    if viewModel.isLoading(for: .row(row)) { count += 1 }
    if viewModel.errorMessage(for: .row(row)) != nil { count += 1 }
  }
}
