import Observation

/// The hand-written streaming loop that `dispatch(actionId:elements:onElement:)` replaces: one
/// `Task` that flips a loading flag, iterates the sequence and stores each element on the main actor.
@MainActor
@Observable
final class HandWrittenStreamViewModel {
  var isLoading = false
  var latest = 0
  var received = 0

  func load(_ elements: CountingSequence) -> Task<Void, Never> {
    Task { @MainActor in
      isLoading = true
      do {
        for try await value in elements {
          latest = value
          received += 1
        }
      } catch {}
      isLoading = false
    }
  }
}

/// `1...count` as an async sequence that never suspends: the cheapest sequence, so the
/// benchmark measures what each element costs the framework, not the sequence.
struct CountingSequence: AsyncSequence, Sendable {
  let count: Int

  struct AsyncIterator: AsyncIteratorProtocol {
    let count: Int
    var next = 0

    mutating func next() async throws -> Int? {
      guard next < count else { return nil }
      next += 1
      return next
    }
  }

  func makeAsyncIterator() -> AsyncIterator { AsyncIterator(count: count) }
}
