import Observation

/// A view model that runs its async work through one ``ActionDispatching/dispatch(actionId:policy:staleTime:supersedes:retry:timeout:optimistic:task:onSuccess:onFailure:oncePerRun:)``
/// and gets per-action loading and error state, typed results, hooks, cancellation and
/// re-dispatch policies for free.
///
/// Subclass it with an enum of your actions, and mark the subclass `@Observable` too:
///
/// ```swift
/// enum ProfileAction: ActionIdType { case load }
///
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
/// A view reads ``isLoading(for:)`` and ``errorMessage(for:)``; both are observable per action.
///
/// > Important: Observation tracks only properties of a class that carries `@Observable`
/// > itself. Every subclass with state of its own must be marked `@Observable`.
///
/// > Important: Capture what the work needs (`[service] in`), not `self`, and take the view
/// > model as the success closure's first argument (see ``ActionDispatching``): the framework
/// > holds no strong reference to the view model, so releasing it cancels its work in flight
/// > and nothing is delivered. A closure that captures `self` keeps it alive until the work returns.
///
/// Callbacks may re-enter: a hook, observer or closure that dispatches or cancels changes
/// state at once, and the notifications it causes are delivered right after its own, so every
/// listener sees each run's notifications in lifecycle order.
@MainActor
@Observable
open class BaseViewModel<ActionId: ActionIdType> {
  /// The machinery: every action's state, its runs and their delivery. The one thing the view
  /// model stores (see ``ActionEngine``).
  @ObservationIgnored @usableFromInline let engine: ActionEngine<ActionId>
  /// When ``isShowingLoading(for:)`` follows loading.
  public var loadingIndicator: LoadingIndicator { engine.loadingIndicator }

  /// Creates a view model whose timed policies wait on the continuous clock.
  ///
  /// The same as ``init(clock:loadingIndicator:)`` with its defaults. The three initializers
  /// stay separate designated initializers so that a subclass's `override init()` and
  /// `override init(clock:)` compile: one initializer with defaults is not an `init()` to override.
  public init() {
    self.engine = ActionEngine(clock: ContinuousClock(), loadingIndicator: .immediate)
    engine.attach(to: self)
  }

  /// Creates a view model whose timed policies wait on the given clock.
  ///
  /// Tests pass a manual clock to drive `.debounce`, retry backoff and timeouts without sleeping.
  /// The same as ``init(clock:loadingIndicator:)`` with an immediate indicator.
  ///
  /// - Parameter clock: The clock to wait on.
  public init(clock: any Clock<Duration>) {
    self.engine = ActionEngine(clock: clock, loadingIndicator: .immediate)
    engine.attach(to: self)
  }

  /// Creates a view model whose ``isShowingLoading(for:)`` follows loading with a delay and a
  /// minimum display time, so a spinner never flashes.
  ///
  /// ```swift
  /// super.init(loadingIndicator: LoadingIndicator(delay: .milliseconds(150), minimumDuration: .milliseconds(500)))
  /// ```
  ///
  /// - Parameters:
  ///   - clock: The clock that timed policies and the indicator wait on; tests pass a `TestClock`.
  ///   - loadingIndicator: When ``isShowingLoading(for:)`` turns on and off; at once by default.
  public init(clock: any Clock<Duration> = ContinuousClock(), loadingIndicator: LoadingIndicator = .immediate) {
    self.engine = ActionEngine(clock: clock, loadingIndicator: loadingIndicator)
    engine.attach(to: self)
  }

  // MARK: - State

  /// Whether the action has a run in flight.
  ///
  /// Observable per action: reading it registers a dependency on this action only.
  ///
  /// - Parameter actionId: The action.
  /// - Returns: `true` from the moment a run is accepted until the action's last run ends.
  public func isLoading(for actionId: ActionId) -> Bool {
    engine.observation.readLoading(actionId)
    return engine.states[actionId]?.isLoading ?? false
  }

  /// Whether any action has a run in flight.
  public var isAnyLoading: Bool {
    engine.observation.readAnyLoading()
    return engine.loadingActionCount > 0
  }

  /// The message of the action's last error, as a user is shown it.
  ///
  /// The message is the error's `LocalizedError.errorDescription`, else its `description`.
  /// It clears when the action is dispatched again or ``clearError(for:)`` is called.
  /// ``failure(for:)`` gives the error itself.
  ///
  /// - Parameter actionId: The action.
  /// - Returns: The message, or `nil` when the action has no error.
  public func errorMessage(for actionId: ActionId) -> String? {
    failure(for: actionId).map(ErrorMessage.describe)
  }

  /// The action's last error itself, for code that branches on its type.
  ///
  /// - Parameter actionId: The action.
  /// - Returns: The error, or `nil` when the action has no error.
  public func failure(for actionId: ActionId) -> (any Error)? {
    engine.observation.readFailure(actionId)
    return engine.states[actionId]?.failure
  }

  /// Forgets the action's error, for example when the user dismisses an alert.
  ///
  /// - Parameter actionId: The action.
  public func clearError(for actionId: ActionId) {
    guard let state = engine.states[actionId], state.failure != nil else { return }
    engine.setFailure(nil, state, of: actionId)
    engine.reclaimIfIdle(state, of: actionId)
  }

  /// The view model the dispatch forms of ``ActionDispatching`` run their actions on: itself.
  @inlinable
  public final var dispatchingBase: BaseViewModel<ActionId> { self }

  // MARK: - Hooks

  /// Called with every successful run's result, after the run's own `onSuccess` closure.
  ///
  /// A notification only: the framework's bookkeeping does not depend on it, so an override
  /// need not call `super`. Prefer the typed `onSuccess:` closure of `dispatch`, which gets the
  /// result typed; this hook gets it type-erased, for what every action does alike (logging,
  /// analytics). The labels tell the two apart: this hook takes `actionId:result:`, the closure
  /// `{ viewModel, value in … }`.
  ///
  /// ```swift
  /// override func onSuccess<T>(actionId: ProfileAction, result: T) {
  ///   log.append("\(actionId) succeeded")
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - actionId: The action whose run succeeded.
  ///   - result: The value the run's work returned.
  open func onSuccess<T>(actionId: ActionId, result: T) {}

  /// Called with every failed run's error, after ``errorMessage(for:)`` already reports it and
  /// after the run's own `onFailure` closure.
  ///
  /// A notification only: the error is recorded whether or not an override calls `super`.
  /// Cancellation is not an error and never reaches this hook.
  ///
  /// - Parameters:
  ///   - actionId: The action whose run failed.
  ///   - error: The error the run's work threw.
  open func onError(actionId: ActionId, error: any Error) {}

  /// Called when an action goes from idle to loading (`true`) and when its last run ends
  /// (`false`): one `false` for each `true`, in that order, whatever the hooks and observers
  /// do meanwhile.
  ///
  /// - Parameters:
  ///   - actionId: The action.
  ///   - isLoading: The action's new loading state, as ``isLoading(for:)`` now reports it.
  open func onStatusUpdate(actionId: ActionId, isLoading: Bool) {}
}
