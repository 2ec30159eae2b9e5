import ActionDispatch
import ActionDispatchTesting
import Testing

/// The four paths the architecture article ("Inside the framework") describes, each run alone so
/// that `scripts/coverage-paths` can measure which source files it executes.
///
/// Each path has two tests: the path itself, and its "setup only" twin, which does everything the
/// path does except the path's own dispatch (and awaiting it). The script runs both under code
/// coverage and counts the files where some region ran more often in the path than in its twin.
/// So the twin must call the framework exactly as the path does apart from that dispatch: the
/// tests assert through the probe's hooks and closures (code of the tests), not through extra
/// calls into the framework, and they keep their view models and caches alive to the end of the
/// process (``kept``), so that no teardown, which differs with what a path left behind, is counted.
///
/// They use the default clock and executor, as an app does: a test clock's or the serial
/// executor's own code (their lock, `LockedState`) would count as the path's. Nothing here waits
/// on the clock: the stale time and the cache's timers outlast the tests.
///
/// They are real tests too: each asserts what its path does (loading, the values delivered, how
/// many times the work ran).
@MainActor
@Suite struct PathProbeTests {
  /// Every view model and cache the probes made, kept to the end of the process (see above).
  static var kept: [AnyObject] = []

  // MARK: A plain dispatch

  /// `dispatch(actionId:task:onSuccess:)`, nothing else in flight: one run, loading on and off,
  /// the value delivered to the closure.
  @Test func plainDispatch() async { await plainDispatch(runsPath: true) }

  /// The plain dispatch's setup: a view model, no dispatch.
  @Test func plainDispatchSetupOnly() async { await plainDispatch(runsPath: false) }

  /// A plain dispatch of a fresh view model, or (`runsPath` false) only the view model.
  private func plainDispatch(runsPath: Bool) async {
    let viewModel = PathProbeViewModel()
    Self.kept.append(viewModel)
    var delivered: [Int] = []
    var calls = 0
    if runsPath {
      await viewModel.dispatch(
        actionId: .load,
        task: {
          calls += 1
          return 7
        }
      ) { _, value in delivered.append(value) }.value
    }
    #expect(calls == (runsPath ? 1 : 0))
    #expect(delivered == (runsPath ? [7] : []))
    #expect(viewModel.loading == (runsPath ? [true, false] : []))
  }

  // MARK: A join

  /// A second `.joinRunning` dispatch while the action's shared run is in flight joins it: the
  /// work runs once, each caller's closure gets the value, loading goes on and off once.
  @Test func join() async { await join(runsPath: true) }

  /// The join's setup: the first caller's shared run, alone, from start to end.
  @Test func joinSetupOnly() async { await join(runsPath: false) }

  /// A shared run held in flight and, when `runsPath`, a second caller joining it.
  private func join(runsPath: Bool) async {
    let viewModel = PathProbeViewModel()
    Self.kept.append(viewModel)
    let gate = ProbeHold()
    var calls = 0
    var delivered: [String] = []
    let work: @MainActor () async throws -> Int = {
      calls += 1
      await gate.pass()
      return 7
    }
    let first = viewModel.dispatch(actionId: .load, policy: .joinRunning, task: work) { _, value in
      delivered.append("first \(value)")
    }
    await gate.firstArrival()
    let second =
      runsPath
      ? viewModel.dispatch(actionId: .load, policy: .joinRunning, task: work) { _, value in
        delivered.append("second \(value)")
      } : nil
    gate.open()
    await first.value
    await second?.value
    #expect(calls == 1, "one run, however many callers")
    #expect(delivered == (runsPath ? ["first 7", "second 7"] : ["first 7"]))
    #expect(viewModel.loading == [true, false])
  }

  // MARK: A fresh answer

  /// A dispatch with `staleTime:` within the action's last success is answered fresh: no run, no
  /// delivery, no loading.
  @Test func freshAnswer() async { await freshAnswer(runsPath: true) }

  /// The fresh answer's setup: the success that makes the action fresh.
  @Test func freshAnswerSetupOnly() async { await freshAnswer(runsPath: false) }

  /// A success within a stale time and, when `runsPath`, a dispatch within it.
  private func freshAnswer(runsPath: Bool) async {
    let viewModel = PathProbeViewModel()
    Self.kept.append(viewModel)
    var calls = 0
    var delivered = 0
    func load() -> Task<Void, Never> {
      viewModel.dispatch(
        actionId: .load, staleTime: .seconds(60),
        task: {
          calls += 1
          return calls
        }
      ) { _, _ in delivered += 1 }
    }
    await load().value
    if runsPath { await load().value }
    #expect(calls == 1 && delivered == 1, "the second dispatch starts nothing")
    #expect(viewModel.loading == [true, false], "and shows no loading")
  }

  // MARK: A query join

  /// A query dispatch of one view model joins another view model's fetch of the same key in
  /// flight on one cache: one fetch, the value delivered to both, each shows its own loading.
  @Test func queryJoin() async { await queryJoin(runsPath: true) }

  /// The query join's setup: the cache, both view models, and the first one's fetch, alone.
  @Test func queryJoinSetupOnly() async { await queryJoin(runsPath: false) }

  /// One view model's fetch held in flight and, when `runsPath`, another's dispatch joining it.
  private func queryJoin(runsPath: Bool) async {
    let cache = QueryCache()
    let list = PathProbeViewModel()
    let detail = PathProbeViewModel()
    Self.kept += [cache, list, detail]
    let key = QueryKey<String>("probe", "mona", "profile")
    let gate = ProbeHold()
    var fetches = 0
    var delivered: [String] = []
    func show(_ viewModel: PathProbeViewModel, _ name: String) -> Task<Void, Never> {
      viewModel.dispatch(
        actionId: .load, query: key, in: cache,
        task: {
          fetches += 1
          await gate.pass()
          return "MONA"
        }
      ) { _, value in delivered.append("\(name) \(value)") }
    }
    let listRun = show(list, "list")
    await gate.firstArrival()
    let detailRun = runsPath ? show(detail, "detail") : nil
    gate.open()
    await listRun.value
    await detailRun?.value
    #expect(fetches == 1, "one fetch for both")
    // Each run delivers when its task resumes; the two view models' runs may resume in either order.
    #expect(delivered.sorted() == (runsPath ? ["detail MONA", "list MONA"] : ["list MONA"]))
    #expect(list.loading == [true, false])
    #expect(detail.loading == (runsPath ? [true, false] : []), "each view model shows its own loading")
  }
}

/// Holds the probes' work in flight until it is opened, on the main actor alone, with no lock and
/// no polling: `Gate` waits for arrivals by polling under a lock, whose code would run a
/// different number of times in a probe and its twin, and so count as the path's.
@MainActor
final class ProbeHold {
  /// The work waiting to pass.
  private var waiting: [CheckedContinuation<Void, Never>] = []
  /// Who waits for the first arrival.
  private var arrival: CheckedContinuation<Void, Never>?
  /// How many have arrived.
  private var arrivals = 0

  /// Arrives and waits until ``open()``.
  func pass() async {
    arrivals += 1
    arrival?.resume()
    arrival = nil
    await withCheckedContinuation { waiting.append($0) }
  }

  /// Returns once something has arrived.
  func firstArrival() async {
    guard arrivals == 0 else { return }
    await withCheckedContinuation { arrival = $0 }
  }

  /// Lets everything waiting pass.
  func open() {
    let waiting = self.waiting
    self.waiting = []
    for continuation in waiting { continuation.resume() }
  }
}

/// The probes' view model: it records loading through the hook an app would use, and leaves the
/// other hooks to `BaseViewModel`, as a plain subclass does.
@MainActor
final class PathProbeViewModel: BaseViewModel<TestAction> {
  /// Every `onStatusUpdate` for any action, in order.
  var loading: [Bool] = []

  override func onStatusUpdate(actionId: TestAction, isLoading: Bool) {
    loading.append(isLoading)
  }
}
