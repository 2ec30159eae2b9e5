import ActionDispatch
import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// What every CLI test's output rests on: a child's last words are collected even when it
/// writes them and exits in the instant the reader has found the pipe empty.
@Suite struct OutputCollectorTests {
  /// CI once saw a usage error with status 2 and an empty standard error: the child wrote and
  /// exited between the reader's empty poll and its look at the exit. The write end stays open
  /// here, as a sibling child holding it would keep it, so only the exit can end the reading.
  @Test func aWriteAndExitRightAfterAnEmptyPollAreStillCollected() async throws {
    var ends: [Int32] = [0, 0]
    #expect(pipe(&ends) == 0)
    let (readEnd, writeEnd) = (ends[0], ends[1])
    defer { close(writeEnd) }
    let reading = FileHandle(fileDescriptor: readEnd, closeOnDealloc: false)
    let collector = LockedState<OutputCollector?>(nil)
    let emptyPolls = LockedState(0)
    let lastWords = "error: the child's last words\n"
    collector.withLock {
      $0 = OutputCollector(reading: readEnd, from: .pipe, closingWhenDone: reading) {
        let first = emptyPolls.withLock { count in
          count += 1
          return count == 1
        }
        guard first else { return }
        // The first empty poll: the child writes everything and exits now.
        _ = lastWords.utf8CString.withUnsafeBufferPointer { write(writeEnd, $0.baseAddress, $0.count - 1) }
        while collector.withLock({ $0 }) == nil {}
        collector.withLock { $0 }?.childExited()
      }
    }
    let text = await collector.withLock { $0 }!.waitForEnd()
    #expect(text == lastWords)
  }
}
