extension ActionEngine {
  /// Fills in what the action's machine needs to decide whether a dispatch with a `staleTime`
  /// is answered fresh: the window, and how long ago the action last succeeded.
  func askForFreshness(_ request: inout ActionStateMachine.Request, of actionId: ActionId, within staleTime: Duration) {
    let wasTracking = freshMarks.isTracking
    freshMarks.remember(for: staleTime, of: actionId)
    // The first stale time given: the marks recorded before it are swept from now on.
    if !wasTracking, freshMarks.isTracking, freshMarks.count > 0 { scheduleFreshSweep(at: elapsed.now()) }
    request.staleTime = staleTime
    var last = freshMarks.lastSuccess(of: actionId)
    // A success before any stale time was given, whose entry is still there (runs in flight).
    if freshMarks.entriesHoldSuccesses, let at = states[actionId]?.untrackedSuccessAt, at > last ?? .min {
      last = at
    }
    guard let last else { return }
    request.sinceLastSuccess = .nanoseconds(elapsed.now() &- last)
  }

  func markFresh(_ actionId: ActionId) {
    let now = elapsed.now()
    freshMarks.mark(actionId, at: now)
    // A mark kept for a shorter stale time than the sweep planned for (more than an eighth of
    // its own window sooner) moves the sweep earlier: a mark goes at most an eighth late.
    let keptFor = freshMarks.keptFor(actionId)
    let due = now &+ keptFor
    guard freshMarks.sweeper == nil || due < freshMarks.sweepDeadline &- keptFor / 8 else { return }
    freshMarks.sweeper?.cancel()
    scheduleFreshSweep(at: due)
  }

  /// Forgets the marks that no dispatch can find fresh any more when they are due, on the view
  /// model's clock: one timer per view model, whatever the number of marks. The deadline is
  /// fixed now, not when the timer's task first runs, so time that passes meanwhile counts.
  func scheduleFreshSweep(at deadline: Int64) {
    freshMarks.sweepDeadline = deadline
    let clock = self.clock
    let elapsed = self.elapsed
    let owner = weakOwner
    freshMarks.sweeper = Task { @MainActor in
      while case let remaining = deadline &- elapsed.now(), remaining > 0 {
        do { try await clock.sleep(for: .nanoseconds(remaining)) } catch { return }
      }
      owner.withEngine { $0.sweepFreshMarks() }
    }
  }

  private func sweepFreshMarks() {
    freshMarks.sweeper = nil
    let now = elapsed.now()
    guard let next = freshMarks.sweep(at: now) else { return }
    // At most eight sweeps per window: a sweep visits every mark, so its cost is spread over a
    // window's successes, and a mark goes at most an eighth of the window after it is due.
    scheduleFreshSweep(at: max(next, now &+ freshMarks.retention / 8))
  }

  /// Makes an action stale: its fresh mark is forgotten, and its runs in flight will not mark it
  /// fresh (``BaseViewModel/invalidate(_:)``).
  func invalidate(_ actionId: ActionId) {
    freshMarks.forget(actionId)
    states[actionId]?.untrackedSuccessAt = .min
    states[actionId]?.machine.invalidate()
  }

  /// Makes the actions `isStale` picks stale (``BaseViewModel/invalidate(where:)``).
  func invalidate(where isStale: (ActionId) -> Bool) {
    freshMarks.forget(where: isStale)
    keepRunsFromMarkingFresh(where: isStale)
  }

  /// Makes every action stale (``BaseViewModel/invalidateAll()``).
  func invalidateAll() {
    freshMarks.release()
    keepRunsFromMarkingFresh { _ in true }
  }

  /// Stops the runs in flight of the actions `matches` picks from making their action fresh:
  /// they may have read what the change that invalidated them replaced.
  func keepRunsFromMarkingFresh(where matches: (ActionId) -> Bool) {
    for (actionId, state) in states where matches(actionId) {
      state.untrackedSuccessAt = .min
      state.machine.invalidate()
    }
  }
}

extension ActionEngine {
  /// Answers a dispatch with a value it already has (a ``QueryCache``'s fresh value): no run, no
  /// loading; the action's old error is cleared, `deliver` gives the caller the value, and
  /// `fresh` is emitted.
  @usableFromInline
  func answerFromCache(_ actionId: ActionId, _ deliver: () -> Void) {
    delivering {
      if let state = states[actionId], state.failure != nil {
        setFailure(nil, state, of: actionId)
        reclaimIfIdle(state, of: actionId)
      }
      noteCachedSuccess(of: actionId)
      deliver()
      post(.fresh(takeRunID(), onFinish: nil), of: actionId)
    }
  }

  /// The action got a value with no run of its own (fresh, stale, or another view model's
  /// work): for ``Loadable``, the action has succeeded, as a run's success says.
  @usableFromInline
  func noteCachedSuccess(of actionId: ActionId) {
    let order = outcomes.take()
    if let state = states[actionId] {
      state.successOrder = order
    } else {
      outcomes.recordSuccess(of: actionId, order: order)
    }
  }

  /// Ends the action's runs when it is loading (it shows something else now).
  func cancelRunsIfLoading(of actionId: ActionId) {
    if states[actionId]?.isLoading == true { cancelRuns(of: actionId) }
  }
}

/// The task a dispatch answered fresh returns: one task, made once, that has nothing to do.
///
/// Made when the first view model is (its initializers touch it), detached and at a priority of
/// its own, so that it has run long before any dispatch can be answered fresh and never runs
/// among a serial-executor test's jobs: awaiting it never waits, and a test's schedule does not
/// depend on whether it is the process's first fresh answer (`withSerialExecutor` awaits it
/// before its scope opens, see ``prepareFreshAnswers()``).
@usableFromInline
let completedTask = Task<Void, Never>.detached(priority: .high) {}

/// Waits until the task dispatches answered fresh return has completed: for ActionDispatchTesting's
/// serial executor, before its scope opens.
package func prepareFreshAnswers() async {
  await completedTask.value
}
