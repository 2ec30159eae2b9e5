import Foundation
import Testing

@testable import ActionDispatch

/// The state machine alone over random event sequences (issue 40, item 2), beside the schedule
/// worlds that run whole view models: seeded sequences of dispatches under every policy (with
/// `staleTime`s and `supersedes:`), runs ending in any order and any way, throttle windows closing
/// (stale ones too), cancels, other actions superseding, held dispatches dropped and releases, fed
/// to one ``ActionStateMachine`` the way the engine feeds it, with every promise of its
/// documentation checked after every event (``MachineFuzzer/checkInvariants()``). A failing
/// sequence is reported with its seed and its steps.
///
/// Replay one sequence, printing its steps (to standard error as they run, then in the report):
/// `MACHINE_FUZZ_SEED=<seed> swift test --filter Machine`.
/// Run a million steps: `MACHINE_FUZZ_STEPS=1000000 swift test --filter Machine` (default 200,000).
/// A trap in the machine (a precondition of ``RunOrder``) stops the process before any report:
/// `MACHINE_FUZZ_PROGRESS=1` writes each seed to standard error as its sequence starts, and the
/// last one written is the seed to replay.
@Suite struct MachineFuzzTests {
  /// In a debug build on the 2-core machine, under other builds (load average 4–9): 200,000
  /// events in 0.8–1.8 s, a million in 4.2–9 s. CI runs a million in a step of its own.
  static var stepBudget: Int {
    ProcessInfo.processInfo.environment["MACHINE_FUZZ_STEPS"].flatMap(Int.init) ?? 200_000
  }

  static let firstSeed: UInt64 = 0x4D41_4348_0000_0000

  /// Plays the sequence of a seed, stopping at the first broken promise.
  ///
  /// - Parameter echo: Writes each step to standard error once it is done, so that a trap
  ///   shows the steps before it.
  static func play(seed: UInt64, tracing: Bool = false, echo: Bool = false) -> MachineFuzzer {
    var generator = MachineEventGenerator(seed: seed)
    let fuzzer = MachineFuzzer(seed: seed, singlePolicy: generator.singlePolicy, tracing: tracing || echo)
    for _ in 0..<generator.length {
      fuzzer.step(generator.next(fuzzer))
      if echo, let line = fuzzer.trace?.last { FileHandle.standardError.write(Data((line + "\n").utf8)) }
      if !fuzzer.problems.isEmpty { return fuzzer }
    }
    fuzzer.finish()
    return fuzzer
  }

  static func report(_ seed: UInt64) -> String {
    let fuzzer = play(seed: seed, tracing: true)
    let policy = fuzzer.singlePolicy.map { "\($0) alone" } ?? "mixed policies"
    guard !fuzzer.problems.isEmpty else {
      return "seed \(seed) (\(policy)) kept every promise over \(fuzzer.stepCount) steps:\n"
        + (fuzzer.trace?.joined(separator: "\n") ?? "")
    }
    return """
      seed \(seed) (\(policy)) broke \(fuzzer.problems.count) promise(s); replay with MACHINE_FUZZ_SEED=\(seed)
      \(fuzzer.problems.prefix(8).map { "  - \($0)" }.joined(separator: "\n"))
      steps:
      \(fuzzer.trace?.joined(separator: "\n") ?? "")
      """
  }

  @Test func everySeededSequenceKeepsEveryPromiseOfTheMachine() {
    if let text = ProcessInfo.processInfo.environment["MACHINE_FUZZ_SEED"], let seed = UInt64(text) {
      let fuzzer = Self.play(seed: seed, echo: true)
      print(Self.report(seed))
      #expect(fuzzer.problems.isEmpty, "seed \(seed): \(fuzzer.problems)")
      return
    }
    let clock = ContinuousClock()
    let began = clock.now
    var steps = 0
    var seed = Self.firstSeed
    var failing: [UInt64] = []
    var reached = MachineReach()
    let budget = Self.stepBudget
    let progress = ProcessInfo.processInfo.environment["MACHINE_FUZZ_PROGRESS"] == "1"
    while steps < budget {
      if progress { FileHandle.standardError.write(Data("machine fuzz: seed \(seed)\n".utf8)) }
      let fuzzer = Self.play(seed: seed)
      steps += fuzzer.stepCount
      reached.formUnion(fuzzer.reached)
      if !fuzzer.problems.isEmpty { failing.append(seed) }
      seed += 1
    }
    let elapsed = clock.now - began
    let sequences = seed - Self.firstSeed
    print("ActionStateMachine fuzz: \(steps) steps in \(sequences) sequences, \(elapsed)")
    for failure in failing.prefix(3) { Issue.record("\(Self.report(failure))") }
    #expect(
      failing.isEmpty, "\(failing.count) of \(sequences) sequences broke a promise; first seeds: \(failing.prefix(10))")
    #expect(reached.missing == [], "no sequence reached \(reached.missing)")
  }

  // MARK: - The checks see a broken engine

  /// Superseded runs that the engine forgets to retire stay in the machine, and the check that
  /// its runs are the live ones says so.
  @Test func theChecksSeeSupersededRunsLeftInTheMachine() {
    let fuzzer = MachineFuzzer(seed: 1, singlePolicy: .cancelPrevious, fault: .keepsSupersededRuns)
    let dispatch = MachineEvent.dispatch(
      policy: .cancelPrevious, staleTime: nil, freshness: .fromMark, supersedesOthers: false)
    fuzzer.step(dispatch)
    #expect(fuzzer.problems.isEmpty)
    fuzzer.step(dispatch)
    #expect(fuzzer.problems.contains { $0.contains("the machine counts 2 runs; 1 are live") })
  }

  /// A queued run that the engine does not wake when `runEnded` says its turn came is seen waiting.
  @Test func theChecksSeeAQueuedRunNeverWoken() {
    let fuzzer = MachineFuzzer(seed: 1, singlePolicy: .enqueue, fault: .forgetsToWake)
    let dispatch = MachineEvent.dispatch(
      policy: .enqueue, staleTime: nil, freshness: .fromMark, supersedesOthers: false)
    fuzzer.step(dispatch)
    fuzzer.step(dispatch)
    #expect(fuzzer.problems.isEmpty)
    fuzzer.step(.end(pick: 0, .succeeded))
    #expect(fuzzer.problems == ["step 3: enqueued run #2 is the oldest, yet still waits for its turn (never woken)"])
  }

  /// An engine that does not end loading when the machine says the action goes idle is seen
  /// loading with no run live.
  @Test func theChecksSeeLoadingLeftOn() {
    let fuzzer = MachineFuzzer(seed: 1, singlePolicy: nil, fault: .keepsLoading)
    fuzzer.step(.dispatch(policy: .concurrent, staleTime: nil, freshness: .fromMark, supersedesOthers: false))
    #expect(fuzzer.problems.isEmpty)
    fuzzer.step(.end(pick: 0, .failed))
    #expect(fuzzer.problems.contains("step 2: isLoading is true with 0 live run(s)"))
  }

  /// A run the engine ends a second time is reported.
  @Test func theChecksSeeARunEndedTwice() {
    let fuzzer = MachineFuzzer(seed: 1, singlePolicy: nil)
    fuzzer.step(.dispatch(policy: .concurrent, staleTime: nil, freshness: .fromMark, supersedesOthers: false))
    let run = fuzzer.live[0].run
    fuzzer.step(.end(pick: 0, .succeeded))
    #expect(fuzzer.problems.isEmpty)
    fuzzer.retire(run, .cancelled)
    #expect(fuzzer.problems == ["step 2: run #1 was to end cancelled, but it is not live (ended before?)"])
  }
}
