import ActionDispatch

/// Builds a small ``World`` from a seed: a handful of runs, a dozen steps, a few reactions.
enum WorldGenerator {
  static func world(seed: UInt64) -> World {
    var random = SplitMix64(state: seed)
    var world = World(seed: seed)
    world.timedIndicator = Bool.random(using: &random)
    // Few actions per world, so runs collide.
    let actions = Array(World.actions.shuffled(using: &random).prefix(Int.random(in: 1...3, using: &random)))
    let runCount = Int.random(in: 1...5, using: &random)
    for _ in 0..<runCount {
      world.runs.append(runSpec(actions: actions, runCount: runCount, using: &random))
    }
    // Every run is dispatched once, in order; other steps fall in between.
    for index in 0..<runCount {
      world.steps.append(.dispatch(index))
      for _ in 0..<Int.random(in: 0...4, using: &random) {
        world.steps.append(step(actions: actions, dispatched: index + 1, using: &random))
      }
    }
    for _ in 0..<Int.random(in: 0...3, using: &random) {
      world.reactions.append(
        World.Reaction(
          trigger: trigger(actions: actions, using: &random),
          effect: effect(actions: actions, runCount: runCount, using: &random)))
    }
    return world
  }

  static func runSpec(actions: [RowAction], runCount: Int, using random: inout SplitMix64) -> World.RunSpec {
    let policies: [DispatchPolicy] = [
      .concurrent, .cancelPrevious, .ignoreWhileRunning, .enqueue, .debounce(.seconds(1)), .throttle(.seconds(1)),
      .joinRunning,
    ]
    let retried = Int.random(in: 0..<3, using: &random) == 0
    let streaming = Int.random(in: 0..<4, using: &random) == 0
    let superseding = !streaming && Int.random(in: 0..<4, using: &random) == 0
    return World.RunSpec(
      action: actions.randomElement(using: &random)!,
      policy: policies.randomElement(using: &random)!,
      maxAttempts: retried && !streaming ? Int.random(in: 2...3, using: &random) : nil,
      timeout: Bool.random(using: &random) ? .seconds(Int.random(in: 1...4, using: &random)) : nil,
      failures: [0, 0, 1, 2, 3].randomElement(using: &random)!,
      gated: Int.random(in: 0..<4, using: &random) != 0,
      ignoresCancellation: Bool.random(using: &random),
      successEffect: Int.random(in: 0..<6, using: &random) == 0
        ? effect(actions: actions, runCount: runCount, using: &random) : nil,
      failureEffect: !streaming && Int.random(in: 0..<6, using: &random) == 0
        ? effect(actions: actions, runCount: runCount, using: &random) : nil,
      streaming: streaming,
      supersedes: superseding ? supersededActions(actions, using: &random) : nil,
      staleTime: Int.random(in: 0..<3, using: &random) == 0 ? World.staleTimes.randomElement(using: &random) : nil)
  }

  /// One or two of the world's actions, for a dispatch's `supersedes:`.
  static func supersededActions(_ actions: [RowAction], using random: inout SplitMix64) -> [RowAction] {
    (0..<Int.random(in: 1...2, using: &random)).map { _ in actions.randomElement(using: &random)! }
  }

  static func step(actions: [RowAction], dispatched: Int, using random: inout SplitMix64) -> World.Step {
    let run = Int.random(in: 0..<dispatched, using: &random)
    switch Int.random(in: 0..<24, using: &random) {
    case 22: return .invalidate(actions.randomElement(using: &random)!)
    case 23: return .invalidateAll
    case 0..<5: return .open(run)
    case 5..<10: return .advance(.milliseconds(500 * Int.random(in: 1...8, using: &random)))
    case 10..<12: return .cancel(actions.randomElement(using: &random)!)
    case 12..<15: return .cancelTask(run)
    case 15: return .cancelAll
    case 16: return .clearError(actions.randomElement(using: &random)!)
    case 17: return Int.random(in: 0..<10, using: &random) == 0 ? .release : .settle
    default: return .settle
    }
  }

  static func trigger(actions: [RowAction], using random: inout SplitMix64) -> String {
    let action = actions.randomElement(using: &random)!
    let choices: [(String, [String])] = [
      ("hook", ["loading(true)", "loading(false)", "succeeded", "failed"]),
      ("closure", ["succeeded", "failed", "element"]),
      ("on", ["started", "element", "succeeded", "failed", "cancelled", "finished"]),
      ("events", ["started", "succeeded", "failed", "cancelled", "dropped", "joined", "fresh"]),
    ]
    let (listener, phases) = choices.randomElement(using: &random)!
    return "\(listener):\(action).\(phases.randomElement(using: &random)!)"
  }

  static func effect(actions: [RowAction], runCount: Int, using random: inout SplitMix64) -> World.Effect {
    let action = actions.randomElement(using: &random)!
    let policies: [DispatchPolicy] = [
      .concurrent, .cancelPrevious, .ignoreWhileRunning, .enqueue, .debounce(.seconds(1)), .throttle(.seconds(1)),
      .joinRunning,
    ]
    switch Int.random(in: 0..<21, using: &random) {
    case 17..<19: return .invalidate(action)
    case 19..<21: return .dispatchFresh(action)
    case 0..<4:
      return .dispatchQuick(action, policies.randomElement(using: &random)!)
    case 15..<17:
      let policy = policies.randomElement(using: &random)!
      return .dispatchSuperseding(action, policy, supersededActions(actions, using: &random))
    case 4..<7: return .cancel(action)
    case 7: return .cancelAll
    case 8: return .cancelAllThenDispatch(action)
    case 9..<11: return .clearError(action)
    case 11..<13: return .cancelTask(Int.random(in: 0..<runCount, using: &random))
    case 13: return .dropOnToken
    default: return Int.random(in: 0..<3, using: &random) == 0 ? .release : .cancel(action)
    }
  }
}
