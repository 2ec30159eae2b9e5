import Foundation

/// Benchmark 5: how long `action-dispatch --help` and `followers octocat --demo` take from exec to exit,
/// against starting this benchmark binary with `--help` (a Swift executable linking Foundation
/// that prints a few lines): the floor any Swift CLI pays on this machine.
///
/// A launch that cannot start or exits non-zero has no time (NaN), and a median over rounds
/// with such a launch is NaN too: the row is then not measured, and fails `--check`.
enum CLIColdStart {
  static let baselineName = "a Swift CLI printing its usage"

  /// The two rows; without the built tool, the same rows, not measured.
  static func run(launches: Int) -> [BenchmarkResult] {
    let helpName = "CLI cold start: action-dispatch --help"
    let demoName = "CLI cold start: action-dispatch followers octocat --demo"
    let products: BuiltProducts
    do {
      products = try BuiltProducts.locate()
    } catch {
      return [
        .notMeasured(
          helpName, unit: "ms", target: 1.5, targetDescription: "≤ 1.5× baseline", because: error.description),
        .notMeasured(demoName, unit: "ms", target: 3, targetDescription: "≤ 3× baseline", because: error.description),
      ]
    }
    let tool = products.tool
    let baselineURL = products.benchmark
    var baseline: [Double] = []
    var help: [Double] = []
    var demo: [Double] = []
    for _ in 0..<launches {
      // Interleaved, so drift in machine load hits all three alike.
      baseline.append(time(baselineURL, ["--help"]))
      help.append(time(tool, ["--help"]))
      demo.append(time(tool, ["followers", "octocat", "--demo"]))
    }
    let floor = Measure.median(baseline)
    return [
      BenchmarkResult(
        name: helpName,
        value: Measure.median(help) * 1000, unit: "ms", baselineName: baselineName,
        baselineValue: floor * 1000, measure: Measure.median(help) / floor, target: 1.5,
        targetDescription: "≤ 1.5× baseline", notes: "median of \(launches) launches"),
      BenchmarkResult(
        name: demoName,
        value: Measure.median(demo) * 1000, unit: "ms", baselineName: baselineName,
        baselineValue: floor * 1000, measure: Measure.median(demo) / floor, target: 3,
        targetDescription: "≤ 3× baseline", notes: "offline: view model, mock service, 30 rows; median of \(launches)"),
    ]
  }

  /// Wall time from launch to exit, output discarded; NaN when it cannot start or exits non-zero.
  private static func time(_ executable: URL, _ arguments: [String]) -> Double {
    let process = Process()
    process.executableURL = executable
    process.arguments = arguments
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    let start = ContinuousClock.now
    do {
      try process.run()
    } catch {
      return .nan
    }
    process.waitUntilExit()
    let elapsed = Measure.seconds(in: ContinuousClock.now - start)
    return process.terminationReason == .exit && process.terminationStatus == 0 ? elapsed : .nan
  }
}
