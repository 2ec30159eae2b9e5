/// A `.joinRunning` run (``DispatchPolicy/joinRunning``): its work is a ``SharedWork`` that its
/// callers share — the dispatch that started it and those that joined it, each with its own
/// typed closures and its own returned task.
///
/// A dispatch joins it only when it has the same result type `T` and, for a streaming run, the
/// same element type (``Run/joinKind``): found so, it is this type, and its callers get the
/// value as they expect it.
///
/// `@unchecked Sendable` as ``Run`` is: read on the main actor alone.
final class JoinableRun<T, Element>: Run, @unchecked Sendable {
  /// The work and its callers.
  let work: SharedWork<T>
  /// The streaming callers' element closures, in join order, each beside its caller.
  private var elementCallers: [(caller: SharedWorkCaller<T>, onElement: @MainActor (Element) -> Void)] = []

  /// Makes the run with its work: a failure reaches the callers' failure closures, and its end
  /// reaches `onFinish` (the starting dispatch's), then each caller.
  init(_ parts: RunParts, work: SharedWork<T>) {
    self.work = work
    super.init(
      id: parts.id, state: parts.state, startedAt: parts.startedAt,
      onFailure: { error in work.tell(.failure(error)) },
      onFinish: { [onFinish = parts.onFinish] outcome in
        onFinish?(outcome)
        work.endCallers { caller, wasAttached in caller.onFinish?(wasAttached ? outcome : .cancelled) }
      })
  }

  override var joinKind: ObjectIdentifier? { ObjectIdentifier(Self.self) }

  override func endCallersOnRelease() {
    Task { @MainActor [work] in work.endCallers { _, _ in } }
  }

  /// Adds a caller, the newest; `onElement` is a streaming caller's.
  @MainActor func join(_ caller: SharedWorkCaller<T>, onElement: (@MainActor (Element) -> Void)?) {
    work.join(caller)
    guard let onElement else { return }
    if elementCallers.count > 32 && elementCallers.count > 2 * work.attached {
      elementCallers.removeAll { !$0.caller.isAttached }
    }
    elementCallers.append((caller, onElement))
  }

  /// Hands a streamed element to the callers attached now, in join order; one that joins
  /// meanwhile (an element's closure dispatched) is not called.
  @MainActor func yield(_ element: Element) {
    for (caller, onElement) in elementCallers where caller.isAttached { onElement(element) }
  }
}
