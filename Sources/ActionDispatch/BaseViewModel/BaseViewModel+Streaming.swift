extension BaseViewModel {
  /// Runs a sequence of values — pages, suggestions, progress — as one run of an action,
  /// delivering each element, typed and in order, on the main actor.
  ///
  /// ```swift
  /// dispatch(actionId: .loadAllPages, policy: .cancelPrevious, elements: { [service] in
  ///   service.allFollowers(of: login)
  /// }) { page in
  ///   self.followers += page.followers
  /// }
  /// ```
  ///
  /// > Tip: Take the view model as the closure's first argument instead of using `self`
  /// > (`{ viewModel, page in … }`, see ``ActionDispatching``): releasing the view model then
  /// > cancels the stream at once.
  ///
  /// The action is loading from `dispatch` until the sequence ends. The run succeeds when the
  /// sequence finishes, and fails with its error when it throws (or when `timeout` passes);
  /// elements already delivered stay delivered. Every ``DispatchPolicy`` works as for any run:
  /// a run that `.cancelPrevious` supersedes delivers no element after the new run is
  /// accepted, `.enqueue` starts iterating after the previous run ended, and so on.
  ///
  /// Cancelling the returned task, ``cancel(_:)``, supersession or releasing the view model
  /// stops the iteration at once: no element is delivered after that, even one the sequence
  /// was already producing.
  ///
  /// What listeners see: a streaming run is one run. Hooks and events see `started`, then one
  /// of `succeeded` (the ``onSuccess(actionId:result:)`` hook gets `()`), `failed` or
  /// `cancelled`, then `finished` — no event per element. Elements go to `onElement` and to
  /// the `On(.action).element { }` handlers of ``observe(_:)``, between `started` and the end.
  /// A callback that cancels the run while an element is delivered lets that element reach its
  /// other listeners (it is the notification in progress); the end follows, and no later element.
  ///
  /// - Parameters:
  ///   - actionId: The action this run belongs to.
  ///   - policy: What to do with runs of the same action already in flight.
  ///   - timeout: The longest the whole run may take; the run then fails with
  ///     ``ActionTimeoutError``. Measured on the view model's clock.
  ///   - elements: Makes the sequence, on the main actor when the run starts. Capture what it
  ///     needs (`[service] in`), not `self`.
  ///   - onElement: Receives each element, typed and in order, on the main actor.
  /// - Returns: The run's task. Awaiting it waits for the run's whole lifecycle (a run cancelled
  ///   while its sequence ignores cancellation has ended at once, but its task completes only
  ///   when the sequence's pending `next()` returns); cancelling it cancels the run.
  @discardableResult
  public func dispatch<Elements: AsyncSequence & Sendable>(
    actionId: ActionId,
    policy: DispatchPolicy = .concurrent,
    timeout: Duration? = nil,
    elements: @escaping @MainActor () async throws -> Elements,
    onElement: @escaping @MainActor (Elements.Element) -> Void
  ) -> Task<Void, Never> {
    let tag = RunTag()
    // Made once per run: each element is posted with it, boxed, and unboxed here.
    let deliver: @MainActor (Any) -> Void = { element in
      if let element = element as? Elements.Element { onElement(element) }
    }
    return startRun(
      actionId: actionId, policy: policy, retry: nil, timeout: timeout,
      task: { [weak self] in
        let sequence = try await elements()
        for try await element in sequence {
          // Checked on the main actor before each element: a run that ended delivers nothing more.
          guard let self, let run = tag.run, run.isLive, !Task.isCancelled else { throw CancellationError() }
          self.post(.element(run, element, deliver: deliver), of: actionId)
        }
      },
      onSuccess: nil, onFailure: nil, onFinish: nil, onAccepted: { tag.run = $0 })
  }
}

/// The run a streaming dispatch became, set when it is accepted, so its task can tag its elements.
@MainActor
final class RunTag {
  var run: Run?
}
