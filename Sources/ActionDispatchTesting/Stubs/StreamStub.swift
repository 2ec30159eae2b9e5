import ActionDispatch

/// A stand-in for a service method that returns a live stream, which the test drives: it sends
/// elements, finishes the stream or fails it, and sees whether the consumer cancelled it.
///
/// ``Stub/stream(_:)`` yields a fixed array and ends; a feed that stays open needs this one.
/// Give the mock one `StreamStub` per streaming method, named after the method:
///
/// ```swift
/// final class MockFeedService: FeedService {
///   let pagesStub = StreamStub<Void, Page>()
///   func pages() -> AsyncThrowingStream<Page, any Error> { pagesStub.stream() }
/// }
///
/// let run = viewModel.watch()
/// try await service.pagesStub.send(first)        // returns once the view model handled it
/// #expect(viewModel.pages == [first])
/// try await service.pagesStub.finish()
/// await run.value
/// ```
///
/// Each call makes a new stream and is recorded (``calls``); the test's events go to the newest
/// stream that has not ended. ``send(_:limit:)``, ``finish(limit:)`` and ``fail(with:limit:)``
/// wait until the view model opened the stream and handled the event — it asked for the next
/// element, or saw the end — so the test checks state right after, without yielding or sleeping.
/// Cancelling the consuming task ends its stream as ``StreamEnding/cancelled``: a test of a
/// restart or a release checks ``endings``.
///
/// The waits are bounded: each gives up after `limit` of real time with a ``WaitTimeoutError``,
/// so a view model that never opens the stream fails the test instead of hanging it.
public final class StreamStub<Input: Sendable, Element: Sendable>: Sendable {
  private let state = LockedState(StreamStubState<Input, Element>())

  /// Creates a stub whose streams stay open until the test ends them.
  public init() {}

  /// The inputs of every call so far, in order.
  public var calls: [Input] {
    state.withLock { $0.calls }
  }

  /// How many times the stub was called, so how many streams it made.
  public var callCount: Int {
    state.withLock { $0.calls.count }
  }

  /// How each stream ended so far, in the order the streams were made; `nil` for one still open.
  public var endings: [StreamEnding?] {
    state.withLock { $0.channels.map(\.ending) }
  }

  /// Whether the consumer of the newest stream cancelled it.
  public var isCancelled: Bool {
    state.withLock { $0.channels.last?.ending == .cancelled }
  }

  /// Records the call and returns a new stream, which yields what the test sends.
  ///
  /// - Parameter input: The call's input.
  /// - Returns: The stream; it ends when the test finishes or fails it, or its consumer is cancelled.
  public func stream(_ input: Input) -> AsyncThrowingStream<Element, any Error> {
    let index = state.withLock { state in
      state.calls.append(input)
      state.channels.append(StreamStubState.Channel())
      return state.channels.count - 1
    }
    resume(state.withLock { $0.satisfiedWaiters() })
    return AsyncThrowingStream { [self] in try await next(from: index) }
  }

  /// Sends elements to the open stream, one at a time, and returns once the consumer handled
  /// the last one.
  ///
  /// When no stream is open yet (the view model has not called the method), it waits for one.
  ///
  /// - Parameters:
  ///   - elements: The elements, in order.
  ///   - limit: How long to wait, in real time, for a stream to open or the consumer to handle an element.
  /// - Throws: ``WaitTimeoutError`` when nothing opened a stream or handled an element for `limit`.
  public func send(_ elements: Element..., limit: Duration = WaitTimeoutError.defaultLimit) async throws {
    for element in elements { try await deliver(.element(element), "the element", limit: limit) }
  }

  /// Ends the open stream, and returns once the consumer saw the end.
  ///
  /// - Parameter limit: How long to wait, in real time, for a stream to open or its consumer to see the end.
  /// - Throws: ``WaitTimeoutError`` when that did not happen for `limit`.
  public func finish(limit: Duration = WaitTimeoutError.defaultLimit) async throws {
    try await deliver(.finish, "the end", limit: limit)
  }

  /// Makes the open stream throw `error`, and returns once the consumer caught it.
  ///
  /// - Parameters:
  ///   - error: What the stream throws.
  ///   - limit: How long to wait, in real time, for a stream to open or its consumer to catch the error.
  /// - Throws: ``WaitTimeoutError`` when that did not happen for `limit`.
  public func fail(with error: any Error, limit: Duration = WaitTimeoutError.defaultLimit) async throws {
    try await deliver(.failure(error), "the error", limit: limit)
  }

  /// Waits until the stub has been called `count` times in all.
  ///
  /// - Parameters:
  ///   - count: The number of calls to wait for.
  ///   - limit: How long to wait, in real time.
  /// - Throws: ``WaitTimeoutError`` when there were fewer calls after `limit`.
  public func waitForCalls(_ count: Int, limit: Duration = WaitTimeoutError.defaultLimit) async throws {
    try await wait(for: "\(count) call(s) of the stream stub", limit: limit) { $0.calls.count >= count }
  }

  // MARK: - Internal

  private func deliver(
    _ event: StreamStubState<Input, Element>.Pending, _ what: String, limit: Duration
  ) async throws {
    try await wait(for: "the view model to open a stream", limit: limit) { $0.openChannel != nil }
    guard let sent = state.withLock({ $0.send(event) }) else {
      // The stream ended between the wait and the send (its consumer was cancelled).
      return try await deliver(event, what, limit: limit)
    }
    sent.handOff?()
    resume(state.withLock { $0.satisfiedWaiters() })
    try await wait(for: "the view model to handle \(what) it was sent", limit: limit) {
      $0.handled(sent.number, of: sent.channel)
    }
  }

  /// The consumer's request for the next element of stream `index`.
  private func next(from index: Int) async throws -> Element? {
    state.withLock { $0.channels[index].requests += 1 }
    resume(state.withLock { $0.satisfiedWaiters() })
    return try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation { (consumer: CheckedContinuation<Element?, any Error>) in
        let handOff: () -> Void = state.withLock { state in
          if state.channels[index].ending != nil || Task.isCancelled {
            if state.channels[index].ending == nil { state.channels[index].ending = .cancelled }
            return { consumer.resume(returning: nil) }
          }
          if state.channels[index].queue.isEmpty {
            state.channels[index].consumer = consumer
            return {}
          }
          return state.take(from: index, resuming: consumer)
        }
        handOff()
        resume(state.withLock { $0.satisfiedWaiters() })
      }
    } onCancel: {
      let consumer = state.withLock { state -> CheckedContinuation<Element?, any Error>? in
        if state.channels[index].ending == nil { state.channels[index].ending = .cancelled }
        defer { state.channels[index].consumer = nil }
        return state.channels[index].consumer
      }
      consumer?.resume(returning: nil)
      resume(state.withLock { $0.satisfiedWaiters() })
    }
  }

  /// Waits until `condition` holds, for at most `limit` of real time.
  private func wait(
    for description: String, limit: Duration, _ condition: @escaping (StreamStubState<Input, Element>) -> Bool
  ) async throws {
    if state.withLock({ condition($0) }) { return }
    let id = state.withLock { state in
      defer { state.nextWaiterID += 1 }
      return state.nextWaiterID
    }
    let timer = Task { [state] in
      do { try await Task.sleep(for: limit) } catch { return }
      let waiter = state.withLock { $0.waiters.removeValue(forKey: id) }
      waiter?.continuation.resume(throwing: WaitTimeoutError(awaited: description, limit: limit))
    }
    defer { timer.cancel() }
    try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
      let holds = state.withLock { state in
        if condition(state) { return true }
        state.waiters[id] = StreamStubState.Waiter(condition: condition, continuation: continuation)
        return false
      }
      if holds { continuation.resume() }
    }
  }

  private func resume(_ continuations: [CheckedContinuation<Void, any Error>]) {
    for continuation in continuations { continuation.resume() }
  }
}

extension StreamStub where Input == Void {
  /// Records a call without input and returns a new stream; see ``stream(_:)``.
  ///
  /// - Returns: The stream.
  public func stream() -> AsyncThrowingStream<Element, any Error> {
    stream(())
  }
}
