/// The dispatch surface of ``BaseViewModel``: the forms of `dispatch` whose closures receive the
/// view model itself, typed as your subclass, instead of capturing `self`.
///
/// This protocol is an implementation detail of ``BaseViewModel``, which conforms: never conform
/// a type of your own, and never name it — call `dispatch` on your view model. It exists because
/// only a protocol extension can give a closure the subclass's own type (`Self`), and that is what
/// keeps the framework's promise that releasing a view model cancels its work: the closures
/// capture nothing that keeps the view model alive.
///
/// ```swift
/// @MainActor @Observable
/// final class ProfileViewModel: BaseViewModel<ProfileAction> {
///   private(set) var name = ""
///   private let service: any ProfileService
///
///   init(service: any ProfileService) {
///     self.service = service
///     super.init()
///   }
///
///   func load() {
///     dispatch(actionId: .load, task: { [service] in try await service.name() }) { viewModel, name in
///       viewModel.name = name
///     }
///   }
/// }
/// ```
///
/// The forms here are the documented way to dispatch:
/// ``dispatch(actionId:policy:retry:timeout:task:onSuccess:onFailure:)``,
/// ``dispatch(actionId:policy:retry:timeout:optimistic:task:onSuccess:onFailure:)``,
/// ``dispatchAndWait(actionId:policy:retry:timeout:task:onSuccess:onFailure:)`` and
/// ``dispatch(actionId:policy:retry:timeout:elements:onElement:)``. The older forms whose closures
/// take only the value are deprecated; their messages name the form to use. The protocol's
/// requirements are those older forms, deprecated too and kept only so that code generic over
/// the protocol still compiles: nothing of it is left to use but the forms above.
///
/// > Important: A closure that uses `self` keeps the view model alive until the work returns.
/// > Capture what the work needs (`[service] in`) and take the view model as the closures'
/// > first argument.
@MainActor
public protocol ActionDispatching: AnyObject {
  /// The view model's actions.
  associatedtype ActionId: ActionIdType

  /// A form whose closures take only the value, deprecated: kept as a requirement only so that
  /// code generic over this protocol still compiles. The extension's forms do not use it.
  ///
  /// - Parameters:
  ///   - actionId: The action this run belongs to.
  ///   - policy: What to do with runs of the same action already in flight.
  ///   - retry: How to retry the work when it throws.
  ///   - timeout: The longest the run may take, retries included.
  ///   - task: The work.
  ///   - onSuccess: Receives the work's result.
  ///   - onFailure: Receives the run's error.
  /// - Returns: The run's task.
  @available(
    *, deprecated,
    message:
      "take the view model as the closures' first argument: onSuccess: { viewModel, value in … }, onFailure: { viewModel, error in … } (either may be left out; label onFailure:, since a lone trailing closure is onSuccess)"
  )
  @discardableResult
  func dispatch<T>(
    actionId: ActionId,
    policy: DispatchPolicy,
    retry: RetryPolicy?,
    timeout: Duration?,
    task: @escaping @MainActor () async throws -> T,
    onSuccess: (@MainActor (T) -> Void)?,
    onFailure: @escaping @MainActor (any Error) -> Void
  ) -> Task<Void, Never>

  /// A form whose closures take only the value, deprecated: kept as a requirement only so that
  /// code generic over this protocol still compiles. The extension's forms do not use it.
  ///
  /// - Parameters:
  ///   - actionId: The action this run belongs to.
  ///   - policy: What to do with runs of the same action already in flight.
  ///   - timeout: The longest the whole run may take.
  ///   - elements: Makes the sequence.
  ///   - onElement: Receives each element.
  /// - Returns: The run's task.
  @available(
    *, deprecated,
    message:
      "take the view model as the closure's first argument: { viewModel, element in … } (a closure that uses self keeps the view model alive)"
  )
  @discardableResult
  func dispatch<Elements: AsyncSequence & Sendable>(
    actionId: ActionId,
    policy: DispatchPolicy,
    timeout: Duration?,
    elements: @escaping @MainActor () async throws -> Elements,
    onElement: @escaping @MainActor (Elements.Element) -> Void
  ) -> Task<Void, Never>

  /// A form whose closures take only the value, deprecated: kept as a requirement only so that
  /// code generic over this protocol still compiles. The extension's forms do not use it.
  ///
  /// - Parameters:
  ///   - actionId: The action this run belongs to.
  ///   - policy: What to do with runs of the same action already in flight.
  ///   - retry: How to retry the work when it throws.
  ///   - timeout: The longest the run may take, retries included.
  ///   - task: The work.
  ///   - onSuccess: Receives the work's result.
  @available(
    *, deprecated,
    message:
      "take the view model as the closure's first argument: { viewModel, value in … } (a closure that uses self keeps the view model alive)"
  )
  func dispatchAndWait<T>(
    actionId: ActionId,
    policy: DispatchPolicy,
    retry: RetryPolicy?,
    timeout: Duration?,
    task: @escaping @MainActor () async throws -> T,
    onSuccess: (@MainActor (T) -> Void)?
  ) async
}

extension BaseViewModel: ActionDispatching {}

// The closures below hold the view model `unowned(unsafe)`, not `weak`: only the view model
// itself calls them, from its own methods while it runs a delivery, so it is alive whenever they
// run. A weak capture would cost a weak reference per dispatch; a strong one would keep the view
// model alive until the work returns, which is what these forms exist to avoid.
extension ActionDispatching {
  /// Runs async work as a run of an action, with loading and error state, hooks and events; its
  /// closures receive the view model.
  ///
  /// ```swift
  /// dispatch(actionId: .fetchFollowers, task: { [service] in
  ///   try await service.followers(of: login)
  /// }) { viewModel, page in
  ///   viewModel.followers = page.followers
  /// }
  /// ```
  ///
  /// The one form for every combination of closures: none (`dispatch(actionId: .refresh) { try
  /// await service.refresh() }`), a success closure, a failure closure (`onFailure:` alone), or
  /// both. The closures take the view model as their first argument, so nothing keeps it alive:
  /// releasing it cancels its work at once and nothing is delivered.
  ///
  /// The action is loading as soon as `dispatch` returns; its previous error is cleared. When
  /// the work returns, `onSuccess` and then the ``BaseViewModel/actionDidSucceed(_:result:)``
  /// hook run; when it throws (or its timeout fires), ``BaseViewModel/errorMessage(for:)``
  /// reports the error, then `onFailure` and the ``BaseViewModel/actionDidFail(_:error:)`` hook
  /// run. Loading ends after that. A run that is cancelled or superseded never delivers, even if
  /// its work ignores cancellation and returns later; cancellation is not a failure and never
  /// reaches `onFailure`.
  ///
  /// > Tip: To show a change at once and undo it if the run fails, pass it as `optimistic:`
  /// > (``dispatch(actionId:policy:retry:timeout:optimistic:task:onSuccess:onFailure:)``) rather
  /// > than undoing it in `onFailure`, which is not called for a dropped dispatch nor for a
  /// > cancelled or superseded run.
  ///
  /// - Parameters:
  ///   - actionId: The action this run belongs to.
  ///   - policy: What to do with runs of the same action already in flight.
  ///   - retry: How to retry the work when it throws; no retries by default.
  ///   - timeout: The longest the run may take, retries included; the run then fails with
  ///     ``ActionTimeoutError``. Measured on the view model's clock.
  ///   - task: The work. It starts on the main actor; `await` hops off it. Capture what it
  ///     needs (`[service] in`), not `self`.
  ///   - onSuccess: Receives the view model and the work's result, typed, on the main actor.
  ///   - onFailure: Receives the view model and the run's error, on the main actor.
  /// - Returns: The run's task. Awaiting it waits for the run's whole lifecycle, hooks included
  ///   (a run cancelled while its work ignores cancellation has ended at once, but its task
  ///   completes only when that work returns); cancelling it cancels the run.
  @inlinable @discardableResult
  public func dispatch<T>(
    actionId: ActionId,
    policy: DispatchPolicy = .concurrent,
    retry: RetryPolicy? = nil,
    timeout: Duration? = nil,
    task: @escaping @MainActor () async throws -> T,
    onSuccess: (@MainActor (Self, T) -> Void)? = nil,
    onFailure: (@MainActor (Self, any Error) -> Void)? = nil
  ) -> Task<Void, Never> {
    startRunReceivingViewModel(
      actionId: actionId, policy: policy, supersedes: nil, retry: retry, timeout: timeout, task: task,
      onSuccess: onSuccess, onFailure: onFailure)
  }

  /// Runs async work as a run of an action and waits for the run to end; cancelling the waiting
  /// task cancels the run. Its closures receive the view model.
  ///
  /// This is the form for callers that own a task of their own — SwiftUI's `.task` and
  /// `.refreshable`: when the view goes away and SwiftUI cancels its task, the run ends as
  /// cancelled at once and delivers nothing.
  ///
  /// ```swift
  /// func refresh() async {
  ///   await dispatchAndWait(actionId: .refresh, task: { [service] in try await service.load() }) { viewModel, items in
  ///     viewModel.items = items
  ///   }
  /// }
  /// // SwiftUI: List { … }.refreshable { await viewModel.refresh() }
  /// ```
  ///
  /// Everything ``dispatch(actionId:policy:retry:timeout:task:onSuccess:onFailure:)`` says
  /// holds; its closures have run when this returns.
  ///
  /// - Parameters:
  ///   - actionId: The action this run belongs to.
  ///   - policy: What to do with runs of the same action already in flight.
  ///   - retry: How to retry the work when it throws; no retries by default.
  ///   - timeout: The longest the run may take, retries included.
  ///   - task: The work. Capture what it needs (`[service] in`), not `self`.
  ///   - onSuccess: Receives the view model and the work's result, typed, on the main actor.
  ///   - onFailure: Receives the view model and the run's error, on the main actor.
  @inlinable
  public func dispatchAndWait<T>(
    actionId: ActionId,
    policy: DispatchPolicy = .concurrent,
    retry: RetryPolicy? = nil,
    timeout: Duration? = nil,
    task: @escaping @MainActor () async throws -> T,
    onSuccess: (@MainActor (Self, T) -> Void)? = nil,
    onFailure: (@MainActor (Self, any Error) -> Void)? = nil
  ) async {
    await BaseViewModel<ActionId>.waitFor(
      dispatch(
        actionId: actionId, policy: policy, retry: retry, timeout: timeout, task: task,
        onSuccess: onSuccess, onFailure: onFailure))
  }

  /// Runs a sequence of values — pages, suggestions, progress — as one run of an action,
  /// delivering each element, typed and in order, with the view model, on the main actor.
  ///
  /// ```swift
  /// dispatch(actionId: .loadAllPages, policy: .cancelPrevious, elements: { [service] in
  ///   service.allFollowers(of: login)
  /// }) { viewModel, page in
  ///   viewModel.followers += page.followers
  /// }
  /// ```
  ///
  /// The action is loading from `dispatch` until the sequence ends. The run succeeds when the
  /// sequence finishes, and fails with its error when it throws (or when `timeout` passes);
  /// elements already delivered stay delivered. Every ``DispatchPolicy`` works as for any run:
  /// a run that `.cancelPrevious` supersedes delivers no element after the new run is
  /// accepted, `.enqueue` starts iterating after the previous run ended, and so on.
  ///
  /// With `retry:`, a sequence that throws is made again (`elements` is called again) after the
  /// policy's backoff and iterated from its start, as Combine's `retry` resubscribes: the
  /// elements of every attempt are delivered, so an element the failed attempt delivered comes
  /// again if the new attempt produces it. Write `onElement` so that a repeat is harmless (keep
  /// rows by id, replace rather than append), or make `elements` resume where the last attempt
  /// stopped. A retried stream is one run: `started` once, one end, and the `timeout` covers all
  /// its attempts.
  ///
  /// Cancelling the returned task, ``BaseViewModel/cancel(_:)``, supersession or releasing the
  /// view model stops the iteration at once: no element is delivered after that, even one the
  /// sequence was already producing.
  ///
  /// What listeners see: a streaming run is one run. Hooks and events see `started`, then one
  /// of `succeeded` (the ``BaseViewModel/actionDidSucceed(_:result:)`` hook gets `()`), `failed`
  /// or `cancelled`, then `finished` — no event per element. Elements go to `onElement` and to
  /// the `On(.action).element { }` handlers of ``BaseViewModel/observe(_:)``, between `started`
  /// and the end. A callback that cancels the run while an element is delivered lets that
  /// element reach its other listeners (it is the notification in progress); the end follows,
  /// and no later element.
  ///
  /// - Parameters:
  ///   - actionId: The action this run belongs to.
  ///   - policy: What to do with runs of the same action already in flight.
  ///   - retry: How to make and iterate the sequence again when it throws; no retries by default.
  ///   - timeout: The longest the whole run may take, retries included; the run then fails with
  ///     ``ActionTimeoutError``. Measured on the view model's clock.
  ///   - elements: Makes the sequence, on the main actor when the run starts and again for each
  ///     retry. Capture what it needs (`[service] in`), not `self`.
  ///   - onElement: Receives the view model and each element, typed and in order, on the main actor.
  /// - Returns: The run's task. Awaiting it waits for the run's whole lifecycle (a run cancelled
  ///   while its sequence ignores cancellation has ended at once, but its task completes only
  ///   when the sequence's pending `next()` returns); cancelling it cancels the run.
  @discardableResult
  public func dispatch<Elements: AsyncSequence & Sendable>(
    actionId: ActionId,
    policy: DispatchPolicy = .concurrent,
    retry: RetryPolicy? = nil,
    timeout: Duration? = nil,
    elements: @escaping @MainActor () async throws -> Elements,
    onElement: @escaping @MainActor (Self, Elements.Element) -> Void
  ) -> Task<Void, Never> {
    dispatchingBase.startStream(
      actionId: actionId, policy: policy, retry: retry, timeout: timeout, elements: elements,
      onElement: { [unowned(unsafe) self] element in onElement(self, element) })
  }

  /// Starts a run whose closures receive the view model: what the `dispatch` forms with a
  /// success closure share.
  @inlinable
  func startRunReceivingViewModel<T>(
    actionId: ActionId,
    policy: DispatchPolicy,
    supersedes: [ActionId]?,
    retry: RetryPolicy?,
    timeout: Duration?,
    task: @escaping @MainActor () async throws -> T,
    onSuccess: (@MainActor (Self, T) -> Void)?,
    onFailure: (@MainActor (Self, any Error) -> Void)?
  ) -> Task<Void, Never> {
    var succeeded: (@MainActor (T) -> Void)?
    if let onSuccess { succeeded = { [unowned(unsafe) self] value in onSuccess(self, value) } }
    var failed: (@MainActor (any Error) -> Void)?
    if let onFailure { failed = { [unowned(unsafe) self] error in onFailure(self, error) } }
    return dispatchingBase.startRun(
      actionId: actionId, policy: policy, supersedes: supersedes, retry: retry, timeout: timeout,
      task: task, onSuccess: succeeded, onFailure: failed, onFinish: nil)
  }

  /// The view model as ``BaseViewModel``, the one type that conforms.
  @inlinable
  var dispatchingBase: BaseViewModel<ActionId> {
    guard let base = self as? BaseViewModel<ActionId> else {
      preconditionFailure("ActionDispatching is BaseViewModel's alone; subclass BaseViewModel instead")
    }
    return base
  }
}
