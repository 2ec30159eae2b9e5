/// Issue 10: N runs of one action dispatched, then all awaited, against N hand-written tasks doing
/// the same, for N = 1 … 100,000. The cost per run must not grow with the number in flight.
enum RunsInFlight {
  static let sizes = [1, 100, 10_000, 100_000]

  @MainActor
  static func run(totalRuns: Int, rounds: Int) async -> [BenchmarkResult] {
    let work: @MainActor () async throws -> Int = { 1 }

    /// Seconds per run for `batches` batches of `n` runs started by `load` together and then awaited.
    func secondsPerRun(_ n: Int, batches: Int, _ load: () -> Task<Void, Never>) async -> Double {
      var handles: [Task<Void, Never>] = []
      handles.reserveCapacity(n)
      let seconds = await Measure.seconds {
        for _ in 0..<batches {
          for _ in 0..<n { handles.append(load()) }
          for handle in handles { await handle.value }
          handles.removeAll(keepingCapacity: true)
        }
      }
      return seconds / Double(n * batches)
    }
    func ours(_ n: Int, batches: Int) async -> Double {
      let viewModel = BenchViewModel()
      return await secondsPerRun(n, batches: batches) { viewModel.load(work) }
    }
    func oursPassingViewModel(_ n: Int, batches: Int) async -> Double {
      let viewModel = BenchViewModel()
      return await secondsPerRun(n, batches: batches) { viewModel.loadPassingViewModel(work) }
    }
    func handWritten(_ n: Int, batches: Int) async -> Double {
      let viewModel = HandWrittenRunsViewModel()
      return await secondsPerRun(n, batches: batches) { viewModel.load(work) }
    }

    var results: [BenchmarkResult] = []
    var oursPerRun: [Int: Double] = [:]
    for n in sizes {
      let batches = max(1, totalRuns / n)
      // At 100 in flight, also the form the docs recommend (its closure captures nothing).
      let alsoPassingViewModel = n == 100
      _ = await handWritten(n, batches: max(1, batches / 10))  // warm up
      _ = await ours(n, batches: max(1, batches / 10))
      if alsoPassingViewModel { _ = await oursPassingViewModel(n, batches: max(1, batches / 10)) }
      var ratios: [Double] = []
      var oursTimes: [Double] = []
      var handTimes: [Double] = []
      var passingRatios: [Double] = []
      var passingTimes: [Double] = []
      for _ in 0..<rounds {
        // Interleaved, so drift in machine load hits every side alike.
        let hand = await handWritten(n, batches: batches)
        let mine = await ours(n, batches: batches)
        handTimes.append(hand)
        oursTimes.append(mine)
        ratios.append(mine / hand)
        if alsoPassingViewModel {
          let passing = await oursPassingViewModel(n, batches: batches)
          passingTimes.append(passing)
          passingRatios.append(passing / hand)
        }
      }
      if alsoPassingViewModel {
        results.append(
          BenchmarkResult(
            name: "runs in flight: \(n) runs, success closure given the view model, vs \(n) hand-written tasks",
            value: Measure.median(passingTimes) * 1e9, unit: "ns/run",
            baselineName: "hand-written Task per run", baselineValue: Measure.median(handTimes) * 1e9,
            measure: Measure.median(passingRatios), target: 1.5, targetDescription: "≤ 1.5× hand-written",
            notes: "dispatch(...) { viewModel, value in ... }, as the docs recommend; same rounds as the next row"))
      }
      oursPerRun[n] = Measure.median(oursTimes)
      results.append(
        BenchmarkResult(
          name: "runs in flight: \(n) runs of one action vs \(n) hand-written tasks",
          value: Measure.median(oursTimes) * 1e9, unit: "ns/run",
          baselineName: "hand-written Task per run", baselineValue: Measure.median(handTimes) * 1e9,
          measure: Measure.median(ratios), target: 1.5, targetDescription: "≤ 1.5× hand-written",
          notes: "median ratio of \(rounds) interleaved rounds of \(batches) batch(es): dispatch \(n), then await all"))
    }
    if let one = oursPerRun[1], let most = oursPerRun[sizes.last!] {
      results.append(
        BenchmarkResult(
          name: "runs in flight: cost per run at \(sizes.last!) vs at 1 (flat)",
          value: most * 1e9, unit: "ns/run", baselineName: "cost per run at 1 in flight", baselineValue: one * 1e9,
          measure: most / one, target: 1.3, targetDescription: "≤ 1.3× the cost at 1",
          notes: "ActionDispatch's own median cost per run, same runs as above"))
    }
    // At 1 in flight each run pays a whole await round trip, so the gate above is loose; this
    // compares two batched sizes, where only the cost of many runs in flight differs.
    if let hundred = oursPerRun[100], let most = oursPerRun[sizes.last!] {
      results.append(
        BenchmarkResult(
          name: "runs in flight: cost per run at \(sizes.last!) vs at 100",
          value: most * 1e9, unit: "ns/run", baselineName: "cost per run at 100 in flight",
          baselineValue: hundred * 1e9, measure: most / hundred, target: .infinity,
          targetDescription: "reference (no target)", notes: "ActionDispatch's own median cost per run"))
    }
    return results
  }
}
