import ActionDispatch
import Foundation
import Testing

/// The test harness's pseudo-terminals: each child must get its own.
@Suite struct PseudoTerminalTests {
  /// Terminals opened at the same moment on different threads (tests run in parallel) must
  /// each be paired with their own secondary side. When they were not, a child's spinner went
  /// to another test's terminal and its own terminal showed nothing.
  ///
  /// The mix-up needed a thread switch at one exact point, so this opens thousands of
  /// terminals, in batches that keep the number open at once (and their reader threads) low.
  @Test func terminalsOpenedAtOnceAreEachTheirOwn() async throws {
    var wrong: [String] = []
    var opened = 0
    for batch in 0..<25 {
      let terminals = LockedState<[Int: PseudoTerminal]>([:])
      let failures = LockedState<[String]>([])
      DispatchQueue.concurrentPerform(iterations: 200) { item in
        let index = batch * 200 + item
        do {
          let terminal = try PseudoTerminal()
          terminal.secondary.write(Data("terminal \(index)".utf8))
          try terminal.secondary.close()
          // As when a child exits: a terminal ends once its secondary side is closed, and one
          // never paired with its secondary side ends after the grace period, empty.
          terminal.output.childExited()
          terminals.withLock { $0[index] = terminal }
        } catch {
          failures.withLock { $0.append("terminal \(index): \(error)") }
        }
      }
      try #require(failures.withLock { $0 }.isEmpty, "\(failures.withLock { $0 })")
      for (index, terminal) in terminals.withLock({ $0 }).sorted(by: { $0.key < $1.key }) {
        let shown = await terminal.output.waitForEnd()
        if shown != "terminal \(index)" { wrong.append("terminal \(index) showed \(shown.debugDescription)") }
        opened += 1
      }
    }
    #expect(opened == 5_000)
    #expect(wrong.isEmpty, "\(wrong.count) terminals: \(wrong.prefix(6))")
  }
}
