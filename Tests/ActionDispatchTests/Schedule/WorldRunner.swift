import ActionDispatch
import ActionDispatchTesting

/// Plays one ``World`` against a ``RowViewModel`` on a `TestClock`, with every listener attached,
/// and keeps what happened to each dispatch (a *ticket*) for ``ScheduleInvariants``.
@MainActor
final class WorldRunner {
  /// One call to `dispatch`, and what its work and `onSuccess` closure did.
  struct Ticket {
    let action: RowAction
    /// Which spec it came from; `nil` for a quick run dispatched by a reaction.
    let spec: Int?
    /// Whether it is a streaming run: its deliveries are its elements, two when it succeeds.
    var streaming = false
    /// Positions in the listener log (its length at the time) of each attempt's start and each delivery.
    var attempts: [Int] = []
    var deliveries: [Int] = []
    /// For a dispatch made at top level, the listener log's positions during the call: every
    /// notification it raised was delivered then, since none was in progress to queue behind.
    var window: Range<Int>?
    /// Whether a callback dispatched the same action during this top-level call: its runs'
    /// events then cannot be told apart from this dispatch's.
    var redispatchedDuringCall = false
    /// How many cancelling calls (``WorldRunner/cancelCalls``) were made before this dispatch.
    var cancelCallsBefore = 0
    /// Whether its policy always makes it a run (never dropped, never held): a quick dispatch
    /// like this that no later cancelling call could reach must deliver.
    var alwaysRuns = false
    /// Whether it is `.joinRunning`'s: cancelling its task detaches it alone from a shared run.
    var shared = false
  }

  /// A call that may cancel runs of `action` (every action when `nil`): `cancel`, `cancelAll`,
  /// a release, or a dispatch whose policy supersedes.
  struct CancelCall {
    let action: RowAction?
    let description: String
  }

  /// A cancel the test asked for at top level, with the listener log's length before and after it.
  struct CancelRequest {
    enum Target {
      case task(ticket: Int)
      case action(RowAction)
      case all
    }
    let target: Target
    let logBefore: Int
    let logAfter: Int
  }

  let world: World
  /// The world's work passes a gate or returns between two sleeps, never a chain of actor hops,
  /// so the clock settles after a few quiet rounds: 2,000 worlds stay within seconds.
  let clock = TestClock(settlingRounds: 5)
  private(set) var viewModel: RowViewModel?
  weak var weakViewModel: RowViewModel?
  let harness: ListenerHarness
  var tickets: [Ticket] = []
  /// Per action, the tickets in the order `dispatch` was called.
  private(set) var ticketsByAction: [RowAction: [Int]] = [:]
  private(set) var cancels: [CancelRequest] = []
  /// Every cancelling call, at top level or inside a callback, in order.
  private(set) var cancelCalls: [CancelCall] = []
  /// Promises broken while the world played, checked right after a call returned: after
  /// `cancel(x)` returns, x is not loading; after `cancelAll()`, nothing is; after
  /// `clearError(for: x)`, x has no error.
  private(set) var callProblems: [String] = []
  private(set) var released = false
  /// The listener log's length when the view model was released.
  private(set) var releasedAt: Int?
  private(set) var onTokenDropped = false
  private(set) var hung = false
  /// The events and invalidations, with the clock's time, for the freshness checks.
  var timeline: [TimelineEntry] = []
  private var gates: [Gate] = []
  private var ticketOfSpec: [Int: Int] = [:]
  private(set) var handles: [Int: Task<Void, Never>] = [:]
  private var pending = 0
  private var reactionsLeft: [World.Reaction]
  /// The reactions whose trigger came, in the order they ran.
  private(set) var firedReactions: [World.Reaction] = []

  init(_ world: World) {
    self.world = world
    let viewModel = RowViewModel(
      clock: clock,
      loadingIndicator: world.timedIndicator
        ? LoadingIndicator(delay: .milliseconds(500), minimumDuration: .seconds(1)) : .immediate)
    self.viewModel = viewModel
    weakViewModel = viewModel
    harness = ListenerHarness(viewModel, observing: World.actions)
    gates = world.runs.map { _ in Gate() }
    reactionsLeft = world.reactions
    harness.react = { [weak self] entry in self?.react(to: entry) }
  }

  /// Plays every step, then opens every gate and drives the clock until every run's task is done.
  func play() async {
    // What the world before left behind (its view model's timers, cancelled when it was
    // released) runs first, so that every world starts from the same empty queue.
    await settle()
    for step in world.steps { await perform(step) }
    for gate in gates { gate.open() }
    // A world whose runs stay pending through 1,000,000 rounds in a row without one ending is hung:
    // rounds, not seconds, so a busy machine does not trip it.
    var roundsWithoutProgress = 0
    while pending > 0 {
      let before = pending
      if clock.sleeperCount > 0 {
        await clock.advance(by: .seconds(60))
      } else {
        await Task.yield()
      }
      roundsWithoutProgress = pending < before ? 0 : roundsWithoutProgress + 1
      if roundsWithoutProgress > 1_000_000 {
        hung = true
        return
      }
    }
    // Every run ended: let the loading indicator's minimum periods and throttle windows pass.
    // Their timers start on the main actor and sleep from the global executor, so a timer can
    // reach the clock after `run()` saw none: run again until only failed actions hold state,
    // at most 100 times (rounds, not seconds). A state never reclaimed still fails the world.
    for _ in 0..<100 {
      guard let viewModel else { break }
      await clock.run()
      let failed = World.actions.filter { viewModel.failure(for: $0) != nil }.count
      if clock.sleeperCount == 0 && viewModel.actionsWithState == failed { break }
      await Task.yield()
    }
  }

  var logCount: Int { harness.log.entries.count }

  /// Lets every job already started run until nothing is left to run on the serial executor,
  /// without moving time: the clock settles on quiescence, not on a count of yields, which is
  /// what a busy machine or a different history of jobs would change.
  private func settle() async {
    await clock.advance(by: .zero)
  }

  private func perform(_ step: World.Step) async {
    switch step {
    case .dispatch(let index): dispatch(spec: index)
    case .open(let index): gates[index].open()
    case .cancel(let action): topLevelCancel(.action(action)) { cancelChecked(action, in: "a step") }
    case .cancelTask(let index):
      guard let ticket = ticketOfSpec[index] else { return }
      topLevelCancel(.task(ticket: ticket)) { handles[ticket]?.cancel() }
    case .cancelAll: topLevelCancel(.all) { cancelChecked(nil, in: "a step") }
    case .clearError(let action): clearErrorChecked(action, in: "a step")
    case .advance(let duration): await clock.advance(by: duration)
    case .settle: await settle()
    case .release: release()
    case .invalidate(let action): invalidate(action)
    case .invalidateAll: invalidate(nil)
    }
  }

  private func topLevelCancel(_ target: CancelRequest.Target, _ body: () -> Void) {
    guard viewModel != nil else { return }
    let before = logCount
    body()
    cancels.append(CancelRequest(target: target, logBefore: before, logAfter: logCount))
  }

  private func release() {
    cancelCalls.append(CancelCall(action: nil, description: "release"))
    released = true
    if releasedAt == nil { releasedAt = logCount }
    viewModel = nil
  }

  private func dispatch(spec index: Int) {
    guard let viewModel else { return }
    let spec = world.runs[index]
    let ticket = newTicket(spec.action, spec: index)
    ticketOfSpec[index] = ticket
    let gate = gates[index]
    var attempt = 0
    let work: @MainActor () async throws -> Int = { [weak self] in
      attempt += 1
      self?.recordAttempt(ticket)
      if spec.gated {
        if spec.ignoresCancellation { await gate.passIgnoringCancellation() } else { try await gate.pass() }
      }
      if attempt <= spec.failures { throw TestError(message: "attempt \(attempt) failed") }
      return attempt
    }
    let retry = spec.maxAttempts.map {
      RetryPolicy(maxAttempts: $0, initialBackoff: .seconds(1), multiplier: 2, maxBackoff: .seconds(4))
    }
    let before = logCount
    noteSupersession(spec.action, spec.policy, others: spec.supersedes)
    tickets[ticket].cancelCallsBefore = cancelCalls.count
    tickets[ticket].shared = spec.policy == .joinRunning
    let handle: Task<Void, Never>
    if spec.streaming {
      tickets[ticket].streaming = true
      handle = viewModel.dispatch(
        actionId: spec.action, policy: spec.policy, staleTime: spec.staleTime, timeout: spec.timeout,
        elements: { [weak self] in
          self?.recordAttempt(ticket)
          return WorldStream(
            gate: spec.gated ? gate : nil, ignoresCancellation: spec.ignoresCancellation, fails: spec.failures > 0)
        }
      ) { [weak self] _, element in
        self?.recordDelivery(ticket)
        self?.react(to: "closure:\(spec.action).element")
        if element == 2, let effect = spec.successEffect { self?.apply(effect, in: "onElement") }
      }
    } else {
      let onSuccess: @MainActor (RowViewModel, Int) -> Void = { [weak self] _, _ in
        self?.recordDelivery(ticket)
        self?.react(to: "closure:\(spec.action).succeeded")
        if let effect = spec.successEffect { self?.apply(effect, in: "onSuccess") }
      }
      let onFailure: @MainActor (RowViewModel, any Error) -> Void = { [weak self] _, _ in
        self?.react(to: "closure:\(spec.action).failed")
        if let effect = spec.failureEffect { self?.apply(effect, in: "onFailure") }
      }
      handle = viewModel.dispatch(
        actionId: spec.action, policy: spec.policy, staleTime: spec.staleTime, supersedes: spec.supersedes ?? [],
        retry: retry, timeout: spec.timeout, task: work, onSuccess: onSuccess, onFailure: onFailure)
    }
    tickets[ticket].window = before..<logCount
    tickets[ticket].redispatchedDuringCall = tickets[(ticket + 1)...].contains { $0.action == spec.action }
    track(ticket, handle)
  }

  func dispatchQuick(
    _ action: RowAction, _ policy: DispatchPolicy, superseding others: [RowAction]? = nil, staleTime: Duration? = nil
  ) {
    guard let viewModel else { return }
    let ticket = newTicket(action, spec: nil)
    tickets[ticket].shared = policy == .joinRunning
    noteSupersession(action, policy, others: others)
    tickets[ticket].cancelCallsBefore = cancelCalls.count
    switch policy {
    case .concurrent, .cancelPrevious, .enqueue, .debounce: tickets[ticket].alwaysRuns = true
    case .ignoreWhileRunning, .throttle, .joinRunning: break
    }
    let work: @MainActor () async throws -> Int = { [weak self] in
      self?.recordAttempt(ticket)
      return 0
    }
    let onSuccess: @MainActor (RowViewModel, Int) -> Void = { [weak self] _, _ in self?.recordDelivery(ticket) }
    track(
      ticket,
      viewModel.dispatch(
        actionId: action, policy: policy, staleTime: staleTime, supersedes: others ?? [], task: work,
        onSuccess: onSuccess))
  }

  private func newTicket(_ action: RowAction, spec: Int?) -> Int {
    tickets.append(Ticket(action: action, spec: spec))
    ticketsByAction[action, default: []].append(tickets.count - 1)
    return tickets.count - 1
  }

  private func track(_ ticket: Int, _ handle: Task<Void, Never>) {
    handles[ticket] = handle
    pending += 1
    Task { [weak self] in
      await handle.value
      self?.pending -= 1
    }
  }

  private func recordAttempt(_ ticket: Int) { tickets[ticket].attempts.append(logCount) }
  private func recordDelivery(_ ticket: Int) { tickets[ticket].deliveries.append(logCount) }

  private func react(to entry: ListenerLog.Entry) {
    noteOnTimeline(entry)
    react(to: entry.key)
  }

  /// Runs the first reaction left whose trigger is `key` (`listener:action.phase`).
  private func react(to key: String) {
    guard let index = reactionsLeft.firstIndex(where: { $0.trigger == key }) else { return }
    let reaction = reactionsLeft.remove(at: index)
    firedReactions.append(reaction)
    apply(reaction.effect, in: key)
  }

  /// A dispatch whose policy supersedes may cancel the action's older runs, and one with
  /// `supersedes:` the runs of the other actions it names.
  private func noteSupersession(_ action: RowAction, _ policy: DispatchPolicy, others: [RowAction]?) {
    switch policy {
    case .cancelPrevious, .debounce: cancelCalls.append(CancelCall(action: action, description: "dispatch \(policy)"))
    default: break
    }
    for other in others ?? [] where other != action {
      cancelCalls.append(CancelCall(action: other, description: "dispatch \(action) superseding \(other)"))
    }
  }

  /// `cancel(action)` (`cancelAll()` when `nil`), then checks that what it cancelled is not
  /// loading — unless a callback it caused dispatched that action again.
  private func cancelChecked(_ action: RowAction?, in place: String) {
    guard let viewModel else { return }
    let call = action.map { "cancel(\($0))" } ?? "cancelAll()"
    cancelCalls.append(CancelCall(action: action, description: call))
    let ticketsBefore = tickets.count
    if let action { viewModel.cancel(action) } else { viewModel.cancelAll() }
    guard let viewModel = self.viewModel else { return }
    let redispatched = Set(tickets[ticketsBefore...].map(\.action))
    for checked in action.map({ [$0] }) ?? World.actions
    where viewModel.isLoading(for: checked) && !redispatched.contains(checked) {
      callProblems.append("\(call) in \(place) returned with \(checked) still loading")
    }
  }

  /// `clearError(for:)`, then checks that the error is gone.
  private func clearErrorChecked(_ action: RowAction, in place: String) {
    guard let viewModel else { return }
    viewModel.clearError(for: action)
    if viewModel.failure(for: action) != nil {
      callProblems.append("clearError(for: \(action)) in \(place) returned with the error still there")
    }
  }

  /// An effect from inside a callback: not a top-level cancel, so only the general invariants and
  /// the checks made right after each call apply.
  private func apply(_ effect: World.Effect, in place: String) {
    switch effect {
    case .dispatchQuick(let action, let policy): dispatchQuick(action, policy)
    case .dispatchSuperseding(let action, let policy, let others): dispatchQuick(action, policy, superseding: others)
    case .cancel(let action): cancelChecked(action, in: place)
    case .cancelAll: cancelChecked(nil, in: place)
    case .cancelAllThenDispatch(let action):
      cancelChecked(nil, in: place)
      dispatchQuick(action, .concurrent)
    case .clearError(let action): clearErrorChecked(action, in: place)
    case .cancelTask(let index): ticketOfSpec[index].flatMap { handles[$0] }?.cancel()
    case .dropOnToken:
      onTokenDropped = true
      harness.onToken = nil
    case .release: release()
    case .invalidate(let action): invalidate(action)
    case .dispatchFresh(let action): dispatchQuick(action, .joinRunning, staleTime: World.quickStaleTime)
    }
  }
}

/// A streaming run's elements in a world: 1 at once, 2 after the run's gate (if it has one),
/// then the end — or an error when the spec fails.
struct WorldStream: AsyncSequence, Sendable {
  let gate: Gate?
  let ignoresCancellation: Bool
  let fails: Bool

  struct AsyncIterator: AsyncIteratorProtocol {
    let stream: WorldStream
    var next = 1

    /// Runs on the iterating actor (the main actor, for a run), so an element that needs no gate
    /// never waits for a thread of the cooperative pool.
    mutating func next(isolation actor: isolated (any Actor)?) async throws(any Error) -> Int? {
      try await produce()
    }

    mutating func next() async throws -> Int? {
      try await produce()
    }

    private mutating func produce(isolation actor: isolated (any Actor)? = #isolation) async throws -> Int? {
      defer { next += 1 }
      switch next {
      case 1: return 1
      case 2:
        if let gate = stream.gate {
          if stream.ignoresCancellation { await gate.passIgnoringCancellation() } else { try await gate.pass() }
        }
        return 2
      case 3:
        if stream.fails { throw TestError(message: "the stream failed") }
        return nil
      default: return nil
      }
    }
  }

  func makeAsyncIterator() -> AsyncIterator { AsyncIterator(stream: self) }
}
