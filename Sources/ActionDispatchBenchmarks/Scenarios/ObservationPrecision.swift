import Observation

/// Benchmark 2: how often an observer of action A is invalidated while runs of action B complete.
enum ObservationPrecision {
  @MainActor
  static func run(runs: Int) async -> [BenchmarkResult] {
    let ours = BenchViewModel()
    let ourCount = await countInvalidations(runs: runs) {
      _ = ours.isLoading(for: .a)
      _ = ours.errorMessage(for: .a)
    } runB: {
      await ours.dispatch(actionId: .b, task: { 1 }).value
    }

    let seed = SeedCounterViewModel()
    let seedCount = await countInvalidations(runs: runs) {
      _ = seed.isLoading(for: .a)
    } runB: {
      await withCheckedContinuation { continuation in
        seed.continuation = continuation
        seed.dispatch(actionId: .b, task: { 1 })
      }
    }
    return [
      BenchmarkResult(
        name: "observation precision: invalidations of an A reader per \(runs) runs of B",
        value: Double(ourCount), unit: "invalidations",
        baselineName: "seed dictionary design", baselineValue: Double(seedCount),
        measure: Double(ourCount), target: 0, targetDescription: "0",
        notes:
          "a reader of isLoading(for: .a)/errorMessage(for: .a), re-subscribed after every change, as a view re-renders"
      )
    ]
  }

  /// Counts the runs of B after which a tracked read of A had been invalidated.
  @MainActor
  private static func countInvalidations(
    runs: Int,
    read: @escaping @MainActor () -> Void,
    runB: @MainActor () async -> Void
  ) async -> Int {
    let flag = InvalidationFlag()
    var count = 0
    for _ in 0..<runs {
      flag.isSet = false
      withObservationTracking(read) { [flag] in MainActor.assumeIsolated { flag.isSet = true } }
      await runB()
      if flag.isSet { count += 1 }
    }
    return count
  }
}

@MainActor
private final class InvalidationFlag {
  var isSet = false
}
