/// A run with what its task needs — its action, plan, view model, work and success closure —
/// typed, in the run itself.
///
/// `@unchecked Sendable` as ``Run`` is: read on the main actor alone.
///
/// The run's task captures this one reference and nothing else, so its closure needs no context
/// of its own: one allocation a run fewer than a task that captures each of them (a run then
/// makes as many allocations as a hand-written `Task`, plus itself).
@usableFromInline
final class RunWithWork<ActionId: ActionIdType, T, Owner: AnyObject>: Run, @unchecked Sendable {
  /// The run's action.
  @usableFromInline let actionId: ActionId
  /// What it does besides calling its work once; `nil` for a plain run.
  @usableFromInline let plan: RunPlan?
  /// The view model, weakly: releasing it cancels the run.
  @usableFromInline let owner: WeakReference<BaseViewModel<ActionId>>
  /// The work.
  @usableFromInline let work: @MainActor () async throws -> T
  /// Given the view model (of the type that dispatched) and the value when the run succeeds;
  /// set once more, before the task starts, for a shared run or one with `oncePerRun`.
  @usableFromInline var onSuccess: (@MainActor (Owner, T) -> Void)?

  @usableFromInline
  init(
    _ parts: RunParts,
    actionId: ActionId,
    owner: WeakReference<BaseViewModel<ActionId>>,
    work: @escaping @MainActor () async throws -> T,
    onSuccess: (@MainActor (Owner, T) -> Void)?
  ) {
    self.actionId = actionId
    self.plan = parts.plan
    self.owner = owner
    self.work = work
    self.onSuccess = onSuccess
    super.init(
      id: parts.id, state: parts.state, startedAt: parts.startedAt, onFailure: parts.onFailure,
      onFinish: parts.onFinish)
  }
}

/// What admission decided for a run it accepts, for ``RunWithWork``'s initializer.
@usableFromInline
struct RunParts {
  let id: UInt64
  let state: ActionState
  let startedAt: Duration?
  let onFailure: (@MainActor (any Error) -> Void)?
  let onFinish: (@MainActor (RunOutcome) -> Void)?
  let plan: RunPlan?
}
