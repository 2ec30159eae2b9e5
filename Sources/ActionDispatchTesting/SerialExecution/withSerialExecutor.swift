/// Runs `operation` with every job of the global executor on one serial queue, so that a test
/// that drives time with a ``TestClock`` runs the same way on a busy machine as on a quiet one.
///
/// Inside, the view model's runs, the work closures, actors and the sleepers a ``TestClock``
/// wakes all run one at a time, in the order they were enqueued, on the main dispatch queue.
/// ``TestClock/advance(by:)`` and ``TestClock/run(maxSteps:)`` then wait until nothing is left
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
/// Scopes are exclusive: one opened while another is open waits for it to end, and a scope
/// opened inside another runs at once as part of it. The hook is process-wide, so while a scope
/// is open other tests' jobs pass through the same queue too; that slows them, and changes
/// nothing else.
///
/// > Important: Work that waits on the outside world is outside the queue's reach: a real
/// > socket (`URLSession`), a real-time `Task.sleep`, a thread of your own. Such work still
/// > resumes, but when is up to the outside world, so drive time with a ``TestClock`` and
/// > stub services with ``Stub``. A job that blocks its thread (a semaphore wait, a
/// > synchronous read) blocks the whole queue until it returns.
/// > On a runtime without the hook (`swift_task_enqueueGlobal_hook`), `operation` runs as it
/// > would without a scope, and the clock falls back to counting quiet rounds
/// > (``TestClock/settlingRounds``).
///
/// - Parameters:
///   - isolation: Where `operation` runs; the caller's isolation by default.
///   - operation: The test.
/// - Returns: What `operation` returns.
/// - Throws: What `operation` throws.
public func withSerialExecutor<Result>(
  isolation: isolated (any Actor)? = #isolation,
  _ operation: () async throws -> Result
) async rethrows -> Result {
  if SerialJobQueue.isInsideScope || !SerialJobQueue.isAvailable { return try await operation() }
  await SerialJobQueue.shared.openScope()
  defer { SerialJobQueue.shared.closeScope() }
  return try await SerialJobQueue.$isInsideScope.withValue(true) { try await operation() }
}
