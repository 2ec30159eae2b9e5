/// What a client wants to hear about one action, for ``BaseViewModel/observe(_:)``.
///
/// Chain the phases you care about; each may be given more than once:
///
/// ```swift
/// let token = viewModel.observe {
///   On(.fetchFollowers)
///     .started { spinner.start() }
///     .succeeded { (page: FollowersPage) in table.append(page.followers) }
///     .failed { error in print("error: \(error)") }
///     .finished { spinner.stop() }
/// }
/// ```
///
/// Handlers run on the main actor, in the order a run goes through its life: `started`,
/// each `element` of a streaming run, then one of `succeeded`, `failed` or `cancelled`, then
/// `finished` after loading ended. A dispatch that never became a run is heard of too:
/// `dropped` when its policy dropped it, `held` when ``DispatchPolicy/throttle(_:)`` held it
/// (it then either starts, with `started`, or is `dropped`).
///
/// > Important: A typed `succeeded` handler whose type does not match the run's result is
/// > never silently skipped: the mismatch is written to standard error and this `On`'s
/// > `failed` handlers receive an ``UnexpectedResultTypeError``.
public struct On<ActionId: ActionIdType> {
  /// The action observed.
  public let actionId: ActionId

  var startedHandlers: [@MainActor () -> Void] = []
  var elementHandlers: [@MainActor (Any) -> UnexpectedResultTypeError?] = []
  var succeededHandlers: [@MainActor (Any) -> UnexpectedResultTypeError?] = []
  var failedHandlers: [@MainActor (any Error) -> Void] = []
  var cancelledHandlers: [@MainActor () -> Void] = []
  var finishedHandlers: [@MainActor () -> Void] = []
  var droppedHandlers: [@MainActor () -> Void] = []
  var heldHandlers: [@MainActor () -> Void] = []

  /// Observes the given action.
  ///
  /// - Parameter actionId: The action to observe.
  public init(_ actionId: ActionId) {
    self.actionId = actionId
  }

  /// Adds a handler for when a run starts.
  ///
  /// - Parameter handler: Runs on the main actor when a run is accepted.
  /// - Returns: This observation with the handler added.
  public func started(_ handler: @escaping @MainActor () -> Void) -> On {
    adding(handler, to: \.startedHandlers)
  }

  /// Adds a handler for each element of a streaming run, typed and in order.
  ///
  /// ```swift
  /// On(.loadAllPages).element { (page: FollowersPage) in table.append(page.followers) }
  /// ```
  ///
  /// Elements of a run come after its `started` and before its end, and stop at once when the
  /// run is cancelled. An element whose type does not match is never silently skipped: the
  /// mismatch is written to standard error. It does not reach the `failed` handlers, which hear
  /// only the run's one end.
  ///
  /// - Parameters:
  ///   - type: The element type the action streams; inferred from the handler when omitted.
  ///   - handler: Runs on the main actor with each element, after the run's own `onElement`.
  /// - Returns: This observation with the handler added.
  public func element<T>(as type: T.Type = T.self, _ handler: @escaping @MainActor (T) -> Void) -> On {
    adding(checkingType(handler, phase: "element"), to: \.elementHandlers)
  }

  /// Adds a handler for when a run succeeds, whatever its result.
  ///
  /// - Parameter handler: Runs on the main actor after the view model's own hooks.
  /// - Returns: This observation with the handler added.
  public func succeeded(_ handler: @escaping @MainActor () -> Void) -> On {
    let anyResult: @MainActor (Any) -> UnexpectedResultTypeError? = { _ in
      handler()
      return nil
    }
    return adding(anyResult, to: \.succeededHandlers)
  }

  /// Adds a handler for when a run succeeds, with its result.
  ///
  /// ```swift
  /// On(.fetchProfile).succeeded(as: UserProfile.self) { profile in show(profile) }
  /// ```
  ///
  /// - Parameters:
  ///   - type: The result type the action delivers; inferred from the handler when omitted.
  ///   - handler: Runs on the main actor with the result.
  /// - Returns: This observation with the handler added.
  public func succeeded<T>(as type: T.Type = T.self, _ handler: @escaping @MainActor (T) -> Void) -> On {
    adding(checkingType(handler, phase: "succeeded"), to: \.succeededHandlers)
  }

  /// Adds a handler for when a run fails.
  ///
  /// - Parameter handler: Runs on the main actor with the error, after ``BaseViewModel/errorMessage(for:)`` reports it.
  /// - Returns: This observation with the handler added.
  public func failed(_ handler: @escaping @MainActor (any Error) -> Void) -> On {
    adding(handler, to: \.failedHandlers)
  }

  /// Adds a handler for when a run is cancelled or superseded.
  ///
  /// The run stopped loading when it was cancelled, whichever way it was: when it was the
  /// action's last run, ``BaseViewModel/isLoading(for:)`` is already `false` here.
  ///
  /// - Parameter handler: Runs on the main actor.
  /// - Returns: This observation with the handler added.
  public func cancelled(_ handler: @escaping @MainActor () -> Void) -> On {
    adding(handler, to: \.cancelledHandlers)
  }

  /// Adds a handler for when a run has ended, however it ended.
  ///
  /// - Parameter handler: Runs on the main actor after the action's loading state was updated.
  /// - Returns: This observation with the handler added.
  public func finished(_ handler: @escaping @MainActor () -> Void) -> On {
    adding(handler, to: \.finishedHandlers)
  }

  /// Adds a handler for when a dispatch is dropped and never becomes a run.
  ///
  /// ``DispatchPolicy/ignoreWhileRunning`` drops a dispatch made while a run is in flight, and
  /// ``DispatchPolicy/throttle(_:)`` drops a held dispatch that a later one replaces or that is
  /// cancelled. A dropped dispatch calls none of its own closures, makes no optimistic change
  /// and emits ``ActionEvent/Kind/dropped``: this is where a view learns of it.
  ///
  /// ```swift
  /// On(.star(id)).dropped { haptics.tapIgnored() }
  /// ```
  ///
  /// - Parameter handler: Runs on the main actor when the dispatch is dropped.
  /// - Returns: This observation with the handler added.
  public func dropped(_ handler: @escaping @MainActor () -> Void) -> On {
    adding(handler, to: \.droppedHandlers)
  }

  /// Adds a handler for when ``DispatchPolicy/throttle(_:)`` holds a dispatch until its
  /// interval ends.
  ///
  /// A held dispatch is not a run yet: the action is not loading for it. When the interval ends
  /// it starts (`started`), unless a later dispatch replaced it or it was cancelled (`dropped`).
  ///
  /// - Parameter handler: Runs on the main actor when the dispatch is held.
  /// - Returns: This observation with the handler added.
  public func held(_ handler: @escaping @MainActor () -> Void) -> On {
    adding(handler, to: \.heldHandlers)
  }

  /// A copy of this observation with `handler` added to the handlers at `handlers`.
  private func adding<Handler>(_ handler: Handler, to handlers: WritableKeyPath<On, [Handler]>) -> On {
    var copy = self
    copy[keyPath: handlers].append(handler)
    return copy
  }

  /// `handler` behind a check that the value is a `T`: a value of another type reaches no
  /// handler and comes back as the mismatch, which the view model reports.
  private func checkingType<T>(
    _ handler: @escaping @MainActor (T) -> Void, phase: String
  ) -> @MainActor (Any) -> UnexpectedResultTypeError? {
    let actionId = actionId
    return { value in
      guard let typed = value as? T else {
        return UnexpectedResultTypeError(
          actionId: String(describing: actionId),
          expected: String(reflecting: T.self),
          actual: String(reflecting: Swift.type(of: value)), phase: phase)
      }
      handler(typed)
      return nil
    }
  }
}
