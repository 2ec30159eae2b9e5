// What a run with a plan does beyond a plain run: waits for its turn or quiet period, times out,
// and retries.

extension ActionEngine {
  /// Runs the work of a run with a plan: waits for its turn or quiet period, starts its
  /// timeout, and retries per its policy. Main-actor isolated, so calling the work is no hop.
  ///
  /// Before every attempt after the first it checks that the run is still live and not
  /// cancelled: a cancel or timeout that lands during or right after a backoff starts nothing.
  /// Never inlined: its frame is allocated only by runs with a plan, which keeps a plain run's
  /// task small.
  @inline(never) @usableFromInline
  static func perform<T>(
    _ work: @MainActor () async throws -> T,
    of run: Run,
    _ actionId: ActionId,
    _ plan: RunPlan,
    _ owner: WeakReference<BaseViewModel<ActionId>>
  ) async throws -> T {
    // No strong reference to the view model may live across an `await`: releasing it must cancel the run.
    guard await waitToStart(run, plan, owner), owner.withEngine({ $0.beginWork(run, of: actionId, plan) }) == true
    else {
      throw CancellationError()
    }
    guard let retry = plan.retry else { return try await work() }
    var attempt = 1
    while true {
      do {
        return try await work()
      } catch {
        let retryable = attempt < retry.maxAttempts && !(error is CancellationError) && !Task.isCancelled
        guard retryable, retry.shouldRetry(error) else { throw error }
        try await plan.clock.sleep(for: retry.backoff(after: attempt))
        guard !Task.isCancelled, run.isLive else { throw CancellationError() }
        attempt += 1
      }
    }
  }

  /// Waits for the run's turn or quiet period; `false` when it ended or was cancelled meanwhile.
  private static func waitToStart(
    _ run: Run, _ plan: RunPlan, _ owner: WeakReference<BaseViewModel<ActionId>>
  ) async -> Bool {
    switch plan.start {
    case .now:
      break
    case .afterPredecessors:
      await withUnsafeContinuation { continuation in
        // The view model is held while the run parks, so that its `deinit`, which may run on
        // another thread and wakes parked runs, comes wholly before or after; gone already, or
        // the run retired or first in line (its predecessors ended before the task ran): go on.
        guard let viewModel = owner.object, run.isLive, run.state.machine.runs.oldest !== run else {
          return continuation.resume()
        }
        withExtendedLifetime(viewModel) { run.turnWaiter = continuation }
      }
    case .afterQuietPeriod(let quiet):
      do { try await plan.clock.sleep(for: quiet) } catch { return false }
    }
    return run.isLive && !Task.isCancelled
  }

  /// Starts the run's timeout, if it has one: when it passes on the view model's clock, the run
  /// fails. `false` when the run ended meanwhile.
  private func beginWork(_ run: Run, of actionId: ActionId, _ plan: RunPlan) -> Bool {
    guard run.isLive else { return false }
    guard let timeout = plan.timeout else { return true }
    let clock = plan.clock
    let owner = weakOwner
    run.timer = Task { @MainActor in
      do { try await clock.sleep(for: timeout) } catch { return }
      owner.withEngine { $0.retire(run, of: actionId, timedOutAfter: timeout) }
    }
    return true
  }
}
