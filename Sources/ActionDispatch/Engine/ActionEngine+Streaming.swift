extension ActionEngine {
  /// Starts a streaming run: its work makes the sequence and posts each element, tagged with
  /// the run; a retry makes and iterates the sequence again. Under `.joinRunning`, each element
  /// reaches the run's callers typed (see ``JoinableRun``).
  func startStream<Elements: AsyncSequence & Sendable>(
    actionId: ActionId,
    policy: DispatchPolicy,
    staleTime: Duration? = nil,
    supersedes: [ActionId]? = nil,
    retry: RetryPolicy?,
    timeout: Duration?,
    onFinish: (@MainActor (RunOutcome) -> Void)? = nil,
    onAccepted: (@MainActor (Run) -> Void)? = nil,
    elements: @escaping @MainActor () async throws -> Elements,
    onElement: @escaping @MainActor (Elements.Element) -> Void
  ) -> Task<Void, Never> {
    let tag = RunTag<Elements.Element>()
    // Made once per run: each element is posted with it, boxed, and unboxed here.
    let deliver: @MainActor (Any) -> Void = { element in
      if let element = element as? Elements.Element { onElement(element) }
    }
    let work: @MainActor () async throws -> Void = { [owner = weakOwner] in
      let sequence = try await elements()
      for try await element in sequence {
        // Checked on the main actor before each element: a run that ended delivers nothing more.
        guard let run = tag.run, run.isLive, !Task.isCancelled,
          owner.withEngine({
            $0.post(.element(run, element, deliver: tag.deliverer(of: element) ?? deliver), of: actionId)
          })
            != nil
        else { throw CancellationError() }
      }
    }
    let accepted: @MainActor (Run) -> Void = {
      tag.run = $0
      onAccepted?($0)
    }
    guard case .joinRunning = policy else {
      return startRun(
        actionId: actionId, policy: policy, staleTime: staleTime, supersedes: supersedes, retry: retry,
        timeout: timeout, task: work, onSuccess: Self.ownerless(nil), onFailure: nil, onFinish: onFinish,
        onAccepted: accepted)
    }
    return startSharedRun(
      actionId: actionId, staleTime: staleTime, supersedes: supersedes, retry: retry, timeout: timeout, task: work,
      onSuccess: Self.ownerless(nil), onFailure: nil, onFinish: onFinish,
      onAccepted: { run in
        // The run a `.joinRunning` stream starts is of its kind (see `startSharedRun`).
        tag.shared = unsafeDowncast(run, to: JoinableRun<Void, Elements.Element>.self)
        accepted(run)
      }, onElement: onElement, oncePerRun: nil)
  }
}

/// The run a streaming dispatch became, set when it is accepted, so its task can tag its elements.
///
/// It holds the run weakly: the run holds its work, which holds this tag, and a run that ended
/// (and is gone) delivers nothing more anyway.
@MainActor
final class RunTag<Element> {
  /// The run, while it exists.
  weak var run: Run?
  /// The run, when callers share it (`.joinRunning`), while it exists.
  weak var shared: JoinableRun<Void, Element>?

  /// What hands `element` to a shared run's callers, typed; `nil` for a run of one caller.
  func deliverer(of element: Element) -> (@MainActor (Any) -> Void)? {
    guard let shared else { return nil }
    return { _ in shared.yield(element) }
  }
}
