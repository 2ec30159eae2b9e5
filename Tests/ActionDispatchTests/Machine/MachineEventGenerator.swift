@testable import ActionDispatch

/// Makes a seeded sequence of events for one machine: the seed picks a profile (one policy or a
/// mix, how many runs may pile up, whether dispatches give a `staleTime`), then each event is drawn
/// among those that can happen in the fuzzer's current state.
struct MachineEventGenerator {
  private var random: SplitMix64
  /// The one policy of the sequence, or `nil` when it mixes them.
  let singlePolicy: DispatchPolicy?
  /// How many events the sequence has.
  let length: Int
  private let policies: [DispatchPolicy]
  /// Dispatches become rare once this many runs are live: 2 keeps runs colliding, 90 reaches the
  /// order's compaction (more than 32 empty slots).
  private let pileUp: Int
  private let usesFreshness: Bool
  /// The weight of each kind of event, refilled for every event.
  private var weights = [Int](repeating: 0, count: 13)

  /// The policies with the durations a sequence may use.
  static let allPolicies: [DispatchPolicy] = [
    .concurrent, .cancelPrevious, .ignoreWhileRunning, .enqueue, .debounce(.milliseconds(300)), .debounce(.seconds(1)),
    .throttle(.seconds(1)), .throttle(.seconds(2)), .joinRunning,
  ]

  init(seed: UInt64) {
    random = SplitMix64(state: seed)
    let policy = Self.allPolicies[Int(random.next() % UInt64(Self.allPolicies.count))]
    singlePolicy = random.next() % 2 == 0 ? policy : nil
    policies = singlePolicy.map { [$0] } ?? Self.allPolicies
    pileUp = [2, 2, 6, 6, 20, 90][Int(random.next() % 6)]
    usesFreshness = random.next() % 3 == 0
    length = 20 + Int(random.next() % 381)
  }

  private mutating func below(_ bound: Int) -> Int {
    Int(random.next() % UInt64(bound))
  }

  /// The next event, among those the fuzzer's state allows.
  mutating func next(_ fuzzer: MachineFuzzer) -> MachineEvent {
    let liveCount = fuzzer.live.count
    // A sequence that lets 90 runs pile up dispatches more, and seldom cancels them all.
    let piling = pileUp > 20 && liveCount < pileUp
    // Weights in the order of the cases below, written into a buffer the generator keeps (this
    // runs a million times in a debug build: no array is made per event).
    weights[0] = piling ? 400 : liveCount < pileUp ? 150 : 15  // dispatch
    weights[1] = fuzzer.waitingQuietCount > 0 ? 50 : 0  // quiet period passed
    weights[2] = fuzzer.workingCount > 0 ? 120 : 0  // a working run succeeds or fails
    weights[3] = liveCount > 0 ? 20 : 0  // a live run's task is cancelled
    weights[4] = fuzzer.window != nil ? 50 : 0  // the window closes
    weights[5] = fuzzer.staleWindows.isEmpty ? 0 : 4  // a stale window's timer fires
    weights[6] = piling ? 1 : 10  // cancel
    weights[7] = piling ? 1 : 6  // superseded by another action
    weights[8] = fuzzer.held != nil ? 12 : 0  // the held dispatch's task is cancelled
    weights[9] = 3  // a stale drop
    weights[10] = usesFreshness ? 6 : 1  // invalidate
    weights[11] = usesFreshness ? 40 : 10  // the clock advances
    weights[12] = 1  // release
    var total = 0
    var index = 0
    while index < weights.count {
      total += weights[index]
      index += 1
    }
    var draw = below(total)
    var choice = 0
    while draw >= weights[choice] {
      draw -= weights[choice]
      choice += 1
    }
    switch choice {
    case 0: return dispatch()
    case 1: return .quietPeriodPassed(pick: below(1 << 16))
    case 2: return .end(pick: below(1 << 16), below(2) == 0 ? .succeeded : .failed)
    case 3: return .end(pick: below(1 << 16), .cancelled)
    case 4: return .closeWindow(stale: false)
    case 5: return .closeWindow(stale: true)
    case 6: return .cancel
    case 7:
      let spare: MachineEvent.Spare = [.none, .live(pick: below(1 << 16)), .foreign][below(3)]
      return .supersededByAnotherAction(spare: spare)
    case 8: return .dropHeld(stale: false)
    case 9: return .dropHeld(stale: true)
    case 10: return .invalidate
    case 11: return .advanceClock([.milliseconds(100), .milliseconds(500), .seconds(1), .seconds(3)][below(4)])
    default: return .release
    }
  }

  private mutating func dispatch() -> MachineEvent {
    let policy = policies[below(policies.count)]
    let staleTime: Duration? = usesFreshness && below(2) == 0 ? [.seconds(1), .seconds(5)][below(2)] : nil
    let freshness: MachineEvent.Freshness
    switch below(10) {
    case 8: freshness = .atStaleTime
    case 9: freshness = .justUnderStaleTime
    default: freshness = .fromMark
    }
    return .dispatch(policy: policy, staleTime: staleTime, freshness: freshness, supersedesOthers: below(8) == 0)
  }
}
