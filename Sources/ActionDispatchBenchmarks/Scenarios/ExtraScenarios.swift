import Foundation

/// Scenarios over the GitHub feature and the CLI.
enum ExtraScenarios {
  @MainActor
  static func run(quick: Bool, wanted: (String) -> Bool) async -> [BenchmarkResult] {
    var results: [BenchmarkResult] = []
    if wanted("followers over HTTP") {
      let latency = ProcessInfo.processInfo.environment["BENCH_LATENCY_MS"].flatMap(Int.init) ?? 20
      results += await FollowersOverHTTP.run(pages: 20, latency: .milliseconds(latency))
    }
    if wanted("CLI cold start") {
      results += CLIColdStart.run(launches: quick ? 10 : 30)
    }
    return results
  }
}
