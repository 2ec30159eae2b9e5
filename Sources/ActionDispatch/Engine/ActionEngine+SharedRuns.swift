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
  ///
  /// `@inlinable`, so that the closure is made for the app's types: unspecialized, a join read
  /// 0.94–1.05× a plain dispatch against its gate of 1.0×.
  @inlinable
  func bound<T, Owner: AnyObject>(_ onSuccess: (@MainActor (Owner, T) -> Void)?) -> (@MainActor (T) -> Void)? {
    guard let onSuccess else { return nil }
    let owner = unsafeDowncast(ownerObject(), to: Owner.self)
    return { [unowned(unsafe) owner] value in onSuccess(owner, value) }
  }

  /// The view model, for ``bound(_:)``.
  @usableFromInline
  func ownerObject() -> AnyObject {
    withOwner { $0 }
  }

  /// A success closure that ignores the view model, for ``makeRunTask(_:)``.
  @inlinable
  static func ownerless<T>(
    _ onSuccess: (@MainActor (T) -> Void)?
  ) -> (@MainActor (BaseViewModel<ActionId>, T) -> Void)? {
    guard let onSuccess else { return nil }
    return { _, value in onSuccess(value) }
  }

  /// A caller's success closure for a shared run, which delivers the value boxed: `false` when
  /// it is not the type the caller expects.
  @inlinable
  static func boxed<T>(_ onSuccess: (@MainActor (T) -> Void)?) -> (@MainActor (Any) -> Bool)? {
    guard let onSuccess else { return nil }
    return { value in
      guard let typed = value as? T else { return false }
      onSuccess(typed)
      return true
    }
  }
  /// Makes an accepted `.joinRunning` run shared, with the dispatch that started it as its first
  /// caller.
  ///
  /// - Returns: That caller's task, which completes when the run ends or the caller leaves.
  @usableFromInline
  func share(
    _ run: Run,
    of actionId: ActionId,
    succeeded: (@MainActor (Any) -> Bool)?,
    failed: (@MainActor (any Error) -> Void)?,
    element: (@MainActor (Any) -> Void)?
  ) -> Task<Void, Never> {
    let caller = RunCaller(id: run.id, delivery: .init(succeeded: succeeded, failed: failed, element: element))
    run.shared?.join(caller)
    return callerTask(caller, of: run, actionId)
  }

  /// Joins a dispatch to a shared run in flight: it shares the run's result, and emits `joined`.
  ///
  /// - Returns: The caller's task, which completes when the run ends or the caller leaves.
  @usableFromInline
  func join(
    _ run: Run,
    _ shared: SharedRun,
    of actionId: ActionId,
    as callerID: UInt64,
    succeeded: (@MainActor (Any) -> Bool)?,
    failed: (@MainActor (any Error) -> Void)?,
    element: (@MainActor (Any) -> Void)?,
    onFinish: (@MainActor (RunOutcome) -> Void)?
  ) -> Task<Void, Never> {
    let caller = RunCaller(
      id: callerID, delivery: .init(succeeded: succeeded, failed: failed, element: element, onFinish: onFinish))
    shared.join(caller)
    // Only events hear a join: with none listening, nothing is posted.
    if listeners.hasEventListeners { post(.joined(run), of: actionId) }
    return callerTask(caller, of: run, actionId)
  }

  /// A caller's returned task: it waits until the caller's part ends; cancelling it detaches the
  /// caller alone (see ``leave(_:of:_:)``).
  private func callerTask(_ caller: RunCaller, of run: Run, _ actionId: ActionId) -> Task<Void, Never> {
    let owner = weakOwner
    let task = Task { @MainActor in
      await withTaskCancellationHandler {
        await withUnsafeContinuation { continuation in
          // Parks with the view model held, so that its `deinit` (which may run on another
          // thread and ends every caller) comes wholly before or after.
          guard let viewModel = owner.object, !caller.hasEnded else { return continuation.resume() }
          withExtendedLifetime(viewModel) { caller.waiter = continuation }
        }
      } onCancel: {
        Task { @MainActor in owner.withEngine { $0.leave(caller, of: run, actionId) } }
      }
    }
    caller.task = task
    return task
  }

  /// A caller's task was cancelled: the caller leaves — its closures never run, its task
  /// completes, a group hears `cancelled` — and the run goes on for the others. When it was the
  /// last caller, no one wants the result: the run ends as cancelled.
  private func leave(_ caller: RunCaller, of run: Run, _ actionId: ActionId) {
    guard !caller.hasEnded else { return }
    guard let shared = run.shared else { return caller.end() }
    let wasLast = shared.leave(caller)
    caller.delivery.onFinish?(.cancelled)
    if wasLast, run.isLive { retire(run, of: actionId, cancelled: true) }
  }

  /// Delivers a shared run's value to its callers, in dispatch order. A caller that expected
  /// another type (it joined a run of the same action dispatched with another result type) gets
  /// an ``UnexpectedResultTypeError`` in its failure closure instead.
  func deliverShared(_ value: Any, of run: Run, _ actionId: ActionId) {
    run.shared?.forEachAttached { caller in
      guard let succeeded = caller.delivery.succeeded, !succeeded(value) else { return }
      caller.delivery.failed?(
        UnexpectedResultTypeError(
          actionId: String(describing: actionId), expected: "the type of the run it joined",
          actual: String(reflecting: type(of: value)), phase: "onSuccess of a joined dispatch"))
    }
  }

  /// Delivers a shared run's error to its callers, in dispatch order.
  func deliverShared(_ error: any Error, of run: Run) {
    run.shared?.forEachAttached { $0.delivery.failed?(error) }
  }

  /// Delivers a shared streaming run's element to the callers attached now, in dispatch order.
  func deliverShared(element: Any, of run: Run) {
    run.shared?.forEachAttached { $0.delivery.element?(element) }
  }

  /// A shared run ended: every caller still there hears how — `cancelled` for one whose task was
  /// cancelled meanwhile — and its task completes.
  func finishShared(_ run: Run, _ outcome: RunOutcome) {
    guard let shared = run.shared else { return }
    for caller in shared.callers where !caller.hasEnded {
      let wasAttached = caller.isAttached
      caller.end()
      caller.delivery.onFinish?(wasAttached ? outcome : .cancelled)
    }
  }
}

/// The callers of one shared run (``DispatchPolicy/joinRunning``), in dispatch order, joined and
/// left by the rules of ``JoinedCallers``.
@usableFromInline
final class SharedRun {
  /// The callers, in dispatch order; some may have left.
  private(set) var joined = JoinedCallers<RunCaller>()

  init() {}

  /// The callers, in dispatch order; some may have left.
  var callers: [RunCaller] { joined.all }

  /// Adds a caller, the newest.
  func join(_ caller: RunCaller) {
    joined.join(caller)
  }

  /// Detaches a caller that is attached: its part ends.
  ///
  /// - Returns: Whether it was the last one attached.
  func leave(_ caller: RunCaller) -> Bool {
    caller.end()
    return joined.leave { $0.hasEnded }
  }

  /// Calls `body` with each caller attached now, in dispatch order; one that leaves meanwhile (or
  /// whose task was cancelled) is skipped, and one that joins meanwhile (an element's closure
  /// dispatched) is not called.
  @MainActor func forEachAttached(_ body: (RunCaller) -> Void) {
    for caller in joined.all where caller.isAttached { body(caller) }
  }
}

/// One caller of a shared run (``DispatchPolicy/joinRunning``): the dispatch that started it or
/// one that joined it, with its own closures and its own returned task.
///
/// `@unchecked Sendable` only so that its task's cancellation handler can carry it to the main
/// actor; it is read and written on the main actor alone, and by a released view model's
/// `deinit`, which only resumes its waiter (the task parks with the view model held).
final class RunCaller: @unchecked Sendable {
  /// The caller's dispatch number.
  let id: UInt64
  /// What it is told of the run.
  let delivery: Delivery
  /// Its returned task: once that is cancelled, the caller is as good as gone (its leaving is
  /// on its way to the main actor), and is told nothing more.
  var task: Task<Void, Never>?
  /// Whether its part has ended: it left, or the run ended.
  var hasEnded = false
  /// Its returned task, parked until its part ends. Unsafe (no allocation): every resume clears
  /// it first, so it is resumed exactly once.
  var waiter: UnsafeContinuation<Void, Never>?

  init(id: UInt64, delivery: Delivery) {
    self.id = id
    self.delivery = delivery
  }

  /// Whether it still wants the run's result: its part has not ended and its task is not cancelled.
  var isAttached: Bool { !hasEnded && task?.isCancelled != true }

  /// Ends its part: its returned task completes.
  func end() {
    hasEnded = true
    guard let waiter else { return }
    self.waiter = nil
    waiter.resume()
  }

  /// A caller's closures.
  struct Delivery {
    /// Its success closure, given the run's value boxed: `false` when the value is not of the
    /// type it expects (it joined a run of the same action with another result type).
    var succeeded: (@MainActor (Any) -> Bool)?
    /// Its failure closure.
    var failed: (@MainActor (any Error) -> Void)?
    /// Its `onElement`, for a streaming run.
    var element: (@MainActor (Any) -> Void)?
    /// Told how its part ended — the run's outcome, or `cancelled` when it left — for groups.
    var onFinish: (@MainActor (RunOutcome) -> Void)?
  }
}
