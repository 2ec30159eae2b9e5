/// An async sequence that asks its base for the next element as soon as it hands one on, so
/// that fetching page k + 1 overlaps whatever the consumer does with page k.
///
/// At most one element is fetched ahead, never two requests at once: the next pull starts only
/// after the previous one finished, so a serial pager stays serial. Cancelling the consuming
/// task cancels the pull in flight; dropping the iterator cancels the one fetched ahead.
///
/// ```swift
/// for try await page in ReadAheadSequence(service.allFollowers(of: "octocat")) {
///   render(page)   // page k + 1 is being fetched meanwhile
/// }
/// ```
package struct ReadAheadSequence<Base: AsyncSequence & Sendable>: AsyncSequence, Sendable where Base.Element: Sendable {
  package typealias Element = Base.Element

  private let base: Base

  /// Wraps `base`.
  package init(_ base: Base) {
    self.base = base
  }

  package func makeAsyncIterator() -> Iterator {
    Iterator(Puller(base.makeAsyncIterator()))
  }

  package struct Iterator: AsyncIteratorProtocol {
    private let puller: Puller

    fileprivate init(_ puller: Puller) {
      self.puller = puller
    }

    package mutating func next() async throws -> Element? {
      try await puller.next()
    }
  }

  /// The base iterator and the pull in flight. Only one pull runs at a time (each starts after
  /// the previous one ended), which is what makes the unchecked iterator safe to share.
  fileprivate final class Puller: @unchecked Sendable {
    private var iterator: Base.AsyncIterator
    private var pending: Task<Element?, any Error>?

    init(_ iterator: Base.AsyncIterator) {
      self.iterator = iterator
    }

    deinit {
      pending?.cancel()
    }

    func next() async throws -> Element? {
      let task = pending ?? pull()
      pending = nil
      let element = try await withTaskCancellationHandler {
        try await task.value
      } onCancel: {
        task.cancel()
      }
      if element != nil { pending = pull() }
      return element
    }

    private func pull() -> Task<Element?, any Error> {
      Task { try await self.iterator.next() }
    }
  }
}
