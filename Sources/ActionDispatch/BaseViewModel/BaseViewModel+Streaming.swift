extension BaseViewModel {
  /// Runs a sequence of values as one run of an action; `onElement` takes only the element.
  ///
  /// Deprecated: take the view model as the closure's first argument —
  /// ``ActionDispatching/dispatch(actionId:policy:staleTime:retry:timeout:elements:onElement:)``,
  /// `{ viewModel, element in … }`, which also takes `retry:`. A closure that uses `self` keeps
  /// the view model alive until the sequence ends. Everything else holds as it does there.
  ///
  /// - Parameters:
  ///   - actionId: The action this run belongs to.
  ///   - policy: What to do with runs of the same action already in flight.
  ///   - timeout: The longest the whole run may take; the run then fails with
  ///     ``ActionTimeoutError``.
  ///   - elements: Makes the sequence, on the main actor when the run starts.
  ///   - onElement: Receives each element, typed and in order, on the main actor.
  /// - Returns: The run's task.
  @available(
    *, deprecated,
    message:
      "take the view model as the closure's first argument: { viewModel, element in … } (a closure that uses self keeps the view model alive)"
  )
  @discardableResult
  public func dispatch<Elements: AsyncSequence & Sendable>(
    actionId: ActionId,
    policy: DispatchPolicy = .concurrent,
    timeout: Duration? = nil,
    elements: @escaping @MainActor () async throws -> Elements,
    onElement: @escaping @MainActor (Elements.Element) -> Void
  ) -> Task<Void, Never> {
    startStream(
      actionId: actionId, policy: policy, retry: nil, timeout: timeout, elements: elements, onElement: onElement)
  }

  /// Starts a streaming run: its work makes the sequence and posts each element, tagged with
  /// the run; a retry makes and iterates the sequence again.
  func startStream<Elements: AsyncSequence & Sendable>(
    actionId: ActionId,
    policy: DispatchPolicy,
    staleTime: Duration? = nil,
    retry: RetryPolicy?,
    timeout: Duration?,
    elements: @escaping @MainActor () async throws -> Elements,
    onElement: @escaping @MainActor (Elements.Element) -> Void
  ) -> Task<Void, Never> {
    let tag = RunTag()
    // Made once per run: each element is posted with it, boxed, and unboxed here.
    let deliver: @MainActor (Any) -> Void = { element in
      if let element = element as? Elements.Element { onElement(element) }
    }
    return startRun(
      actionId: actionId, policy: policy, staleTime: staleTime, retry: retry, timeout: timeout,
      task: { [weak self] in
        let sequence = try await elements()
        for try await element in sequence {
          // Checked on the main actor before each element: a run that ended delivers nothing more.
          guard let self, let run = tag.run, run.isLive, !Task.isCancelled else { throw CancellationError() }
          self.post(.element(run, element, deliver: deliver), of: actionId)
        }
      },
      onSuccess: nil, onFailure: nil, onFinish: nil, onAccepted: { tag.run = $0 }, onElement: deliver)
  }
}

/// The run a streaming dispatch became, set when it is accepted, so its task can tag its elements.
@MainActor
final class RunTag {
  var run: Run?
}
