import ActionDispatch
import ActionDispatchTesting
import Foundation
import Testing

/// Randomised schedules (issue 10): thousands of small seeded worlds, each checked against every
/// lifecycle promise. A failing world prints its seed and its schedule.
///
/// Replay one world: `SCHEDULE_SEED=<seed> swift test --filter ScheduleTests`.
/// Run more worlds: `SCHEDULE_WORLDS=<count>` (default 2,000).
/// Report more failing worlds in full: `SCHEDULE_REPORT=<count>` (default 5).
@MainActor
@Suite(.serialExecutor) struct ScheduleTests {
  /// 2,000 worlds take about 2 s, and about 3 s under ThreadSanitizer, on the 2-core CI machine.
  static var worldCount: Int {
    ProcessInfo.processInfo.environment["SCHEDULE_WORLDS"].flatMap(Int.init) ?? 2_000
  }

  @Test func everySeededWorldKeepsEveryLifecyclePromise() async {
    let seeds: [UInt64]
    if let text = ProcessInfo.processInfo.environment["SCHEDULE_SEED"], let seed = UInt64(text) {
      seeds = [seed]
    } else {
      seeds = (0..<UInt64(Self.worldCount)).map { 0x5EED_0000 &+ $0 }
    }
    var failing: [(seed: UInt64, problems: [String], world: World)] = []
    var reached: Set<String> = []
    for seed in seeds {
      let world = WorldGenerator.world(seed: seed)
      let runner = WorldRunner(world)
      await runner.play()
      reached.formUnion(runner.firedReactions.map(Self.reentryKind))
      let problems = ScheduleInvariants.violations(runner)
      if seeds.count == 1 { print(Self.trace(runner, problems: problems)) }
      if !problems.isEmpty { failing.append((seed, problems, world)) }
      if runner.hung { break }  // its tasks are still live; later worlds would not be independent
    }
    let reported = ProcessInfo.processInfo.environment["SCHEDULE_REPORT"].flatMap(Int.init) ?? 5
    for failure in failing.prefix(reported) {
      Issue.record(
        """
        seed \(failure.seed) broke \(failure.problems.count) promise(s); replay with SCHEDULE_SEED=\(failure.seed)
        \(failure.problems.prefix(8).map { "  - \($0)" }.joined(separator: "\n"))
        \(failure.world)
        """)
    }
    let failingCount = failing.count
    #expect(
      failingCount == 0,
      """
      \(failingCount) of \(seeds.count) worlds broke a promise; first seeds: \(failing.prefix(10).map(\.seed))
      worlds per broken promise: \(Self.tally(failing.map(\.problems)))
      """)
    // The worlds reach every re-entrant call from inside every kind of handler, and the checks
    // made right after it (`cancel(x)` returned with x not loading, `cancelAll()` with nothing
    // loading, no run dispatched after `cancelAll()` returned cancelled by it) ran there.
    if seeds.count >= Self.worldCount {
      let missing = Self.reentryKinds.subtracting(reached).sorted()
      #expect(missing == [], "no world ran these re-entrant calls: \(missing)")
    }
  }

  /// Every handler a reaction can run in, crossed with every re-entrant call it can make.
  static let reentryKinds: Set<String> = {
    let handlers = ["hook", "closure", "on", "events"]
    let calls = [
      "dispatch", "dispatch superseding", "cancel", "cancelAll", "cancelAll, then dispatch", "clearError", "invalidate",
      "dispatch fresh",
    ]
    return Set(handlers.flatMap { handler in calls.map { "\(handler): \($0)" } })
  }()

  /// The kind of handler a reaction ran in and the kind of call it made, as in ``reentryKinds``.
  static func reentryKind(_ reaction: World.Reaction) -> String {
    let handler = reaction.trigger.prefix { $0 != ":" }
    let call: String
    switch reaction.effect {
    case .dispatchQuick: call = "dispatch"
    case .dispatchSuperseding: call = "dispatch superseding"
    case .cancel: call = "cancel"
    case .cancelAll: call = "cancelAll"
    case .cancelAllThenDispatch: call = "cancelAll, then dispatch"
    case .clearError: call = "clearError"
    case .cancelTask: call = "cancel a task"
    case .dropOnToken: call = "drop the On token"
    case .release: call = "release"
    case .invalidate: call = "invalidate"
    case .dispatchFresh: call = "dispatch fresh"
    }
    return "\(handler): \(call)"
  }

  /// Everything a replayed world did: its schedule, what each listener saw, what each dispatch did.
  static func trace(_ runner: WorldRunner, problems: [String]) -> String {
    var lines = ["\(runner.world)", "listener log:"]
    lines += runner.harness.log.entries.enumerated().map { "  \($0): \($1)" }
    lines += runner.tickets.enumerated().map { index, ticket in
      "dispatch \(index): \(ticket.action) spec \(ticket.spec.map(String.init) ?? "quick") "
        + "attempts at \(ticket.attempts) deliveries at \(ticket.deliveries)"
    }
    if let releasedAt = runner.releasedAt { lines.append("released at log \(releasedAt)") }
    lines += runner.cancels.map { "top-level cancel \($0.target) log \($0.logBefore)..<\($0.logAfter)" }
    lines += problems.map { "PROBLEM: \($0)" }
    return lines.joined(separator: "\n")
  }

  /// How many worlds broke each kind of promise, so a report shows more than the first failure.
  static func tally(_ problems: [[String]]) -> String {
    let kinds = [
      "not queued", "events: run", "On(", "onStatusUpdate", "hook ", "attempt started", "delivered",
      "yet it ended", "not 'at once'", "never ended", "hang", "still alive", "isLoading", "isAnyLoading",
      "no started or dropped", "runs started or dropped", "dropped, yet", "an element with no run",
      "isShowingLoading", "not reclaimed", "still loading", "error still there", "though no cancelling call",
      "is not right before its run's", "does not follow its run's On end",
    ]
    var counts: [String: Int] = [:]
    for world in problems {
      for kind in kinds where world.contains(where: { $0.contains(kind) }) { counts[kind, default: 0] += 1 }
    }
    return counts.sorted { $0.value > $1.value }.map { "\($0.key): \($0.value)" }.joined(separator: ", ")
  }

  @Test func theSameSeedBuildsTheSameWorld() {
    for seed: UInt64 in [1, 2, 99] {
      #expect(WorldGenerator.world(seed: seed).description == WorldGenerator.world(seed: seed).description)
    }
    #expect(WorldGenerator.world(seed: 1).description != WorldGenerator.world(seed: 2).description)
  }

  /// On the serial executor a world's outcome depends on its seed alone: played twice, it
  /// leaves the same trace (schedule, every listener's log, every dispatch's attempts and
  /// deliveries), however busy the machine. This is what makes `SCHEDULE_SEED` replay a failure;
  /// with it set, this test plays that seed's world twice alone.
  @Test func theSameSeedPlaysTheSameWorldTwice() async {
    let seeds: [UInt64]
    if let text = ProcessInfo.processInfo.environment["SCHEDULE_SEED"], let seed = UInt64(text) {
      seeds = [seed]
    } else {
      seeds = (0..<UInt64(100)).map { 0x5EED_0000 &+ $0 }
    }
    for seed in seeds {
      var traces: [String] = []
      for _ in 0..<2 {
        let runner = WorldRunner(WorldGenerator.world(seed: seed))
        await runner.play()
        traces.append(Self.trace(runner, problems: ScheduleInvariants.violations(runner)))
      }
      #expect(
        traces[0] == traces[1],
        "seed \(seed) played differently the second time; replay with SCHEDULE_SEED=\(seed)\n\(traces[0])\n— then —\n\(traces[1])"
      )
      if traces[0] != traces[1] { break }
    }
  }

  @Test func worldsCoverEveryPolicyStreamingKeyedActionsReactionsAndRelease() {
    var policies = Set<String>()
    var keyed = false
    var reactions = 0
    var releases = 0
    var timeouts = 0
    var retries = 0
    var streams = 0
    var superseding = 0
    var stale = 0
    var invalidations = 0
    for seed in 0..<UInt64(500) {
      let world = WorldGenerator.world(seed: 0x5EED_0000 &+ seed)
      for run in world.runs {
        policies.insert("\(run.policy)".components(separatedBy: "(").first!)
        if case .row = run.action { keyed = true }
        if run.timeout != nil { timeouts += 1 }
        if run.maxAttempts != nil { retries += 1 }
        if run.streaming { streams += 1 }
        if run.supersedes != nil { superseding += 1 }
        if run.staleTime != nil { stale += 1 }
      }
      invalidations +=
        world.steps.filter {
          switch $0 {
          case .invalidate, .invalidateAll: true
          default: false
          }
        }.count
      reactions += world.reactions.count
      releases += world.steps.filter { if case .release = $0 { true } else { false } }.count
    }
    #expect(
      policies == [
        "concurrent", "cancelPrevious", "ignoreWhileRunning", "enqueue", "debounce", "throttle", "joinRunning",
      ])
    #expect(keyed)
    #expect(reactions > 100)
    #expect(releases > 0)
    #expect(timeouts > 50)
    #expect(retries > 50)
    #expect(streams > 50)
    #expect(superseding > 50)
    #expect(stale > 50)
    #expect(invalidations > 50)
  }
}
