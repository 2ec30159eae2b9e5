import ActionDispatch
import ActionDispatchTesting
import Observation

/// The actions of the adversarial suites: three plain ones and a keyed one per row.
enum AdvAction: ActionIdType {
  case a
  case b
  case c
  case row(Int)
}

/// A box for a value a closure fills in later (a task, a flag, a count).
@MainActor
final class AdvBox<Value> {
  var value: Value
  init(_ value: Value) { self.value = value }
}

/// Listens to a view model the way a demanding client would — two `observeEvents` handlers and
/// an `On` per action with every phase — and checks what the documentation promises each of them
/// sees: per run `started` once, then exactly one end, nothing after it; per action, `finished`
/// only after an end; `onStatusUpdate` alternating `true`/`false`.
@MainActor
final class AdvListeners {
  /// What the event handler registered by ``init(_:actions:)`` saw.
  private(set) var early: [ActionEvent<AdvAction>] = []
  /// What the event handler registered by ``attachLate()`` saw.
  var late: [ActionEvent<AdvAction>] = []
  /// What the `On` handlers saw, per action, by phase name.
  var phases: [AdvAction: [String]] = [:]
  private var tokens: [ObservationToken] = []
  private weak var viewModel: AdvViewModel?
  private let actions: [AdvAction]
  /// A test suspended in ``heard(_:of:count:)``, with what it waits for.
  private struct Waiter {
    let heard: HeardKey
    let count: Int
    let continuation: CheckedContinuation<Void, Never>
  }
  private var waiters: [Waiter] = []
  /// What the early event handler heard, counted as it hears it, so that a wait costs one look
  /// per event rather than a pass over every event heard so far (1,000 runs: a million looks).
  private struct HeardKey: Hashable {
    let action: AdvAction
    let kind: ActionEvent<AdvAction>.Kind
  }
  private var heardCounts: [HeardKey: Int] = [:]

  /// Registers the early listeners: one event handler and one `On` per action.
  init(_ viewModel: AdvViewModel, actions: [AdvAction]) {
    self.viewModel = viewModel
    self.actions = actions
    tokens.append(viewModel.observeEvents { [weak self] in self?.hear($0) })
    tokens.append(
      viewModel.observe {
        for action in actions {
          On(action)
            .started { [weak self] in self?.phases[action, default: []].append("started") }
            .succeeded { [weak self] in self?.phases[action, default: []].append("succeeded") }
            .failed { [weak self] _ in self?.phases[action, default: []].append("failed") }
            .cancelled { [weak self] in self?.phases[action, default: []].append("cancelled") }
            .finished { [weak self] in self?.phases[action, default: []].append("finished") }
        }
      })
  }

  /// Waits until the early event handler has heard `count` events of `kind` for `action`.
  ///
  /// This is how a test awaits an end that is promised "on the main actor's next turn" (a run
  /// whose task was cancelled) without counting turns or spending real time; the suite's time
  /// limit bounds it.
  func heard(_ kind: ActionEvent<AdvAction>.Kind, of action: AdvAction, count: Int = 1) async {
    let key = HeardKey(action: action, kind: kind)
    if heardCounts[key, default: 0] >= count { return }
    await withCheckedContinuation { waiters.append(Waiter(heard: key, count: count, continuation: $0)) }
  }

  /// Records an event for the early handler and resumes every test waiting for what it completes.
  private func hear(_ event: ActionEvent<AdvAction>) {
    early.append(event)
    heardCounts[HeardKey(action: event.actionId, kind: event.kind), default: 0] += 1
    guard !waiters.isEmpty else { return }
    let waiting = waiters
    let isReady = { (waiter: Waiter) in self.heardCounts[waiter.heard, default: 0] >= waiter.count }
    waiters = waiting.filter { !isReady($0) }
    for waiter in waiting where isReady(waiter) { waiter.continuation.resume() }
  }

  /// Registers a second event handler, after whatever the test registered in between.
  func attachLate() {
    guard let viewModel else { return }
    tokens.append(viewModel.observeEvents { [weak self] in self?.late.append($0) })
  }

  /// Kinds of one listener's events for one action, in order.
  func kinds(_ events: [ActionEvent<AdvAction>], of action: AdvAction) -> [ActionEvent<AdvAction>.Kind] {
    events.filter { $0.actionId == action }.map(\.kind)
  }

  /// Kinds of one listener's events for one action, grouped per run, runs in order of first event.
  func perRun(_ events: [ActionEvent<AdvAction>], of action: AdvAction) -> [[ActionEvent<AdvAction>.Kind]] {
    var order: [UInt64] = []
    var kinds: [UInt64: [ActionEvent<AdvAction>.Kind]] = [:]
    for event in events where event.actionId == action {
      if kinds[event.run] == nil { order.append(event.run) }
      kinds[event.run, default: []].append(event.kind)
    }
    return order.map { kinds[$0] ?? [] }
  }

  /// Every broken promise, as text; empty when all hold. `settled` also requires every run seen
  /// to have ended and every action's loading to be reported off. Checked by
  /// ``LifecycleInvariants``, the one checker of the lifecycle promises.
  func violations(settled: Bool = true) -> [String] {
    var problems = AdvListeners.eventViolations(early, name: "early", settled: settled)
    problems += AdvListeners.eventViolations(late, name: "late", settled: settled)
    problems += LifecycleInvariants.onOrder(
      phases: phases.flatMap { action, seen in seen.map { (action, $0) } }, idle: settled)
    if let viewModel {
      problems += LifecycleInvariants.hookBalance(
        updates: viewModel.statusLog.flatMap { action, updates in updates.map { (action, $0) } }, idle: settled)
    }
    return problems
  }

  /// Per run: `started` first and once, one end, nothing after the end; `dropped` alone.
  static func eventViolations(
    _ events: [ActionEvent<AdvAction>], name: String, settled: Bool
  ) -> [String] {
    LifecycleInvariants.eventOrder(runs: events.map { ($0.run, "\($0.kind)") }, idle: settled, name: name)
  }
}
