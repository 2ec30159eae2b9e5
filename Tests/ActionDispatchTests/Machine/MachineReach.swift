/// The situations a fuzzed sequence reached, so that a run of many sequences can show it
/// reached every one (a checker that never meets a case checks nothing there).
struct MachineReach: Equatable {
  enum Case: Int, CaseIterable {
    case answeredFresh, staleAtTheBound, joined, dropped, held, replacedHeld
    case startedNow, queuedBehindOthers, waitsForQuiet, openedWindow, supersededOwnRuns, manyLive, compacted
    case wokenByAnEnd, endSucceeded, endFailed, endCancelled, retiredOutOfOrder
    case heldStartedAtClose, heldAnsweredFreshAtClose, staleWindowClosed, droppedStaleHeld
    case cancelledRuns, sparedALiveRun, releasedRunsAndWindow, cancelledInDelivery
    case invalidatedRuns, invalidatedRunSucceeded
  }

  private var bits: UInt64 = 0

  mutating func insert(_ reached: Case) {
    bits |= 1 << UInt64(reached.rawValue)
  }

  mutating func formUnion(_ other: MachineReach) {
    bits |= other.bits
  }

  func contains(_ reached: Case) -> Bool {
    bits & (1 << UInt64(reached.rawValue)) != 0
  }

  /// The cases not reached.
  var missing: [Case] {
    Case.allCases.filter { !contains($0) }
  }
}
