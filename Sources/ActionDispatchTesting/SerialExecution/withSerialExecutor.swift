import ActionDispatch

/// Runs `operation` with every job it starts on one serial queue, so that a test
/// that drives time with a ``TestClock`` runs the same way on a busy machine as on a quiet one.
///
/// Inside, the view model's runs, the work closures, actors and the sleepers a ``TestClock``
/// wakes all run one at a time, in the order they were enqueued, on the main dispatch queue.
/// ``TestClock/advance(by:fileID:filePath:line:column:)`` and ``TestClock/run(maxSteps:)`` then wait until nothing is left
/// to run instead of counting quiet rounds on a thread pool, so a seeded schedule replays
/// exactly. This is the function for XCTest; Swift Testing suites use the
/// ``SerialExecutorTrait/serialExecutor`` trait.
///
/// ```swift
/// final class SearchTests: XCTestCase {
///   @MainActor func testTypingQuicklySendsOneRequest() async throws {
///     try await withSerialExecutor {
///       let clock = TestClock()
///       let service = MockSearchService()
///       let viewModel = SearchViewModel(service: service, clock: clock)
///       viewModel.search("o")
///       viewModel.search("oct")
///       await clock.advance(by: .milliseconds(300))
///       try await viewModel.waitUntilIdle(.search)
///       XCTAssertEqual(service.searchStub.calls, ["oct"])
///     }
///   }
/// }
/// ```
///
/// The scope runs `operation` in a task of its own, marked by its priority
/// (`TaskPriority.background`); the tasks it creates inherit the mark — a `Task {}`, a view
/// model's runs, child tasks — and only their jobs go through the queue, wherever they are
/// enqueued from (a hop off the main actor, a continuation resumed by a URLSession callback).
/// Other tests running in parallel in the same process keep the thread pool. Scopes are
/// exclusive: one opened while another is open waits for it to end, and a scope opened inside
/// another runs at once as part of it. A task that outlives its scope keeps its mark: it runs on
/// the thread pool once the scope has ended, but if another test's scope is open by then, its
/// jobs go through that scope's queue, among that test's work. End or cancel, and await, the
/// tasks a test starts before it returns.
///
/// > Important: What the queue cannot reach: a `Task.detached` or a `Task(priority:)` started
/// > in the scope (not marked, they run on the thread pool), the main actor's own jobs (they
/// > run on the main queue, interleaved with the queue's; ``TestClock`` waits for a chain of at
/// > most 8 main-actor-only hops in a row), and work that waits on the outside world — a real
/// > socket (`URLSession`), a real-time `Task.sleep`, a thread of your own: it still resumes on
/// > the queue, but when is up to the outside world, so drive time with a ``TestClock`` and
/// > stub services with ``Stub``. A job that blocks its thread (a semaphore wait, a synchronous
/// > read) blocks the whole queue until it returns, and waiting that way for another job of the
/// > scope never returns. `Task.currentPriority` reads `.background` inside the scope.
/// > On a runtime without the hook (`swift_task_enqueueGlobal_hook`), `operation` runs as it
/// > would without a scope, and the clock falls back to counting quiet rounds
/// > (``TestClock/settlingRounds``).
///
/// - Parameters:
///   - isolation: Where `operation` runs; the caller's isolation by default.
///   - operation: The test.
/// - Returns: What `operation` returns.
/// - Throws: What `operation` throws.
public func withSerialExecutor<Result, Failure: Error>(
  isolation: isolated (any Actor)? = #isolation,
  @_inheritActorContext _ operation: sending () async throws(Failure) -> Result
) async throws(Failure) -> Result {
  if SerialJobQueue.isInsideScope || !SerialJobQueue.isAvailable { return try await operation() }
  // The one task every fresh answer returns is made and run outside any scope.
  await prepareFreshAnswers()
  await SerialJobQueue.shared.openScope()
  defer { SerialJobQueue.shared.closeScope() }
  return try await ScopedOperation.run(operation).get()
}
