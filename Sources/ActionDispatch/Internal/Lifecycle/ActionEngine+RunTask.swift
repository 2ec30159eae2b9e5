extension ActionEngine {
  /// The run's task: wait for its turn or quiet period, then the work, then retirement.
  ///
  /// It holds the view model weakly, so releasing the view model cancels the run. Cancelling
  /// the task from outside retires the run on the main actor's next turn, even if the work
  /// ignores it; when the view model ended the run and cancelled the task, nothing more happens.
  ///
  /// `@inlinable`, for the reason ``startRun(actionId:policy:staleTime:supersedes:retry:timeout:task:onSuccess:onFailure:onFinish:onAccepted:onElement:heldAs:)``
  /// gives; what it calls is `@usableFromInline` and stays here.
  @inlinable
  func makeRunTask<T>(
    _ run: Run,
    of actionId: ActionId,
    plan: RunPlan?,
    work: @escaping @MainActor () async throws -> T,
    onSuccess: (@MainActor (T) -> Void)?
  ) -> Task<Void, Never> {
    // The view model stays weak across every wait and the work: releasing it must cancel them.
    let owner = weakOwner
    return Task { @MainActor in
      let value: T
      do {
        // Ended or cancelled before the task ran (superseded at once, say): no handler is
        // installed, which would be called at once and start a task to end it.
        guard run.isLive, !Task.isCancelled else { throw CancellationError() }
        if let plan {
          value = try await withTaskCancellationHandler {
            try await Self.perform(work, of: run, actionId, plan, owner)
          } onCancel: {
            Self.retireWhenCancelled(run, of: actionId, owner)
          }
        } else {
          // A plain run calls the work directly: no extra async frame.
          value = try await withTaskCancellationHandler(operation: work) {
            Self.retireWhenCancelled(run, of: actionId, owner)
          }
        }
      } catch {
        // A run that ended already (cancelled, superseded, timed out) is not ended again.
        guard run.isLive else { return }
        owner.withEngine { $0.retire(run, of: actionId, afterWorkThrew: error) }
        return
      }
      guard run.isLive else { return }
      owner.withEngine { $0.retire(run, of: actionId, returning: value, onSuccess: onSuccess) }
    }
  }

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
    guard await waitToStart(run, plan, owner), owner.withEngine({ $0.beginWork(run, of: actionId, plan) }) == true else {
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
  private static func waitToStart(_ run: Run, _ plan: RunPlan, _ owner: WeakReference<BaseViewModel<ActionId>>) async -> Bool {
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
