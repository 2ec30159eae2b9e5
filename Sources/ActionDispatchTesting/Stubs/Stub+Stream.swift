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
  /// The call is recorded when the sequence is first iterated; the elements are the value the
  /// stub returns, in order, then the sequence finishes — or throws what the stub throws.
  /// Cancelling the iterating task ends the sequence.
  ///
  /// - Parameter input: The call's input.
  /// - Returns: The stream.
  public func stream(_ input: Input) -> AsyncThrowingStream<Output.Element, any Error> {
    AsyncThrowingStream { continuation in
      let producer = Task {
        do {
          for element in try await self(input) {
            try Task.checkCancellation()
            continuation.yield(element)
          }
          continuation.finish()
        } catch {
          continuation.finish(throwing: error)
        }
      }
      continuation.onTermination = { _ in producer.cancel() }
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
