import ActionDispatch

extension Stub where Output: Sequence, Output.Element: Sendable {
  /// The stub's result as an async sequence, for a mock of a service method that streams.
  ///
  /// ```swift
  /// final class MockFeedService: FeedService {
  ///   let pagesStub = Stub<Void, [Page]>(returning: [])
  ///   func pages() -> AsyncThrowingStream<Page, any Error> { pagesStub.stream() }
  /// }
  ///
  /// service.pagesStub.succeed(with: [first, second])   // two elements, then the end
  /// service.pagesStub.fail(with: StubError("offline")) // the sequence throws
  /// ```
  ///
  /// The call is recorded when the sequence is first iterated, not when it is made: a stream
  /// nobody iterates records no call, and what the stub is told between making the stream and
  /// iterating it is what the stream yields. The elements are the value the stub returns, in
  /// order, then the sequence finishes — or throws what the stub throws, once, and then ends.
  /// The stub runs in the iterating task, so cancelling that task cancels a stub that waits
  /// (a ``Gate``, say) and ends the sequence.
  ///
  /// - Parameter input: The call's input.
  /// - Returns: The stream.
  public func stream(_ input: Input) -> AsyncThrowingStream<Output.Element, any Error> {
    let progress = LockedState(StreamProgress<Output.Element>.notStarted)
    return AsyncThrowingStream {
      if progress.withLock({ $0.isNotStarted }) {
        do {
          let elements = Array(try await self(input))
          progress.withLock { $0 = .yielding(elements, next: 0) }
        } catch {
          progress.withLock { $0 = .finished }
          throw error
        }
      }
      try Task.checkCancellation()
      return progress.withLock { $0.next() }
    }
  }
}

extension Stub where Input == Void, Output: Sequence, Output.Element: Sendable {
  /// The stub's result as an async sequence, for a method without input; see ``stream(_:)``.
  ///
  /// - Returns: The stream.
  public func stream() -> AsyncThrowingStream<Output.Element, any Error> {
    stream(())
  }
}

/// How far a stub's stream has got: not iterated yet, handing out the stub's elements, or over.
private enum StreamProgress<Element> {
  case notStarted
  case yielding([Element], next: Int)
  case finished

  var isNotStarted: Bool {
    if case .notStarted = self { return true }
    return false
  }

  /// The next element, or `nil` once they are all handed out.
  mutating func next() -> Element? {
    guard case .yielding(let elements, let index) = self, index < elements.count else {
      self = .finished
      return nil
    }
    self = .yielding(elements, next: index + 1)
    return elements[index]
  }
}
