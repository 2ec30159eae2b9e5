// `.joinRunning` runs: a run's work as a `SharedWork` whose callers are typed, found by its
// action and kind (see `JoinableRun`).

extension ActionEngine {
  /// A run's success closures, one after the other; no closure is made when one is missing.
  @inlinable
  static func both<T>(
    _ first: (@MainActor (T) -> Void)?, _ second: (@MainActor (T) -> Void)?
  ) -> (@MainActor (T) -> Void)? {
    guard let second else { return first }
    guard let first else { return second }
    return { value in
      first(value)
      second(value)
    }
  }

  /// A success closure that takes the view model, bound to it: for the closures kept beyond the
  /// run's own end (a shared run's callers, `oncePerRun` beside it). `Owner` is the type of the
  /// view model that dispatched, which this engine runs; it is held `unowned(unsafe)`, as the
  /// facade's closures hold it (the engine runs only while its view model is alive).
  @usableFromInline
  func bound<T, Owner: AnyObject>(_ onSuccess: (@MainActor (Owner, T) -> Void)?) -> (@MainActor (T) -> Void)? {
    guard let onSuccess else { return nil }
    let owner = withOwner { unsafeDowncast($0, to: Owner.self) }
    return { [unowned(unsafe) owner] value in onSuccess(owner, value) }
  }

  /// A success closure that ignores the view model, for ``makeRunTask(_:of:plan:work:onSuccess:)``.
  @inlinable
  static func ownerless<T>(
    _ onSuccess: (@MainActor (T) -> Void)?
  ) -> (@MainActor (BaseViewModel<ActionId>, T) -> Void)? {
    guard let onSuccess else { return nil }
    return { _, value in onSuccess(value) }
  }

  /// Starts or joins a `.joinRunning` run: the dispatch joins the run of its action in flight of
  /// its kind — its result type `T` and element type `Element` — or starts one (a ``JoinableRun``)
  /// as its first caller.
  ///
  /// The run's work is a ``SharedWork`` with the starting dispatch's `retry` and `timeout`; a
  /// joining dispatch's `timeout` detaches only it (its failure closure gets an
  /// ``ActionTimeoutError``), and its `retry` and `oncePerRun` are not used. A caller's returned
  /// task completes when the run ends or the caller leaves; cancelling it detaches that caller
  /// alone, and the last one leaving cancels the run.
  @usableFromInline
  func startSharedRun<T, Owner: AnyObject, Element>(
    actionId: ActionId,
    staleTime: Duration?,
    supersedes: [ActionId]?,
    retry: RetryPolicy?,
    timeout: Duration?,
    task work: @escaping @MainActor () async throws -> T,
    onSuccess: (@MainActor (Owner, T) -> Void)?,
    onFailure: (@MainActor (any Error) -> Void)?,
    onFinish: (@MainActor (RunOutcome) -> Void)?,
    onAccepted: (@MainActor (Run) -> Void)?,
    onElement: (@MainActor (Element) -> Void)?,
    oncePerRun: (@MainActor (T) -> Void)?
  ) -> Task<Void, Never> {
    let clock = self.clock
    // The run's retry and timeout are its work's, not a plan's.
    let admission = admit(
      actionId, policy: .joinRunning, staleTime: staleTime, supersedesOtherActions: supersedes != nil, retry: nil,
      timeout: nil, onFailure: nil, onFinish: onFinish, heldAs: nil,
      joinKind: ObjectIdentifier(JoinableRun<T, Element>.self)
    ) { parts in
      JoinableRun<T, Element>(parts, work: SharedWork(retry: retry, timeout: timeout, clock: clock))
    }
    let caller = SharedWorkCaller<T>(receive: Self.receiving(bound(onSuccess), onFailure))
    switch admission {
    case .dropped, .held:
      preconditionFailure("a .joinRunning dispatch is never dropped or held")
    case .fresh:
      return completedTask
    case .joined(let found):
      // The machine found it by this dispatch's kind: it is a run of these types.
      let run = unsafeDowncast(found, to: JoinableRun<T, Element>.self)
      caller.onFinish = onFinish
      run.join(caller, onElement: onElement)
      // Only events hear a join: with none listening, nothing is posted.
      if listeners.hasEventListeners { post(.joined(run), of: actionId) }
      let task = callerTask(caller, of: run, actionId)
      if let timeout { startTimeout(timeout, of: caller, in: run, actionId) }
      return task
    case .accepted(let accepted, let superseded, let becameLoading, let window, let supersedesOtherActions):
      let run = unsafeDowncast(accepted, to: JoinableRun<T, Element>.self)
      // Its own `onFinish` is the run's, which its end reaches even when it left.
      run.join(caller, onElement: onElement)
      if let oncePerRun {
        run.work.addOnce { value in
          oncePerRun(value)
          return true
        }
      }
      let task = callerTask(caller, of: run, actionId)
      let owner = weakOwner
      run.work.start(
        { _ in
          // Ended or cancelled before its task ran (superseded at once, say): the work never starts.
          guard run.isLive, !Task.isCancelled else { throw CancellationError() }
          return try await work()
        },
        onEnd: { work, result in
          // A run that something else ended (cancelled, superseded, its last caller left) is not
          // ended again.
          guard run.isLive else { return }
          owner.withEngine { $0.ended(run, of: actionId, with: result, timedOut: work.hasTimedOut) }
        })
      run.task = run.work.task
      run.timer = run.work.timer
      started(
        run, of: actionId, superseding: superseded, becameLoading: becameLoading, window: window,
        otherActions: supersedesOtherActions ? supersedes : nil, onAccepted: onAccepted)
      return task
    }
  }

  /// A caller's delivery: its success closure for a value, its failure closure for an error.
  private static func receiving<T>(
    _ succeeded: (@MainActor (T) -> Void)?, _ failed: (@MainActor (any Error) -> Void)?
  ) -> (@MainActor (Result<T, any Error>) -> Void)? {
    guard succeeded != nil || failed != nil else { return nil }
    return { result in
      switch result {
      case .success(let value): succeeded?(value)
      case .failure(let error): failed?(error)
      }
    }
  }

  /// A shared run's work ended, the run still live: it succeeds — its `oncePerRun`, then each
  /// caller's success closure, in join order, before the view model's hook — fails, or ends as
  /// cancelled when its task was (the work's timeout fails it, though its task is cancelled).
  private func ended<T, Element>(
    _ run: JoinableRun<T, Element>, of actionId: ActionId, with result: Result<T, any Error>, timedOut: Bool
  ) {
    switch result {
    case .success(let value):
      let work = run.work
      retire(
        run, of: actionId, returning: value,
        onSuccess: { (_: BaseViewModel<ActionId>, value: T) in
          work.callOnce(with: value)
          work.tell(.success(value))
        })
    case .failure(let error) where timedOut:
      retire(run, of: actionId, failedWith: error)
    case .failure(let error):
      retire(run, of: actionId, afterWorkThrew: error)
    }
  }

  /// A caller's returned task: it waits until the caller's part ends; cancelling it detaches the
  /// caller alone (see ``leave(_:of:_:with:)``).
  private func callerTask<T, Element>(
    _ caller: SharedWorkCaller<T>, of run: JoinableRun<T, Element>, _ actionId: ActionId
  ) -> Task<Void, Never> {
    let owner = weakOwner
    let task = Task { @MainActor in
      await withTaskCancellationHandler {
        _ = try? await withUnsafeThrowingContinuation {
          (continuation: UnsafeContinuation<MainActorValue<T>, any Error>) in
          // Its part ended before the task ran (the run ended at once): nothing to wait for.
          guard !caller.hasEnded else { return continuation.resume(throwing: CancellationError()) }
          caller.continuation = continuation
        }
      } onCancel: {
        Task { @MainActor in owner.withEngine { $0.leave(caller, of: run, actionId, with: nil) } }
      }
    }
    caller.task = task
    return task
  }

  /// Starts a joining caller's own timeout: when it passes, the caller leaves with an
  /// ``ActionTimeoutError``, and the run goes on for the others.
  private func startTimeout<T, Element>(
    _ timeout: Duration, of caller: SharedWorkCaller<T>, in run: JoinableRun<T, Element>, _ actionId: ActionId
  ) {
    let clock = self.clock
    let owner = weakOwner
    caller.timer = Task { @MainActor [weak caller] in
      do { try await clock.sleep(for: timeout) } catch { return }
      guard let caller else { return }
      owner.withEngine { $0.leave(caller, of: run, actionId, with: ActionTimeoutError(timeout: timeout)) }
    }
  }

  /// A caller leaves: cancelled (`error` is `nil`), its closures never run and a group hears
  /// `cancelled`; timed out, its failure closure gets `error` and a group hears `failed`. Either
  /// way its task completes and the run goes on for the others; when it was the last caller, no
  /// one wants the result: the run ends as cancelled.
  private func leave<T, Element>(
    _ caller: SharedWorkCaller<T>, of run: JoinableRun<T, Element>, _ actionId: ActionId, with error: (any Error)?
  ) {
    guard !caller.hasEnded else { return }
    let wasLast = run.work.detach(caller, telling: error.map { Result<T, any Error>.failure($0) })
    caller.onFinish?(error == nil ? .cancelled : .failed)
    if wasLast, run.isLive { retire(run, of: actionId, cancelled: true) }
  }
}
