import Foundation

/// Issue 30: cancelling N runs of one action in flight with one `cancel(_:)`, against N
/// hand-written tasks cancelled one by one. Reported, not gated: the figure says what ending a
/// run once costs (one retirement, no task started per cancelled run).
///
/// Each round runs in a fresh copy of this binary (``childFlag``), as the runs in flight do; a
/// figure is the median over rounds.
enum CancellingRuns {
  /// The hidden argument that makes this binary measure one round and print it as JSON.
  static let childFlag = "--cancelling-runs-child"

  /// One round: seconds per run of each side, from the cancel until every task has completed.
  struct Round: Codable {
    var handWritten: Double
    var ours: Double
  }

  @MainActor
  static func run(runs: Int, rounds: Int) async -> [BenchmarkResult] {
    var measured: [Round] = []
    for _ in 0..<rounds {
      let output = FreshCopy.output([childFlag, String(runs)])
      if let round = try? JSONDecoder().decode(Round.self, from: Data(output.utf8)) { measured.append(round) }
    }
    let ours = measured.isEmpty ? .nan : Measure.median(measured.map(\.ours))
    let hand = measured.isEmpty ? .nan : Measure.median(measured.map(\.handWritten))
    return [
      BenchmarkResult(
        name: "cancelling: \(runs) runs in flight cancelled at once vs \(runs) hand-written tasks",
        value: ours * 1e9, unit: "ns/run", baselineName: "hand-written Task per run, each cancelled",
        baselineValue: hand * 1e9,
        measure: measured.isEmpty ? .infinity : Measure.median(measured.map { $0.ours / $0.handWritten }),
        target: .infinity, targetDescription: "reference (no target)",
        notes: "median of \(measured.count) rounds, each in a fresh process: dispatch \(runs) runs whose work "
          + "waits for cancellation, then cancel(_:) (one call) and await every task")
    ]
  }

  /// In the fresh copy: measures one round and prints it as JSON.
  @MainActor
  static func child(_ runs: String?) async -> Never {
    guard let runs = runs.flatMap(Int.init), runs > 0 else { FreshCopy.reply(Round?.none) }
    // Warm-up at a tenth of the size, then the measured round.
    _ = await round(max(1, runs / 10))
    FreshCopy.reply(await round(runs))
  }

  @MainActor
  private static func round(_ runs: Int) async -> Round {
    // Work that waits until its task is cancelled, as a request in flight does.
    let work: @MainActor () async throws -> Int = {
      try await Task.sleep(for: .seconds(3_600))
      return 1
    }
    let ourViewModel = BenchViewModel()
    var handles: [Task<Void, Never>] = []
    handles.reserveCapacity(runs)
    for _ in 0..<runs { handles.append(ourViewModel.load(work)) }
    await Task.yield()
    let ours = await Measure.seconds {
      ourViewModel.cancel(.a)
      for handle in handles { await handle.value }
    }
    handles.removeAll(keepingCapacity: true)
    let handViewModel = HandWrittenRunsViewModel()
    for _ in 0..<runs { handles.append(handViewModel.load(work)) }
    await Task.yield()
    let hand = await Measure.seconds {
      for handle in handles { handle.cancel() }
      for handle in handles { await handle.value }
    }
    return Round(handWritten: hand / Double(runs), ours: ours / Double(runs))
  }
}
