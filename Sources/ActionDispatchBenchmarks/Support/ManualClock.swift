import Foundation

/// A clock whose time moves only when the benchmark says so: what drives a view model's
/// `staleTime` windows without waiting for them (the benchmarks do not link ActionDispatchTesting).
final class ManualClock: Clock, @unchecked Sendable {
  /// A point on the clock: the time since it started.
  struct Instant: InstantProtocol {
    var offset: Duration

    func advanced(by duration: Duration) -> Instant { Instant(offset: offset + duration) }
    func duration(to other: Instant) -> Duration { other.offset - offset }
    static func < (lhs: Instant, rhs: Instant) -> Bool { lhs.offset < rhs.offset }
  }

  private let lock = NSLock()
  private var current = Instant(offset: .zero)
  private var nextID = 0
  private var sleepers: [Int: (deadline: Instant, continuation: CheckedContinuation<Void, any Error>)] = [:]

  var now: Instant { lock.withLock { current } }
  var minimumResolution: Duration { .zero }

  func sleep(until deadline: Instant, tolerance: Duration?) async throws {
    let id = lock.withLock {
      defer { nextID += 1 }
      return nextID
    }
    try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
        let wake: Result<Void, any Error>? = lock.withLock {
          if Task.isCancelled { return .failure(CancellationError()) }
          if deadline <= current { return .success(()) }
          sleepers[id] = (deadline, continuation)
          return nil
        }
        if let wake { continuation.resume(with: wake) }
      }
    } onCancel: {
      lock.withLock { sleepers.removeValue(forKey: id) }?.continuation.resume(throwing: CancellationError())
    }
  }

  /// Moves the time forward and wakes every sleeper whose deadline came.
  func advance(by duration: Duration) {
    let due = lock.withLock {
      current = current.advanced(by: duration)
      let due = sleepers.filter { $0.value.deadline <= current }
      for id in due.keys { sleepers.removeValue(forKey: id) }
      return due.values.map(\.continuation)
    }
    for continuation in due { continuation.resume() }
  }
}
