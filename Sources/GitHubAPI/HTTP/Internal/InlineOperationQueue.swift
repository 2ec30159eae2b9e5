import Foundation

/// The delegate queue of a ``URLSessionHTTPClient``'s session on Linux: runs each delegate call
/// at once, on the thread that hands it over, instead of queueing it.
///
/// FoundationNetworking calls the delegate from libcurl's write callback through
/// `delegateQueue.addOperation`. With a real queue, libcurl runs far ahead of the delegate: a gzip
/// bomb inflates 16 KiB at a time into thousands of queued operations a second, so the delegate
/// sees the size limit pass seconds after libcurl did, the queued copies pile up in memory, and
/// the cancellation it asks for reaches libcurl only once the backlog is drained — a 10 GiB bomb
/// was inflated whole. Run inline, the delegate sees every piece as libcurl makes it: the limit is
/// noticed at the piece that passes it, nothing piles up, and the cancellation (made off this
/// thread: `URLSessionTask.cancel()` waits for the work queue this runs on) ends the transfer after
/// the read libcurl is in.
///
/// Every call is made in the order FoundationNetworking makes it, as a serial queue would; the
/// delegate takes only its own short locks, never waits, and calls nothing back into URLSession.
final class InlineOperationQueue: OperationQueue, @unchecked Sendable {
  override func addOperation(_ operation: Operation) {
    operation.start()
  }

  override func addOperation(_ block: @escaping @Sendable () -> Void) {
    block()
  }

  override func addOperations(_ operations: [Operation], waitUntilFinished wait: Bool) {
    for operation in operations { operation.start() }
  }
}
