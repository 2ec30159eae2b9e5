/// Scenarios that need the GitHub feature and the CLI; added with those.
enum ExtraScenarios {
  @MainActor
  static func run(quick: Bool, wanted: (String) -> Bool) async -> [BenchmarkResult] {
    []
  }
}
