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
    // Both sides write the work where the run starts (`task: { try await … }`, `Task { … }`), as
    // apps and the docs do. The row that passes it in as a closure value shows the cost of that.
    func ours(_ n: Int, batches: Int) async -> Double {
      let viewModel = BenchViewModel()
      return await secondsPerRun(n, batches: batches) { viewModel.loadOne() }
    }
    func oursPassingViewModel(_ n: Int, batches: Int) async -> Double {
      let viewModel = BenchViewModel()
      return await secondsPerRun(n, batches: batches) { viewModel.loadOnePassingViewModel() }
    }
    func handWritten(_ n: Int, batches: Int) async -> Double {
      let viewModel = HandWrittenRunsViewModel()
      return await secondsPerRun(n, batches: batches) { viewModel.loadOne() }
    }
    func oursGivenWork(_ n: Int, batches: Int) async -> Double {
      let viewModel = BenchViewModel()
      return await secondsPerRun(n, batches: batches) { viewModel.load(work) }
    }
    func handWrittenGivenWork(_ n: Int, batches: Int) async -> Double {
      let viewModel = HandWrittenRunsViewModel()
      return await secondsPerRun(n, batches: batches) { viewModel.load(work) }
    }

    var results: [BenchmarkResult] = []
    var oursPerRun: [Int: Double] = [:]
    for n in sizes {
      let batches = max(1, totalRuns / n)
      // At 100 in flight, also the form the docs recommend (its closure captures nothing), and
      // the work passed in as a closure value.
      let alsoOtherForms = n == 100
      _ = await handWritten(n, batches: max(1, batches / 10))  // warm up
      _ = await ours(n, batches: max(1, batches / 10))
      if alsoOtherForms {
        _ = await oursPassingViewModel(n, batches: max(1, batches / 10))
        _ = await handWrittenGivenWork(n, batches: max(1, batches / 10))
        _ = await oursGivenWork(n, batches: max(1, batches / 10))
      }
      var ratios: [Double] = []
      var oursTimes: [Double] = []
      var handTimes: [Double] = []
      var passing = Samples()
      var givenWork = Samples()
      for _ in 0..<rounds {
        // Interleaved, so drift in machine load hits every side alike.
        let hand = await handWritten(n, batches: batches)
        let mine = await ours(n, batches: batches)
        handTimes.append(hand)
        oursTimes.append(mine)
        ratios.append(mine / hand)
        if alsoOtherForms {
          passing.add(await oursPassingViewModel(n, batches: batches), against: hand)
          let handGivenWork = await handWrittenGivenWork(n, batches: batches)
          givenWork.add(await oursGivenWork(n, batches: batches), against: handGivenWork)
        }
      }
      if alsoOtherForms {
        results.append(
          BenchmarkResult(
            name: "runs in flight: \(n) runs, success closure given the view model, vs \(n) hand-written tasks",
            value: Measure.median(passing.times) * 1e9, unit: "ns/run",
            baselineName: "hand-written Task per run", baselineValue: Measure.median(handTimes) * 1e9,
            measure: Measure.median(passing.ratios), target: 1.5, targetDescription: "≤ 1.5× hand-written",
            notes: "dispatch(...) { viewModel, value in ... }, as the docs recommend; same baseline as the plain row"))
        results.append(
          BenchmarkResult(
            name: "runs in flight: \(n) runs, work passed in as a closure value, vs \(n) hand-written tasks",
            value: Measure.median(givenWork.times) * 1e9, unit: "ns/run",
            baselineName: "hand-written Task per run, same closure",
            baselineValue: Measure.median(givenWork.baselineTimes) * 1e9,
            measure: Measure.median(givenWork.ratios), target: .infinity, targetDescription: "reference (no target)",
            notes: "dispatch(task: work): the caller wraps a closure value for the generic task:, one allocation a run")
        )
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

/// Times of one side of a benchmark and their ratios to a baseline measured in the same round.
private struct Samples {
  var times: [Double] = []
  var baselineTimes: [Double] = []
  var ratios: [Double] = []

  mutating func add(_ time: Double, against baseline: Double) {
    times.append(time)
    baselineTimes.append(baseline)
    ratios.append(time / baseline)
  }
}
