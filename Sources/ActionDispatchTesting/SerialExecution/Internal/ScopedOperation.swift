import Foundation

/// A scope's operation, run in a task of its own at ``SerialJobQueue/scopePriority`` while the
/// caller waits.
///
/// The caller's task was made by someone else (Swift Testing, XCTest) at a priority of their
/// choosing, so the scope cannot mark it; it marks a new task instead, whose children and the
/// tasks it creates inherit the mark. The caller waits on a continuation, not on the task's
/// value: awaiting the value would escalate the task to the caller's priority, and with it lose
/// the mark. The new task inherits the caller's task-locals (Swift Testing's current test among
/// them), and the caller's cancellation is forwarded to it.
///
/// Unchecked because it carries the caller's operation, which need not be `Sendable`, to the
/// new task: the task calls it once while the caller waits, so it is never used from two places
/// at once. Everything else it holds is behind its lock (its own, not ``LockedState``: the
/// compiler takes a value put in a box from another module to be sent away from the caller).
final class ScopedOperation<Success, Failure: Error>: @unchecked Sendable {
  private struct State {
    var operation: (() async throws(Failure) -> Success)?
    var outcome: Result<Success, Failure>?
    var task: Task<Void, Never>?
    var isCancelled = false
  }

  private let lock = NSLock()
  private var unlockedState: State

  private init(_ operation: @escaping () async throws(Failure) -> Success) {
    unlockedState = State(operation: operation)
  }

  private func withLock<Value>(_ body: (inout State) -> Value) -> Value {
    lock.lock()
    defer { lock.unlock() }
    return body(&unlockedState)
  }

  /// Runs `operation` in a marked task inside a scope and returns its outcome, once it ended.
  ///
  /// - Parameter operation: The scope's operation.
  /// - Returns: What `operation` returned or threw.
  static func run(
    _ operation: sending () async throws(Failure) -> Success
  ) async -> Result<Success, Failure> {
    await withoutActuallyEscaping(operation) { operation in
      let scoped = ScopedOperation(operation)
      await withTaskCancellationHandler {
        await withCheckedContinuation { (ended: CheckedContinuation<Void, Never>) in
          scoped.start(then: ended)
        }
      } onCancel: {
        scoped.cancel()
      }
      // The task gave up the operation before it resumed the caller, so nothing holds on to it.
      return scoped.withLock { $0.outcome }!
    }
  }

  private func start(then ended: CheckedContinuation<Void, Never>) {
    let task = Task(priority: SerialJobQueue.scopePriority) {
      await SerialJobQueue.$isInsideScope.withValue(true) { await self.perform() }
      ended.resume()
    }
    let cancelled = withLock { state -> Bool in
      state.task = task
      return state.isCancelled
    }
    if cancelled { task.cancel() }
  }

  private func perform() async {
    guard let operation = withLock({ state in state.operation.take() }) else { return }
    let outcome: Result<Success, Failure>
    do throws(Failure) {
      outcome = .success(try await operation())
    } catch {
      outcome = .failure(error)
    }
    withLock { $0.outcome = outcome }
  }

  private func cancel() {
    let task = withLock { state -> Task<Void, Never>? in
      state.isCancelled = true
      return state.task
    }
    task?.cancel()
  }
}
