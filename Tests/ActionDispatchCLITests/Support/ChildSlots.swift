import ActionDispatch
import Foundation

/// Limits how many `action-dispatch` children run at once.
///
/// Swift Testing runs tests in parallel, and each child is a whole process (under
/// ThreadSanitizer, a heavy one). Unbounded, they crowd out the other suites' network tests on
/// a two-core machine until their timeouts fire. A child holds its slot from launch to exit.
final class ChildSlots: Sendable {
  /// The slots every child takes from: as many as there are cores, at least 2.
  static let shared = ChildSlots(count: max(2, ProcessInfo.processInfo.activeProcessorCount))

  private struct State {
    var free: Int
    var waiting: [CheckedContinuation<Void, Never>] = []
  }

  private let state: LockedState<State>

  init(count: Int) {
    state = LockedState(State(free: count))
  }

  /// Waits for a free slot and takes it.
  func acquire() async {
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
      let granted = state.withLock { state in
        guard state.free > 0 else {
          state.waiting.append(continuation)
          return false
        }
        state.free -= 1
        return true
      }
      if granted { continuation.resume() }
    }
  }

  /// Gives a slot back, to the longest waiter if there is one.
  func release() {
    let next = state.withLock { state -> CheckedContinuation<Void, Never>? in
      if state.waiting.isEmpty {
        state.free += 1
        return nil
      }
      return state.waiting.removeFirst()
    }
    next?.resume()
  }
}
