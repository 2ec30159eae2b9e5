#if canImport(Testing)
  import ActionDispatch
  import Testing
  #if canImport(XCTest)
    import Foundation
  #endif

  /// Makes a view model's test as strict as TCA's `TestStore`: the test fails when it ends with
  /// work left running and, in the exhaustive mode (the default), when it leaves an observable
  /// change unasserted.
  ///
  /// Wrap the view model; act through `send`, which
  /// records where each run was dispatched; check with ``expect(_:fileID:filePath:line:column:)``.
  ///
  /// ```swift
  /// @MainActor
  /// @Suite(.serialExecutor, .strict)
  /// struct InboxViewModelTests {
  ///   @Test func load() async {
  ///     let service = MockInboxService()
  ///     service.issuesStub.succeed(with: ["#1"])
  ///     let harness = StrictHarness(InboxViewModel(service: service))
  ///
  ///     let run = harness.send { $0.load() }
  ///     harness.expect(.startedLoading(.load))
  ///     await run.value
  ///     harness.expect(.set(\.issues, to: ["#1"]), .stoppedLoading(.load))
  ///   }
  /// }
  /// ```
  ///
  /// **When it finishes.** In a Swift Testing suite with the ``StrictTrait/strict`` trait every
  /// harness is finished when its test returns. In an `XCTestCase` a harness finishes itself
  /// when the test case tears down, and reports through XCTest. Elsewhere, call
  /// ``finish(fileID:filePath:line:column:)`` last.
  ///
  /// **Work left running.** When the test ends, every dispatch that has not ended — a run in
  /// flight, a debounce whose quiet period has not passed, an `.enqueue` run waiting for its
  /// turn, a dispatch a throttle holds — fails it, one issue per dispatch, recorded at the line
  /// of the `send` that dispatched it. A test that means to leave an action running (a live
  /// feed) says so with ``expectStillRunning(_:)``. The harness then cancels what is left, so no
  /// work outlives the test.
  ///
  /// **Exhaustive: how changes group.** With ``Strictness/exhaustive`` the harness reads the
  /// view model — each action's `isLoading(for:)` and `errorMessage(for:)`, and each property
  /// its `@Observable` macro tracks — at each lifecycle event of a run (`started`, `succeeded`,
  /// `failed`, `cancelled`, `dropped`, `joined`, `fresh`) and at each step of the test (the
  /// start and end of a `send`, each `expect`, the test's end). Every change since the reading
  /// before forms one group, so a group is what one event (or one stretch of the test's own
  /// code) changed: for a plain run, its `started` group (`isLoading` turns `true`, an old
  /// error is cleared) and its end's group (what its success handler set, `isLoading` turns
  /// `false`). Each ``expect(_:fileID:filePath:line:column:)`` names the changes of the next group not yet
  /// asserted, in any order within it; groups are asserted in the order they happened. What a
  /// method sets before it dispatches joins the run's `started` group; what it sets after, a
  /// group of its own at the end of the `send`. An optimistic change's rollback is in the group
  /// of the failure or cancel that caused it; a refetch an invalidation starts makes groups of
  /// its own, reported at the `send` of the mutation. The
  /// grouping depends on what happened, not on when the test looks: awaiting the run inside
  /// the `send` or after it, or asserting the start before or after awaiting, gives the same
  /// groups. A change no one asserted fails the test, reported at the `send` that caused it:
  /// `2 changes not asserted after send at InboxTests.swift:14`, with each change as
  /// `key: old → new` (a collection's elements that changed listed below it; long values cut).
  ///
  /// Both checks read state only, so they are as deterministic as the test: run it on the
  /// ``SerialExecutorTrait/serialExecutor`` (in XCTest, inside ``withSerialExecutor(isolation:_:)``).
  @MainActor
  public final class StrictHarness<ActionId: ActionIdType, Model: BaseViewModel<ActionId>> {
    /// The view model under test.
    public let viewModel: Model
    /// What the harness asks of the test.
    public let strictness: Strictness

    /// One group of changes not asserted yet: what one event, or one stretch of the test's own
    /// code, changed.
    struct Group {
      /// What the group followed, for a message: `succeeded(.load), run 2`.
      var moment: String
      /// The `send` that caused it; `nil` before the first.
      var site: CallSite?
      var changes: [StateSnapshot.Change]
    }

    /// The groups not asserted yet (exhaustive mode only).
    var unasserted: [Group] = []
    /// The last snapshot taken.
    private var snapshot: StateSnapshot
    /// The actions seen so far, in order.
    private var actions: [ActionId] = []
    /// Where each run that started since the harness was made was dispatched, and whether
    /// during that step (`at`) or after it, by a callback or a hop (`after`).
    private var sites: [UInt64: (location: CallSite, during: Bool)] = [:]
    /// The `send` under way, or the last one; `nil` before the first.
    private var step: (site: CallSite?, isUnderWay: Bool) = (nil, false)
    /// Where the harness was made.
    let madeAt: CallSite
    /// Where its failures go.
    let reporter: FailureReporter
    /// Actions the test expects to be still running when it ends.
    private var stillRunning: Set<ActionId> = []
    private var token: ObservationToken?
    private var isFinished = false
    /// Whether nothing finishes the harness but its release (the first XCTest test of a process).
    private var finishesWhenReleased = false

    /// Starts watching a view model.
    ///
    /// - Parameters:
    ///   - viewModel: The view model under test; the harness keeps it.
    ///   - strictness: What the harness asks; by default the suite's ``StrictTrait``'s, else
    ///     ``Strictness/exhaustive``.
    ///   - fileID: Filled in for you: the file a failure points to.
    ///   - filePath: Filled in for you: that file's path, for XCTest.
    ///   - line: Filled in for you: the line a failure points to.
    ///   - column: Filled in for you: the column a failure points to.
    public convenience init(
      _ viewModel: Model, strictness: Strictness? = nil,
      fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) {
      self.init(
        viewModel, strictness: strictness, reporter: nil, fileID: fileID, filePath: filePath, line: line, column: column
      )
    }

    /// Starts watching a view model, recording failures with `reporter` (the package's own
    /// tests of the messages) instead of the test framework's.
    ///
    /// - Parameters:
    ///   - viewModel: The view model under test.
    ///   - strictness: What the harness asks.
    ///   - reporter: Where failures go; `nil` for the running test's framework.
    ///   - fileID: Where the harness is made.
    ///   - filePath: Where the harness is made.
    ///   - line: Where the harness is made.
    ///   - column: Where the harness is made.
    package init(
      _ viewModel: Model, strictness: Strictness? = nil, reporter: FailureReporter?,
      fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) {
      let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
      self.viewModel = viewModel
      let scope = StrictScope.current
      self.strictness = strictness ?? scope?.strictness ?? .exhaustive
      self.madeAt = site
      self.reporter = reporter ?? .current
      self.snapshot = StateSnapshot(of: viewModel, actions: [])
      token = viewModel.observeEvents { [weak self] event in self?.heard(event) }
      if let scope {
        // Held strongly: the test's own reference is gone by the time the trait finishes it.
        scope.register { self.finish(at: site) }
      } else if Test.current == nil {
        #if canImport(XCTest)
          // Held strongly by the teardown block, for the same reason.
          let registered = XCTestSupport.finishAtTeardown { self.finish(at: site) }
          finishesWhenReleased = !registered
        #endif
      }
    }

    deinit {
      #if canImport(XCTest)
        // The first XCTest test of a process (see `XCTestSupport`): finish where the test lets go.
        guard finishesWhenReleased, Thread.isMainThread else { return }
        MainActor.assumeIsolated { finish(at: madeAt) }
      #endif
    }

    /// Acts on the view model, recording this line as where every run it dispatches was dispatched.
    ///
    /// ```swift
    /// let run = harness.send { $0.load() }
    /// ```
    ///
    /// - Parameters:
    ///   - fileID: Filled in for you: the file a failure points to.
    ///   - filePath: Filled in for you: that file's path, for XCTest.
    ///   - line: Filled in for you: the line a failure points to.
    ///   - column: Filled in for you: the column a failure points to.
    ///   - body: Calls the view model; what it returns is returned, typically the run's task.
    /// - Returns: What `body` returns.
    /// - Throws: What `body` throws.
    @discardableResult
    public func send<Result>(
      fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column,
      _ body: (Model) throws -> Result
    ) rethrows -> Result {
      let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
      beginStep(at: site)
      defer { endStep(at: site) }
      return try body(viewModel)
    }

    /// Acts on the view model and awaits what `body` awaits, recording this line as where every
    /// run dispatched meanwhile was dispatched.
    ///
    /// ```swift
    /// await harness.send { await $0.refreshAndWait() }
    /// ```
    ///
    /// Changes group as they do around the synchronous form: by lifecycle event, so awaiting
    /// inside the step or after it makes no difference to the ``expect(_:fileID:filePath:line:column:)``s.
    ///
    /// - Parameters:
    ///   - fileID: Filled in for you: the file a failure points to.
    ///   - filePath: Filled in for you: that file's path, for XCTest.
    ///   - line: Filled in for you: the line a failure points to.
    ///   - column: Filled in for you: the column a failure points to.
    ///   - body: Calls the view model and awaits.
    /// - Returns: What `body` returns.
    /// - Throws: What `body` throws.
    @discardableResult
    public func send<Result>(
      fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column,
      _ body: (Model) async throws -> Result
    ) async rethrows -> Result {
      let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
      beginStep(at: site)
      defer { endStep(at: site) }
      return try await body(viewModel)
    }

    /// Checks observable changes.
    ///
    /// In the exhaustive mode, `changes` must be exactly the changes of the next group not
    /// asserted yet (see "how changes group" above), in any order within it; anything else
    /// fails the test with the diff. In the other mode, each of `changes` must hold now.
    ///
    /// - Parameters:
    ///   - changes: The changes, such as `.startedLoading(.load)` or `.set(\.issues, to: ["#1"])`.
    ///   - fileID: Filled in for you: the file a failure points to.
    ///   - filePath: Filled in for you: that file's path, for XCTest.
    ///   - line: Filled in for you: the line a failure points to.
    ///   - column: Filled in for you: the column a failure points to.
    public func expect(
      _ changes: Change...,
      fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) {
      let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
      takeSnapshot(after: "the test's code before the expect at \(site)", site: step.site)
      guard strictness == .exhaustive else {
        let unmet = changes.filter { !holdsNow($0) }
        if !unmet.isEmpty {
          reporter.record(
            "Expected \(unmet.map { $0.describe(in: viewModel) }.joined(separator: ", ")), but it does not hold now.",
            site)
        }
        return
      }
      guard !unasserted.isEmpty else {
        if !changes.isEmpty {
          reporter.record(
            "Expected \(changes.map { $0.describe(in: viewModel) }.joined(separator: ", ")), "
              + "but nothing changed since the last expectation.",
            site)
        }
        return
      }
      let group = unasserted.removeFirst()
      var left = group.changes
      var missing: [Change] = []
      for change in changes {
        if let index = left.firstIndex(where: { matches(change, $0) }) {
          left.remove(at: index)
        } else {
          missing.append(change)
        }
      }
      guard !missing.isEmpty || !left.isEmpty else { return }
      var counts: [String] = []
      if !missing.isEmpty { counts.append("\(Self.count(missing.count, "expected change")) did not happen") }
      if !left.isEmpty { counts.append("\(Self.count(left.count, "change")) not asserted") }
      var lines = [
        "expect does not match the changes \(Self.describe(group)): \(counts.joined(separator: ", "))"
      ]
      lines += missing.map { "  − expected, did not happen:  \($0.describe(in: viewModel))" }
      lines += left.flatMap { change in
        change.lines.enumerated().map { $0.offset == 0 ? "  + happened, not asserted:     \($0.element)" : $0.element }
      }
      if !unasserted.isEmpty {
        lines.append("  (\(Self.count(unasserted.count, "later group")) of changes not asserted yet)")
      }
      reporter.record(lines.joined(separator: "\n"), site)
    }

    /// Forgets the changes not asserted yet, for a test that does not care how it got where it is.
    public func skipChanges() {
      takeSnapshot(after: "skipping", site: step.site)
      unasserted.removeAll()
    }

    /// Says that the test expects these actions to be still running when it ends, so that is no
    /// failure; the harness cancels them when it finishes.
    ///
    /// - Parameter actionIds: The actions, such as a live feed.
    public func expectStillRunning(_ actionIds: ActionId...) {
      stillRunning.formUnion(actionIds)
    }

    /// Ends the test's checks: fails it for each dispatch that has not ended and, in the
    /// exhaustive mode, for the changes not asserted; then cancels what is left. A second call
    /// does nothing. The ``StrictTrait`` calls it when the test returns, and in XCTest the
    /// harness calls it when the test case tears down.
    ///
    /// - Parameters:
    ///   - fileID: Filled in for you: the file a failure points to.
    ///   - filePath: Filled in for you: that file's path, for XCTest.
    ///   - line: Filled in for you: the line a failure points to.
    ///   - column: Filled in for you: the column a failure points to.
    public func finish(
      fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) {
      finish(at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
    }

    // MARK: - Internal

    private func finish(at end: CallSite) {
      guard !isFinished else { return }
      isFinished = true
      takeSnapshot(after: "the test's code after its last step", site: step.site)
      for pending in viewModel.pendingWork() where !stillRunning.contains(pending.actionId) {
        let site = sites[pending.run]
        let dispatched =
          site.map { ($0.during ? "at " : "after the step at ") + $0.location.description }
          ?? "before the harness was made"
        reporter.record(
          "The test ended with \(Self.describe(pending.actionId)) still running: run \(pending.run), "
            + "\(Self.describe(pending.stage)), dispatched \(dispatched). Await its task, drive the clock past its "
            + "wait, or cancel it; if the test means to leave it running, say so with "
            + "expectStillRunning(.\(pending.actionId)).",
          site?.location ?? end)
      }
      if strictness == .exhaustive { reportUnasserted(endingAt: end) }
      token?.cancel()
      token = nil
      viewModel.cancelAll()
    }

    private func beginStep(at location: CallSite) {
      takeSnapshot(after: "the test's code before the send at \(location.description)", site: step.site)
      step = (location, true)
    }

    private func endStep(at location: CallSite) {
      step.isUnderWay = false
      takeSnapshot(after: "the send's own code", site: location)
    }

    private func heard(_ event: ActionEvent<ActionId>) {
      if !actions.contains(event.actionId) { actions.append(event.actionId) }
      if event.kind == .started {
        sites[event.run] = (step.site ?? madeAt, step.isUnderWay)
      }
      // A run dispatched before the first `send` has no `send` to point at.
      let site = sites[event.run].map { $0.location == madeAt && step.site == nil ? nil : $0.location } ?? step.site
      if event.isTerminal { sites[event.run] = nil }
      takeSnapshot(after: "\(event.kind)(.\(event.actionId)), run \(event.run)", site: site)
    }

    private func takeSnapshot(after moment: String, site: CallSite?) {
      let now = StateSnapshot(of: viewModel, actions: actions)
      let changes = now.changes(since: snapshot)
      snapshot = now
      if strictness == .exhaustive, !changes.isEmpty {
        unasserted.append(Group(moment: moment, site: site, changes: changes))
      }
    }

    private func matches(_ expected: Change, _ actual: StateSnapshot.Change) -> Bool {
      guard expected.value == actual.new.text else { return false }
      if let key = expected.key { return key == actual.key }
      return expected.propertyNames?(viewModel).contains(actual.key) ?? false
    }

    private func holdsNow(_ change: Change) -> Bool {
      if let key = change.key { return snapshot.value(of: key)?.text == change.value }
      return change.currentValue?(viewModel) == change.value
    }
  }
#endif
