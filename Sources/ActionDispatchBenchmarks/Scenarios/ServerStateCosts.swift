import ActionDispatch

/// Issue 33: what shared runs and freshness cost. A dispatch answered fresh (`staleTime:`)
/// against one `.ignoreWhileRunning` drops, and a dispatch that joins a run (`.joinRunning`)
/// against a plain dispatch, in interleaved rounds of the same process; the memory of fresh
/// marks is ``FreshMarkMemory``'s.
enum ServerStateCosts {
  static let freshName = "server state: a dispatch answered fresh vs one .ignoreWhileRunning drops"
  static let joinName = "server state: a dispatch that joins a run vs a plain dispatch"

  /// - Parameters:
  ///   - freshRounds: Rounds of the fresh row. Its dropped side takes about 1 s a round, and the
  ///     row reads 0.01–0.06×, far from its line.
  ///   - joinRounds: Rounds of the join row, which reads 0.66–0.88× against 1.0×: more rounds,
  ///     about 0.2 s each.
  @MainActor
  static func run(
    dispatches: Int, freshRounds: Int, joinRounds: Int, wanted: (String) -> Bool
  ) async -> [BenchmarkResult] {
    var results: [BenchmarkResult] = []
    if wanted(freshName) { results.append(await freshAgainstDropped(dispatches: dispatches, rounds: freshRounds)) }
    if wanted(joinName) { results.append(await joinAgainstPlain(dispatches: dispatches, rounds: joinRounds)) }
    return results
  }

  /// Each side: `dispatches` dispatches, each awaited (its task is complete, or completes at once).
  @MainActor
  private static func freshAgainstDropped(dispatches: Int, rounds: Int) async -> BenchmarkResult {
    let viewModel = BenchViewModel()
    let work: @MainActor () async throws -> Int = { 1 }
    await viewModel.dispatch(actionId: .a, staleTime: .seconds(3_600), task: work).value
    let held = HeldRun()
    let running = viewModel.dispatch(actionId: .b, policy: .ignoreWhileRunning, task: { await held.wait() })
    func freshRound() async -> Double {
      await Measure.seconds {
        for _ in 0..<dispatches { await viewModel.dispatch(actionId: .a, staleTime: .seconds(3_600), task: work).value }
      }
    }
    func droppedRound() async -> Double {
      await Measure.seconds {
        for _ in 0..<dispatches {
          await viewModel.dispatch(actionId: .b, policy: .ignoreWhileRunning, task: work).value
        }
      }
    }
    let (fresh, dropped, ratios) = await interleave(rounds: rounds, freshRound, droppedRound)
    held.release()
    await running.value
    return perDispatchRow(
      freshName, ours: fresh, theirs: dropped, ratios: ratios, dispatches: dispatches,
      baselineName: "dispatch dropped by .ignoreWhileRunning", targetDescription: "≤ 1.0× a dropped dispatch",
      notes: "median ratio of \(rounds) interleaved rounds of \(dispatches) dispatches, each awaited")
  }

  /// Each side: `dispatches` dispatches made while nothing completes, then all awaited — joiners
  /// of one run held in flight, against as many plain (`.concurrent`) runs of the least work
  /// that is real work: it suspends once, as a request does (a run whose work never suspends
  /// is not what a join replaces).
  ///
  /// Each round is timed in processor time (``Measure/processorSeconds(_:)``), not wall time:
  /// what the dispatches cost, not when the scheduler let them run. In wall time the row read
  /// 0.72–0.96× on an idle machine, 0.86–1.03× beside two or three `yes` processes, and 1.11× in a
  /// clean-clone CI run; in processor time 0.67–0.79× idle and 0.69–0.88× beside three `yes`.
  ///
  /// Against work that waits to be answered from outside (a continuation the round resumes)
  /// rather than one `Task.yield()`, the plain runs cost less and a join read 1.07–1.14× in wall
  /// time, 1.17–1.33× in processor time (about 1 µs more a caller): each joiner has a task of its
  /// own that parks and is woken, as each plain run's does, and the shared run's end walks its
  /// callers twice, to deliver and then to end them. Reported in the closing note of 2026-11-26
  /// and the Performance article, not hidden here.
  @MainActor
  private static func joinAgainstPlain(dispatches: Int, rounds: Int) async -> BenchmarkResult {
    let viewModel = BenchViewModel()
    let work: @MainActor () async throws -> Int = {
      await Task.yield()
      return 1
    }
    func joinRound() async -> Double {
      let held = HeldRun()
      let first = viewModel.dispatch(
        actionId: .a, policy: .joinRunning,
        task: { () async -> Int in
          await held.wait()
          return 1
        }
      ) { viewModel, value in viewModel.value = value }
      await Task.yield()
      return await Measure.processorSecondsAwaitingAll(dispatches) { _ in
        viewModel.dispatch(actionId: .a, policy: .joinRunning, task: work) { viewModel, value in
          viewModel.value = value
        }
      } then: {
        held.release()
        await first.value
      }
    }
    func plainRound() async -> Double {
      await Measure.processorSecondsAwaitingAll(dispatches) { _ in
        viewModel.dispatch(actionId: .b, task: work) { viewModel, value in viewModel.value = value }
      }
    }
    let (joins, plains, ratios) = await interleave(rounds: rounds, joinRound, plainRound)
    return perDispatchRow(
      joinName, ours: joins, theirs: plains, ratios: ratios, dispatches: dispatches,
      baselineName: "plain dispatch (.concurrent)", targetDescription: "≤ 1.0× a plain dispatch",
      notes: "processor time, median ratio of \(rounds) interleaved rounds of \(dispatches) dispatches made, "
        + "then awaited; the plain runs' work suspends once")
  }

  /// One warm-up round of each, then `rounds` interleaved rounds, each side first in every other
  /// one: so drift, and whatever the side that goes first leaves behind (freed memory, queued
  /// work), hits both sides alike.
  @MainActor
  static func interleave(
    rounds: Int, _ ours: () async -> Double, _ theirs: () async -> Double
  ) async -> (ours: [Double], theirs: [Double], ratios: [Double]) {
    _ = await ours()
    _ = await theirs()
    var result: (ours: [Double], theirs: [Double], ratios: [Double]) = ([], [], [])
    for round in 0..<rounds {
      let mine: Double
      let other: Double
      if round.isMultiple(of: 2) {
        mine = await ours()
        other = await theirs()
      } else {
        other = await theirs()
        mine = await ours()
      }
      result.ours.append(mine)
      result.theirs.append(other)
      result.ratios.append(mine / other)
    }
    return result
  }

  /// A row of nanoseconds a dispatch, ours against theirs, gated on the median of the rounds' ratios.
  ///
  /// - Parameter notMeasuredBecause: Why the rounds did not measure what the row says (a check of
  ///   what they did failed); the row is then not measured, which `--check` fails.
  static func perDispatchRow(
    _ name: String, ours: [Double], theirs: [Double], ratios: [Double], dispatches: Int, baselineName: String,
    target: Double = 1.0, targetDescription: String, notes: String, notMeasuredBecause: String? = nil
  ) -> BenchmarkResult {
    if let notMeasuredBecause {
      return .notMeasured(
        name, unit: "ns/dispatch", target: target, targetDescription: targetDescription, because: notMeasuredBecause)
    }
    return BenchmarkResult(
      name: name, value: perDispatch(ours, dispatches), unit: "ns/dispatch",
      baselineName: baselineName, baselineValue: perDispatch(theirs, dispatches),
      measure: Measure.median(ratios), target: target, targetDescription: targetDescription, notes: notes)
  }

  private static func perDispatch(_ times: [Double], _ dispatches: Int) -> Double {
    Measure.median(times) / Double(dispatches) * 1e9
  }
}

/// A run's work held in flight until the benchmark releases it.
@MainActor
final class HeldRun {
  private var waiter: CheckedContinuation<Void, Never>?
  private var isReleased = false

  func wait() async {
    guard !isReleased else { return }
    await withCheckedContinuation { waiter = $0 }
  }

  func release() {
    isReleased = true
    waiter?.resume()
    waiter = nil
  }
}
