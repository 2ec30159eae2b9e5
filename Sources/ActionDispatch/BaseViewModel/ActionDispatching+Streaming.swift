extension ActionDispatching {
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
  /// With ``DispatchPolicy/joinRunning``, a dispatch while a run streams joins it: it receives
  /// the elements that come from the moment it joins (not those delivered before), and the run's
  /// end. With `staleTime:`, a dispatch within that window after the action's last successful
  /// run starts nothing and delivers no element (see
  /// ``dispatch(actionId:policy:staleTime:supersedes:retry:timeout:optimistic:task:onSuccess:onFailure:oncePerRun:)``).
  ///
  /// Cancelling the returned task, ``BaseViewModel/cancel(_:)``, supersession or releasing the
  /// view model stops the iteration at once: no element is delivered after that, even one the
  /// sequence was already producing.
  ///
  /// What listeners see: a streaming run is one run. Hooks and events see `started`, then one
  /// of `succeeded` (the ``BaseViewModel/onSuccess(actionId:result:)`` hook gets `()`), `failed`
  /// or `cancelled`, then `finished` — no event per element. Elements go to `onElement` and to
  /// the `On(.action).element { }` handlers of ``BaseViewModel/observe(_:)``, between `started`
  /// and the end. A callback that cancels the run while an element is delivered lets that
  /// element reach its other listeners (it is the notification in progress); the end follows,
  /// and no later element.
  ///
  /// - Parameters:
  ///   - actionId: The action this run belongs to.
  ///   - policy: What to do with runs of the same action already in flight.
  ///   - staleTime: How recent a successful run (a sequence that finished) answers this
  ///     dispatch without a run; `nil` (the default) always runs.
  ///   - supersedes: Other actions whose runs this run ends as cancelled when it starts.
  ///   - retry: How to make and iterate the sequence again when it throws; no retries by default.
  ///   - timeout: The longest the whole run may take, retries included; the run then fails with
  ///     ``ActionTimeoutError``. Measured on the view model's clock.
  ///   - optimistic: Changes the view model at once when the dispatch becomes a run and returns
  ///     its undo, applied if the run fails or is cancelled; elements already delivered stay.
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
    staleTime: Duration? = nil,
    supersedes: [ActionId] = [],
    retry: RetryPolicy? = nil,
    timeout: Duration? = nil,
    optimistic: (@MainActor (Self) -> @MainActor (Self) -> Void)? = nil,
    elements: @escaping @MainActor () async throws -> Elements,
    onElement: @escaping @MainActor (Self, Elements.Element) -> Void
  ) -> Task<Void, Never> {
    let base = dispatchingBase.engine
    let change = optimistic.map { base.optimisticChange(receiving: self, $0) }
    return base.startStream(
      actionId: actionId, policy: policy, staleTime: staleTime, supersedes: supersedes.isEmpty ? nil : supersedes,
      retry: retry, timeout: timeout, onFinish: change.map { base.settlement(of: $0, actionId) },
      onAccepted: change.map { base.making($0, actionId) }, elements: elements,
      onElement: { [unowned self] element in onElement(self, element) })
  }
}
