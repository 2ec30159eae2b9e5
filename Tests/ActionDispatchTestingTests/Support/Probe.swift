import Foundation

/// A thread-safe list of what work did, for work that runs off the main actor.
final class Probe: @unchecked Sendable {
  private let lock = NSLock()
  private var recorded: [String] = []

  func record(_ entry: String) {
    lock.withLock { recorded.append(entry) }
  }

  var entries: [String] {
    lock.withLock { recorded }
  }
}

/// Whether a task finishes within a real-time limit: a guard against a test hanging on a bug, not a
/// way of waiting for something to happen (the task is awaited, never polled). On timeout the task is
/// cancelled so it does not outlive the test.
@MainActor
func finishes(_ task: Task<Void, Never>, within limit: Duration = .seconds(5)) async -> Bool {
  let outcome = FirstOutcome()
  let watchdog = Task {
    try? await Task.sleep(for: limit)
    outcome.settle(false)
  }
  let waiter = Task {
    await task.value
    outcome.settle(true)
  }
  let finished = await outcome.value()
  watchdog.cancel()
  if !finished { task.cancel() }
  _ = waiter
  return finished
}

/// The first of two outcomes to arrive.
@MainActor
final class FirstOutcome {
  private var result: Bool?
  private var continuation: CheckedContinuation<Bool, Never>?

  func settle(_ value: Bool) {
    guard result == nil else { return }
    result = value
    continuation?.resume(returning: value)
    continuation = nil
  }

  func value() async -> Bool {
    if let result { return result }
    return await withCheckedContinuation { continuation = $0 }
  }
}
