/// Benchmark 1: one dispatch-to-completion of a trivial task, against the hand-written
/// `Task` pattern and the seed's base view model, measured in the same run.
enum DispatchOverhead {
  @MainActor
  static func run(iterations: Int, rounds: Int) async -> [BenchmarkResult] {
    let handWritten = HandWrittenViewModel()
    let actionDispatch = BenchViewModel()
    let seed = SeedCounterViewModel()
    let work: @MainActor () async throws -> Int = { 1 }

    func handWrittenRound(_ count: Int) async -> Double {
      await Measure.seconds { for _ in 0..<count { await handWritten.load(work).value } }
    }
    func actionDispatchRound(_ count: Int) async -> Double {
      await Measure.seconds { for _ in 0..<count { await actionDispatch.load(work).value } }
    }
    func seedRound(_ count: Int) async -> Double {
      await Measure.seconds { for _ in 0..<count { await seed.dispatchAndWait(work) } }
    }

    // Warm up caches, allocators and the per-action state.
    _ = await handWrittenRound(iterations / 10)
    _ = await actionDispatchRound(iterations / 10)
    _ = await seedRound(iterations / 10)

    var handWrittenTimes: [Double] = []
    var actionDispatchRatios: [Double] = []
    var seedRatios: [Double] = []
    var actionDispatchTimes: [Double] = []
    var seedTimes: [Double] = []
    for _ in 0..<rounds {
      // Interleaved, so drift in machine load hits all three alike.
      let hand = await handWrittenRound(iterations)
      let ours = await actionDispatchRound(iterations)
      let theirs = await seedRound(iterations)
      handWrittenTimes.append(hand)
      actionDispatchTimes.append(ours)
      seedTimes.append(theirs)
      actionDispatchRatios.append(ours / hand)
      seedRatios.append(theirs / hand)
    }
    let perCall = { (seconds: Double) in seconds / Double(iterations) * 1e9 }
    let handNanos = perCall(Measure.median(handWrittenTimes))
    return [
      BenchmarkResult(
        name: "dispatch overhead: BaseViewModel vs hand-written Task",
        value: perCall(Measure.median(actionDispatchTimes)), unit: "ns/dispatch",
        baselineName: "hand-written Task pattern", baselineValue: handNanos,
        measure: Measure.median(actionDispatchRatios), target: 1.5, targetDescription: "≤ 1.5× hand-written",
        notes: "median ratio of \(rounds) interleaved rounds of \(iterations) awaited dispatches"),
      BenchmarkResult(
        name: "dispatch overhead: seed base view model vs hand-written Task",
        value: perCall(Measure.median(seedTimes)), unit: "ns/dispatch",
        baselineName: "hand-written Task pattern", baselineValue: handNanos,
        measure: Measure.median(seedRatios), target: .infinity, targetDescription: "reference (no target)",
        notes: "one Bool per action in a dictionary, type-erased onSuccess"),
    ]
  }
}
