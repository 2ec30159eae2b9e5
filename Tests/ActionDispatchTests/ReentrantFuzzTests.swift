import ActionDispatch
import ActionDispatchTesting
import Testing

/// The suite's seeded generator (``SplitMix64``), with the draws these worlds need, so a failing
/// world can be replayed by its seed.
struct AdvRandom: RandomNumberGenerator {
  private var generator: SplitMix64
  init(seed: UInt64) { generator = SplitMix64(state: seed) }
  mutating func next() -> UInt64 { generator.next() }
  mutating func below(_ bound: Int) -> Int { Int(next() % UInt64(bound)) }
  mutating func chance(_ percent: Int) -> Bool { below(100) < percent }
}

/// Worlds of callbacks that re-enter at random — hooks, `On` handlers, an event handler and
/// success closures that dispatch, cancel, `cancelAll`, clear errors or drop a token — checked
/// against what "Callbacks that re-enter" promises every listener.
@MainActor
extension ReentrantOrderTests {
  private static let actions: [AdvAction] = [.a, .b, .row(1), .row(2)]

  /// One world; returns what broke, prefixed with the seed.
  private func world(seed: UInt64, reentries: inout Int, runs: inout Int) async -> [String] {
    var random = AdvRandom(seed: seed)
    let viewModel = AdvViewModel()
    let listeners = AdvListeners(viewModel, actions: Self.actions)
    let gate = Gate()
    let tasks = AdvBox<[Task<Void, Never>]>([])
    let budget = AdvBox(12)  // re-entrant effects left, so a world ends
    let choices = AdvBox(random)
    let delivered = AdvBox(0)

    func dispatch(_ action: AdvAction) {
      let policies: [DispatchPolicy] = [.concurrent, .cancelPrevious, .ignoreWhileRunning, .enqueue]
      let policy = policies[choices.value.below(policies.count)]
      let mode = choices.value.below(4)
      tasks.value.append(
        viewModel.dispatch(
          actionId: action, policy: policy,
          task: { () async throws -> Int in
            switch mode {
            case 0: return 1
            case 1: throw TestError()
            case 2: try await gate.pass()
            default: await gate.passIgnoringCancellation()
            }
            return 2
          }, onSuccess: { _, _ in delivered.value += 1 }))
    }
    func maybeReenter() {
      guard budget.value > 0, choices.value.chance(35) else { return }
      budget.value -= 1
      let action = Self.actions[choices.value.below(Self.actions.count)]
      switch choices.value.below(5) {
      case 0, 1: dispatch(action)
      case 2: viewModel.cancel(action)
      case 3: viewModel.cancelAll()
      default: viewModel.clearError(for: action)
      }
    }

    viewModel.statusHook = { _, _ in maybeReenter() }
    viewModel.successHook = { _, _ in maybeReenter() }
    viewModel.errorHook = { _, _ in maybeReenter() }
    let eventsToken = viewModel.observeEvents { _ in maybeReenter() }
    let droppable = AdvBox<ObservationToken?>(nil)
    droppable.value = viewModel.observe {
      for action in Self.actions {
        On(action)
          .started { maybeReenter() }
          .cancelled {
            if choices.value.chance(10) { droppable.value = nil }
            maybeReenter()
          }
          .finished { maybeReenter() }
      }
    }
    listeners.attachLate()

    for _ in 0..<(3 + random.below(6)) {
      dispatch(Self.actions[random.below(Self.actions.count)])
      if random.chance(30), let task = tasks.value.randomElement(using: &random) { task.cancel() }
    }
    // A perturbation, not a wait: nothing below depends on how much queued work runs here, so a
    // random number of turns varies the state the cancel and the open land in.
    for _ in 0..<random.below(4) { await Task.yield() }
    if random.chance(40) { viewModel.cancel(Self.actions[random.below(Self.actions.count)]) }
    gate.open()
    // Every run ends before its task completes, and a run dispatched from a callback is appended
    // before the callback returns: once the last task is awaited, the world has settled.
    var index = 0
    while index < tasks.value.count {
      await tasks.value[index].value
      index += 1
    }

    var problems = listeners.violations()
    for action in Self.actions where viewModel.isLoading(for: action) {
      problems.append("\(action) still loading")
    }
    if viewModel.isAnyLoading { problems.append("isAnyLoading still true") }
    let succeeded = listeners.early.filter { $0.kind == .succeeded }.count
    if succeeded != delivered.value {
      problems.append("\(succeeded) succeeded events but \(delivered.value) deliveries")
    }
    let failedIDs = Set(listeners.early.filter { $0.kind == .failed }.map(\.actionId))
    for action in Self.actions where viewModel.errorMessage(for: action) != nil && !failedIDs.contains(action) {
      problems.append("\(action) has an error but no failed run")
    }
    reentries += 12 - budget.value
    runs += listeners.early.filter { $0.kind == .started }.count
    eventsToken.cancel()
    droppable.value = nil
    viewModel.statusHook = nil
    viewModel.successHook = nil
    viewModel.errorHook = nil
    return problems.map { "seed \(seed): \($0)" }
  }

  @Test func fiveHundredWorldsOfRandomReentrantCallbacksKeepEveryListenersLifecycleWhole() async {
    var failures: [String] = []
    var reentries = 0
    var runs = 0
    for seed in UInt64(1)...500 {
      failures += await world(seed: seed, reentries: &reentries, runs: &runs)
      if failures.count > 20 { break }
    }
    #expect(failures == [])
    #expect(reentries > 1_000, "the worlds hardly re-entered: \(reentries)")
    #expect(runs > 3_000, "the worlds hardly ran: \(runs)")
  }
}
