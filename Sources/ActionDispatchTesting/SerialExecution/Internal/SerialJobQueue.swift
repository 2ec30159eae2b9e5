import ActionDispatch
import Dispatch

/// The one queue that the jobs of a serial-executor scope go through: first in, first out, each
/// run on the main dispatch queue, one at a time.
///
/// A scope runs its operation in a task of its own whose priority, ``scopePriority``, marks it:
/// the tasks it creates inherit the priority (a `Task {}`, a view model's runs, child tasks), so
/// the enqueue hook can tell the scope's jobs from everyone else's by the job alone. It reads
/// the job's priority rather than the enqueuing task's task-locals because when a task hops
/// from the main actor to the global executor (a view model's run calling its work closure) the
/// runtime enqueues it with no current task. Jobs of any other priority — other tests running in
/// parallel in the same process, a `Task.detached` or a `Task(priority:)` started in the scope —
/// go to the global executor as usual, so a test elsewhere that blocks a thread while it waits
/// for work on the thread pool gets its work.
///
/// The main actor's jobs already run on the main dispatch queue, so everything a scope's test
/// starts — the view model's runs, the work closures, actors, clock sleepers woken by the
/// test — runs on one thread in the order it was enqueued. The queue counts what it holds and
/// what it ran, which is how ``settle()`` knows that nothing is left to run.
///
/// Scopes are exclusive: a second scope waits until the first ends, so two tests never settle
/// on each other's work, and their jobs never interleave.
final class SerialJobQueue: Sendable {
  static let shared = SerialJobQueue()

  /// The priority that marks a scope's tasks.
  ///
  /// The lowest a task can have, so that no task the scope awaits is escalated into the scope,
  /// and one the runtime's global executor takes on every platform, so that a scope's task that
  /// outlives its scope runs on as usual. Tasks created in a scope inherit it, unless they ask
  /// for a priority of their own.
  static let scopePriority = TaskPriority.background

  /// What the queue holds: a scope's job, or a settle's marker, which reads the queue where it
  /// stands in line.
  private enum Entry {
    case job(UnownedJob)
    case marker(@Sendable (_ ran: UInt64, _ pending: Int) -> Void)
  }

  private struct State {
    var jobs: [Entry] = []
    var head = 0
    /// Jobs run, markers not counted.
    var ran: UInt64 = 0
    /// Jobs waiting to run, markers not counted.
    var pending = 0
    var scopeIsOpen = false
    var waitingScopes: [CheckedContinuation<Void, Never>] = []
  }

  private let state = LockedState(State())

  /// Whether the current task runs inside a serial-executor scope.
  @TaskLocal static var isInsideScope = false

  /// Whether a scope is open, so that its jobs pass through the queue.
  var isActive: Bool { state.withLock { $0.scopeIsOpen } }

  /// Whether the current task's jobs pass through the queue: it runs inside a scope, and one is open.
  static var isSerializingCurrentTask: Bool { isInsideScope && shared.isActive }

  /// Whether the runtime offers the hook this queue needs.
  static var isAvailable: Bool { ConcurrencyHooks.enqueueGlobal != nil }

  // MARK: Scopes

  /// Waits until no other scope is open, then routes the scope's jobs through the queue.
  func openScope() async {
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
      let opened = state.withLock { state -> Bool in
        if state.scopeIsOpen {
          state.waitingScopes.append(continuation)
          return false
        }
        state.scopeIsOpen = true
        // Under the lock, so that a scope closing at the same time cannot take the hook away.
        ConcurrencyHooks.enqueueGlobal?.pointee = Self.hook
        return true
      }
      if opened { continuation.resume() }
    }
  }

  /// Hands the queue to the next waiting scope, or gives the global executor back its jobs.
  func closeScope() {
    let next = state.withLock { state -> CheckedContinuation<Void, Never>? in
      guard !state.waitingScopes.isEmpty else {
        state.scopeIsOpen = false
        // Jobs already queued still run: each has its own block on the main queue.
        ConcurrencyHooks.enqueueGlobal?.pointee = nil
        return nil
      }
      // The hook stays: the next scope takes the queue over as it is.
      return state.waitingScopes.removeFirst()
    }
    next?.resume()
  }

  /// Takes a scope's jobs, by their priority, and hands every other job on to the runtime.
  private static let hook: ConcurrencyHooks.Hook = { job, original in
    if job.priority == JobPriority(SerialJobQueue.scopePriority) {
      SerialJobQueue.shared.enqueue(job)
    } else {
      original(job)
    }
  }

  // MARK: Jobs

  private func enqueue(_ job: UnownedJob) {
    enqueue(.job(job))
  }

  private func enqueue(_ entry: Entry) {
    state.withLock { state in
      state.jobs.append(entry)
      if case .job = entry { state.pending += 1 }
    }
    // A function, not a closure literal: a closure given to `DispatchQueue.main.async` is taken
    // to be main-actor isolated and checks so on every call, which is slow on Linux, where the
    // main queue is served by a pool thread.
    DispatchQueue.main.async(execute: Self.runNextJob)
  }

  private static let runNextJob: @Sendable () -> Void = { SerialJobQueue.shared.runNext() }

  private func runNext() {
    let (entry, ran, pending) = state.withLock { state -> (Entry, UInt64, Int) in
      let entry = state.jobs[state.head]
      state.head += 1
      if case .job = entry {
        state.ran += 1
        state.pending -= 1
      }
      if state.head > 1_024, state.head * 2 > state.jobs.count {
        state.jobs.removeFirst(state.head)
        state.head = 0
      }
      return (entry, state.ran, state.pending)
    }
    switch entry {
    case .job(let job):
      // A job of the global executor runs as one of the global executor's, neither as the main
      // actor's nor as some other executor's: work that is not isolated to an actor then goes on
      // in place instead of switching back to the global executor (and so through the queue again).
      job.runSynchronously(on: globalConcurrentExecutor.asUnownedTaskExecutor())
    case .marker(let read):
      read(ran, pending)
    }
  }

  // MARK: Settling

  /// Returns once nothing is left to run: the queue stayed empty, and no job ran but the
  /// caller's own, for `quietRounds` trips through the main queue in a row.
  ///
  /// A trip is a marker put at the back of the queue, which reads the queue when its turn comes,
  /// on the main queue: everything enqueued before it, main-actor jobs included, has run then,
  /// and what those jobs enqueued is counted as pending. So the rounds count hops, not time: the
  /// answer is the same on a busy machine as on a quiet one, and wherever the caller itself
  /// resumes. (Until 2026-11-27 a trip was a `Task.yield()` and the queue was read after it, on
  /// whatever thread the caller resumed: one clean-clone CI run under load saw a settle return
  /// while a chain of sleeps and actor hops was still going.) Work that waits on the outside
  /// world (a socket, a real-time sleep) is not "left to run".
  ///
  /// - Parameter quietRounds: How many empty trips in a row end the wait. Main-actor jobs do
  ///   not pass through the queue, so a chain of more main-actor-only hops than this in a row,
  ///   with no global job between them, is not waited for.
  @concurrent func settle(quietRounds: Int = 8) async {
    var quiet = 0
    var last = state.withLock { $0.ran }
    while quiet < quietRounds {
      let (ran, pending) = await withUnsafeContinuation { (trip: UnsafeContinuation<(UInt64, Int), Never>) in
        enqueue(.marker { ran, pending in trip.resume(returning: (ran, pending)) })
      }
      // The caller's own resumption may be one of the jobs that ran since the last trip.
      quiet = ran - last <= 1 && pending == 0 ? quiet + 1 : 0
      last = ran
    }
  }
}
