/// The dispatch surface of ``BaseViewModel``, so that a run's closures can receive the view
/// model itself, typed as your subclass, instead of capturing `self`.
///
/// ``BaseViewModel`` conforms; you never conform a type of your own. What it gives you is the
/// form of `dispatch` that keeps the framework's promise that releasing a view model cancels
/// its work: the closures capture nothing that keeps the view model alive.
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
/// > Important: A closure that uses `self` — the `task` or a one-argument `onSuccess` — keeps
/// > the view model alive until the work returns. Capture what the work needs (`[service] in`)
/// > and take the view model as the closures' first argument.
@MainActor
public protocol ActionDispatching: AnyObject {
  /// The view model's actions.
  associatedtype ActionId: ActionIdType

  /// Runs async work as a run of an action; see ``BaseViewModel/dispatch(actionId:policy:retry:timeout:task:onSuccess:onFailure:)``.
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

  /// Runs a sequence as one run of an action; see ``BaseViewModel/dispatch(actionId:policy:timeout:elements:onElement:)``.
  ///
  /// - Parameters:
  ///   - actionId: The action this run belongs to.
  ///   - policy: What to do with runs of the same action already in flight.
  ///   - timeout: The longest the whole run may take.
  ///   - elements: Makes the sequence.
  ///   - onElement: Receives each element.
  /// - Returns: The run's task.
  @discardableResult
  func dispatch<Elements: AsyncSequence & Sendable>(
    actionId: ActionId,
    policy: DispatchPolicy,
    timeout: Duration?,
    elements: @escaping @MainActor () async throws -> Elements,
    onElement: @escaping @MainActor (Elements.Element) -> Void
  ) -> Task<Void, Never>

  /// Runs async work as a run of an action and waits for it; see ``BaseViewModel/dispatchAndWait(actionId:policy:retry:timeout:task:onSuccess:)``.
  ///
  /// - Parameters:
  ///   - actionId: The action this run belongs to.
  ///   - policy: What to do with runs of the same action already in flight.
  ///   - retry: How to retry the work when it throws.
  ///   - timeout: The longest the run may take, retries included.
  ///   - task: The work.
  ///   - onSuccess: Receives the work's result.
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
  /// Runs async work as a run of an action; its success closure receives the view model.
  ///
  /// ```swift
  /// dispatch(actionId: .load, task: { [service] in try await service.name() }) { viewModel, name in
  ///   viewModel.name = name
  /// }
  /// ```
  ///
  /// The closure does not keep the view model alive: if it is released while the work is in
  /// flight, its runs are cancelled and nothing is delivered.
  ///
  /// - Parameters:
  ///   - actionId: The action this run belongs to.
  ///   - policy: What to do with runs of the same action already in flight.
  ///   - retry: How to retry the work when it throws; no retries by default.
  ///   - timeout: The longest the run may take, retries included.
  ///   - task: The work. Capture what it needs (`[service] in`), not `self`.
  ///   - onSuccess: Receives the view model and the work's result, typed, on the main actor.
  /// - Returns: The run's task: awaiting it waits for the run; cancelling it cancels the run.
  @inlinable @discardableResult
  public func dispatch<T>(
    actionId: ActionId,
    policy: DispatchPolicy = .concurrent,
    retry: RetryPolicy? = nil,
    timeout: Duration? = nil,
    task: @escaping @MainActor () async throws -> T,
    onSuccess: @escaping @MainActor (Self, T) -> Void
  ) -> Task<Void, Never> {
    dispatch(
      actionId: actionId, policy: policy, retry: retry, timeout: timeout, task: task,
      onSuccess: { [unowned(unsafe) self] value in onSuccess(self, value) },
      onFailure: { _ in })
  }

  /// Runs async work as a run of an action; its success and failure closures receive the view model.
  ///
  /// ```swift
  /// followers.remove(at: index)  // optimistic
  /// dispatch(actionId: .unfollow(name), task: { [service] in try await service.unfollow(name) }, onSuccess: nil) {
  ///   viewModel, _ in
  ///   viewModel.followers.insert(name, at: index)  // roll back this row
  /// }
  /// ```
  ///
  /// `onFailure` runs when this run fails — its work threw, or its timeout fired — after
  /// ``BaseViewModel/error(for:)`` reports the error and before the `onError` hook. `onSuccess`
  /// has no default, so that a lone trailing closure means `onSuccess` in the one-closure form;
  /// pass `nil` when only the failure matters.
  ///
  /// - Parameters:
  ///   - actionId: The action this run belongs to.
  ///   - policy: What to do with runs of the same action already in flight.
  ///   - retry: How to retry the work when it throws; no retries by default.
  ///   - timeout: The longest the run may take, retries included.
  ///   - task: The work. Capture what it needs (`[service] in`), not `self`.
  ///   - onSuccess: Receives the view model and the work's result, typed, on the main actor.
  ///   - onFailure: Receives the view model and the run's error, on the main actor.
  /// - Returns: The run's task: awaiting it waits for the run; cancelling it cancels the run.
  @inlinable @discardableResult
  public func dispatch<T>(
    actionId: ActionId,
    policy: DispatchPolicy = .concurrent,
    retry: RetryPolicy? = nil,
    timeout: Duration? = nil,
    task: @escaping @MainActor () async throws -> T,
    onSuccess: (@MainActor (Self, T) -> Void)?,
    onFailure: @escaping @MainActor (Self, any Error) -> Void
  ) -> Task<Void, Never> {
    dispatch(
      actionId: actionId, policy: policy, retry: retry, timeout: timeout, task: task,
      onSuccess: { [unowned(unsafe) self] value in onSuccess?(self, value) },
      onFailure: { [unowned(unsafe) self] error in onFailure(self, error) })
  }

  /// Runs async work as a run of an action and waits for it; its success closure receives the view model.
  ///
  /// Cancelling the waiting task cancels the run: the form for SwiftUI's `.task` and `.refreshable`.
  ///
  /// - Parameters:
  ///   - actionId: The action this run belongs to.
  ///   - policy: What to do with runs of the same action already in flight.
  ///   - retry: How to retry the work when it throws; no retries by default.
  ///   - timeout: The longest the run may take, retries included.
  ///   - task: The work. Capture what it needs (`[service] in`), not `self`.
  ///   - onSuccess: Receives the view model and the work's result, typed, on the main actor.
  @inlinable
  public func dispatchAndWait<T>(
    actionId: ActionId,
    policy: DispatchPolicy = .concurrent,
    retry: RetryPolicy? = nil,
    timeout: Duration? = nil,
    task: @escaping @MainActor () async throws -> T,
    onSuccess: @escaping @MainActor (Self, T) -> Void
  ) async {
    await dispatchAndWait(
      actionId: actionId, policy: policy, retry: retry, timeout: timeout, task: task,
      onSuccess: { [unowned(unsafe) self] value in onSuccess(self, value) })
  }

  /// Runs async work as a run of an action and waits for it; its success and failure closures
  /// receive the view model.
  ///
  /// ```swift
  /// func refresh() async {
  ///   await dispatchAndWait(actionId: .refresh, task: { [service] in try await service.load() }, onSuccess: {
  ///     viewModel, items in viewModel.items = items
  ///   }, onFailure: { viewModel, _ in viewModel.showsRetryBanner = true })
  /// }
  /// ```
  ///
  /// Cancelling the waiting task cancels the run. `onFailure` runs as it does for
  /// ``dispatch(actionId:policy:retry:timeout:task:onSuccess:onFailure:)``, before this returns.
  ///
  /// - Parameters:
  ///   - actionId: The action this run belongs to.
  ///   - policy: What to do with runs of the same action already in flight.
  ///   - retry: How to retry the work when it throws; no retries by default.
  ///   - timeout: The longest the run may take, retries included.
  ///   - task: The work. Capture what it needs (`[service] in`), not `self`.
  ///   - onSuccess: Receives the view model and the work's result, typed, on the main actor.
  ///   - onFailure: Receives the view model and the run's error, on the main actor.
  public func dispatchAndWait<T>(
    actionId: ActionId,
    policy: DispatchPolicy = .concurrent,
    retry: RetryPolicy? = nil,
    timeout: Duration? = nil,
    task: @escaping @MainActor () async throws -> T,
    onSuccess: (@MainActor (Self, T) -> Void)?,
    onFailure: @escaping @MainActor (Self, any Error) -> Void
  ) async {
    guard let base = self as? BaseViewModel<ActionId> else {
      preconditionFailure("ActionDispatching is BaseViewModel's alone; subclass BaseViewModel instead")
    }
    unowned(unsafe) let viewModel = self
    var succeeded: (@MainActor (T) -> Void)?
    if let onSuccess { succeeded = { value in onSuccess(viewModel, value) } }
    let failed: @MainActor (any Error) -> Void = { error in onFailure(viewModel, error) }
    let run = base.startRun(
      actionId: actionId, policy: policy, retry: retry, timeout: timeout, task: task,
      onSuccess: succeeded, onFailure: failed, onFinish: nil)
    await withTaskCancellationHandler {
      await run.value
    } onCancel: {
      run.cancel()
    }
  }

  /// Runs a sequence as one run of an action; each element goes, with the view model, to `onElement`.
  ///
  /// ```swift
  /// dispatch(actionId: .loadAllPages, policy: .cancelPrevious, elements: { [service] in
  ///   service.allFollowers(of: login)
  /// }) { viewModel, page in
  ///   viewModel.followers += page.followers
  /// }
  /// ```
  ///
  /// The closure does not keep the view model alive: releasing it cancels the run and stops
  /// the iteration at once. Everything ``BaseViewModel/dispatch(actionId:policy:timeout:elements:onElement:)``
  /// says holds.
  ///
  /// - Parameters:
  ///   - actionId: The action this run belongs to.
  ///   - policy: What to do with runs of the same action already in flight.
  ///   - timeout: The longest the whole run may take; measured on the view model's clock.
  ///   - elements: Makes the sequence. Capture what it needs (`[service] in`), not `self`.
  ///   - onElement: Receives the view model and each element, typed and in order, on the main actor.
  /// - Returns: The run's task: awaiting it waits for the run; cancelling it cancels the run.
  @discardableResult
  public func dispatch<Elements: AsyncSequence & Sendable>(
    actionId: ActionId,
    policy: DispatchPolicy = .concurrent,
    timeout: Duration? = nil,
    elements: @escaping @MainActor () async throws -> Elements,
    onElement: @escaping @MainActor (Self, Elements.Element) -> Void
  ) -> Task<Void, Never> {
    dispatch(
      actionId: actionId, policy: policy, timeout: timeout, elements: elements,
      onElement: { [unowned(unsafe) self] element in onElement(self, element) })
  }
}
