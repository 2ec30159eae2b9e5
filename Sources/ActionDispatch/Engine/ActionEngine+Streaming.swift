extension ActionEngine {
  /// Starts a streaming run: its work makes the sequence and posts each element, tagged with
  /// the run; a retry makes and iterates the sequence again.
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
    let tag = RunTag()
    // Made once per run: each element is posted with it, boxed, and unboxed here.
    let deliver: @MainActor (Any) -> Void = { element in
      if let element = element as? Elements.Element { onElement(element) }
    }
    return startRun(
      actionId: actionId, policy: policy, staleTime: staleTime, supersedes: supersedes, retry: retry, timeout: timeout,
      task: { [owner = weakOwner] in
        let sequence = try await elements()
        for try await element in sequence {
          // Checked on the main actor before each element: a run that ended delivers nothing more.
          guard let run = tag.run, run.isLive, !Task.isCancelled,
            owner.withEngine({ $0.post(.element(run, element, deliver: deliver), of: actionId) }) != nil
          else { throw CancellationError() }
        }
      },
      onSuccess: Self.ownerless(nil), onFailure: nil, onFinish: onFinish,
      onAccepted: {
        tag.run = $0
        onAccepted?($0)
      }, onElement: deliver)
  }
}

/// The run a streaming dispatch became, set when it is accepted, so its task can tag its elements.
///
/// It holds the run weakly: the run holds its work, which holds this tag, and a run that ended
/// (and is gone) delivers nothing more anyway.
@MainActor
final class RunTag {
  /// The run, while it exists.
  weak var run: Run?
}
