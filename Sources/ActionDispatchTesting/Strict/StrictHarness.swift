#if canImport(Testing)
  import ActionDispatch
  import Testing

  /// Makes a view model's test as strict as TCA's `TestStore`: the test fails when it ends with
  /// work left running and, in the exhaustive mode, when it leaves an observable change unasserted.
  ///
  /// Wrap the view model; act through ``send(sourceLocation:_:)``, which records where each run
  /// was dispatched; check with ``expect(_:sourceLocation:)``. In a suite with the
  /// ``StrictTrait/strict`` trait every harness is finished when its test returns; elsewhere, call
  /// ``finish(sourceLocation:)`` last.
  ///
  /// ```swift
  /// @MainActor
  /// @Suite(.serialExecutor, .strict(.exhaustive))
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
  /// **Work left running.** When the test ends, every dispatch that has not ended — a run in
  /// flight, a debounce whose quiet period has not passed, an `.enqueue` run waiting for its
  /// turn, a dispatch a throttle holds — fails it, one issue per dispatch, recorded at the line
  /// of the ``send(sourceLocation:_:)`` that dispatched it. A test that means to leave an action
  /// running (a live feed) says so with ``expectStillRunning(_:)``. The harness then cancels what
  /// is left, so no work outlives the test.
  ///
  /// **Exhaustive.** With ``Strictness/exhaustive``, the harness takes a snapshot of the view
  /// model at each of its lifecycle events and at each step of the test: each action's
  /// `isLoading(for:)` and `errorMessage(for:)`, and each property the view model's
  /// `@Observable` macro tracks. Each ``expect(_:sourceLocation:)`` must name exactly the
  /// changes of the next snapshot that differs from the one before, in order; whatever the test
  /// did not assert fails it with a diff, `key: old → new`.
  ///
  /// Both checks read state only, so they are as deterministic as the test: run it on the
  /// ``SerialExecutorTrait/serialExecutor``.
  @MainActor
  public final class StrictHarness<ActionId: ActionIdType, Model: BaseViewModel<ActionId>> {
    /// The view model under test.
    public let viewModel: Model
    /// What the harness asks of the test.
    public let strictness: Strictness

    /// The snapshots that differ from the one before, not asserted yet (exhaustive mode only).
    private var unasserted: [(moment: String, changes: [StateSnapshot.Change])] = []
    /// The last snapshot taken.
    private var snapshot: StateSnapshot
    /// The actions seen so far, in order.
    private var actions: [ActionId] = []
    /// Where each run that started since the harness was made was dispatched, and whether
    /// during that step (`at`) or after it, by a callback or a hop (`after`).
    private var sites: [UInt64: (location: SourceLocation, during: Bool)] = [:]
    /// The step under way (a ``send(sourceLocation:_:)``), or the last one.
    private var step: (site: SourceLocation, isUnderWay: Bool)
    /// Actions the test expects to be still running when it ends.
    private var stillRunning: Set<ActionId> = []
    private var token: ObservationToken?
    private var isFinished = false

    /// Starts watching a view model.
    ///
    /// - Parameters:
    ///   - viewModel: The view model under test; the harness keeps it.
    ///   - strictness: What the harness asks; by default the suite's ``StrictTrait``'s, else
    ///     ``Strictness/workMustEnd``.
    ///   - sourceLocation: Where the harness is made; filled in for you.
    public init(_ viewModel: Model, strictness: Strictness? = nil, sourceLocation: SourceLocation = #_sourceLocation) {
      self.viewModel = viewModel
      let scope = StrictScope.current
      self.strictness = strictness ?? scope?.strictness ?? .workMustEnd
      self.step = (sourceLocation, false)
      self.snapshot = StateSnapshot(of: viewModel, actions: [])
      token = viewModel.observeEvents { [weak self] event in self?.heard(event) }
      // Held strongly: the test's own reference is gone by the time the trait finishes it.
      scope?.register { self.finish(sourceLocation: sourceLocation) }
    }

    /// Acts on the view model, recording this line as where every run it dispatches was dispatched.
    ///
    /// ```swift
    /// await harness.send { $0.load() }.value
    /// ```
    ///
    /// - Parameters:
    ///   - sourceLocation: Where the test acts; filled in for you.
    ///   - body: Calls the view model; what it returns is returned, typically the run's task.
    /// - Returns: What `body` returns.
    /// - Throws: What `body` throws.
    @discardableResult
    public func send<Result>(
      sourceLocation: SourceLocation = #_sourceLocation, _ body: (Model) throws -> Result
    ) rethrows -> Result {
      takeSnapshot(after: "the test's step before \(Self.describe(sourceLocation))")
      step = (sourceLocation, true)
      defer {
        step.isUnderWay = false
        takeSnapshot(after: "the step at \(Self.describe(sourceLocation))")
      }
      return try body(viewModel)
    }

    /// Checks observable changes.
    ///
    /// In the exhaustive mode, `changes` must be exactly the changes of the next snapshot not
    /// asserted yet, in any order within it; anything else fails the test with the diff. In the
    /// other mode, each of `changes` must hold now.
    ///
    /// - Parameters:
    ///   - changes: The changes, such as `.startedLoading(.load)` or `.set(\.issues, to: ["#1"])`.
    ///   - sourceLocation: Where the test checks; filled in for you.
    public func expect(_ changes: Change..., sourceLocation: SourceLocation = #_sourceLocation) {
      takeSnapshot(after: "the step before \(Self.describe(sourceLocation))")
      guard strictness == .exhaustive else {
        let unmet = changes.filter { !holdsNow($0) }
        if !unmet.isEmpty {
          Issue.record(
            "Expected \(unmet.map(\.description).joined(separator: ", ")), but it does not hold now.",
            sourceLocation: sourceLocation)
        }
        return
      }
      guard !unasserted.isEmpty else {
        if !changes.isEmpty {
          Issue.record(
            Comment(
              rawValue:
                "Expected \(changes.map(\.description).joined(separator: ", ")), but nothing changed since the last expectation."
            ),
            sourceLocation: sourceLocation)
        }
        return
      }
      let (moment, actual) = unasserted.removeFirst()
      var left = actual
      var missing: [Change] = []
      for change in changes {
        if let index = left.firstIndex(where: { matches(change, $0) }) {
          left.remove(at: index)
        } else {
          missing.append(change)
        }
      }
      guard !missing.isEmpty || !left.isEmpty else { return }
      var lines = ["The changes after \(moment) are not the ones expected:"]
      lines += missing.map { "  − expected, did not happen:  \($0.description)" }
      lines += left.map { "  + happened, not asserted:     \($0)" }
      if !unasserted.isEmpty { lines.append("  (\(unasserted.count) later change set(s) not asserted yet)") }
      Issue.record(Comment(rawValue: lines.joined(separator: "\n")), sourceLocation: sourceLocation)
    }

    /// Forgets the changes not asserted yet, for a test that does not care how it got where it is.
    public func skipChanges() {
      takeSnapshot(after: "skipping")
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
    /// exhaustive mode, for each change not asserted; then cancels what is left. A second call
    /// does nothing. The ``StrictTrait`` calls it when the test returns.
    ///
    /// - Parameter sourceLocation: Where the test ends; filled in for you.
    public func finish(sourceLocation: SourceLocation = #_sourceLocation) {
      guard !isFinished else { return }
      isFinished = true
      takeSnapshot(after: "the test's last step")
      for pending in viewModel.pendingWork() where !stillRunning.contains(pending.actionId) {
        let site = sites[pending.run]
        let dispatched =
          site.map { ($0.during ? "at " : "after the step at ") + Self.describe($0.location) }
          ?? "before the harness was made"
        Issue.record(
          Comment(
            rawValue: "The test ended with \(Self.describe(pending.actionId)) still running: run \(pending.run), "
              + "\(Self.describe(pending.stage)), dispatched \(dispatched). Await its task, drive the clock past its "
              + "wait, or cancel it; if the test means to leave it running, say so with "
              + "expectStillRunning(.\(pending.actionId))."),
          sourceLocation: site?.location ?? sourceLocation)
      }
      if strictness == .exhaustive {
        for (moment, changes) in unasserted {
          Issue.record(
            Comment(
              rawValue: (["The test ended without asserting the changes after \(moment):"]
                + changes.map { "  + \($0)" }).joined(separator: "\n")),
            sourceLocation: sourceLocation)
        }
        unasserted.removeAll()
      }
      token?.cancel()
      token = nil
      viewModel.cancelAll()
    }

    // MARK: - Internal

    private func heard(_ event: ActionEvent<ActionId>) {
      if !actions.contains(event.actionId) { actions.append(event.actionId) }
      if event.kind == .started {
        sites[event.run] = (step.site, step.isUnderWay)
      } else if event.isTerminal {
        sites[event.run] = nil
      }
      takeSnapshot(after: "\(event.kind)(\(event.actionId)), run \(event.run)")
    }

    private func takeSnapshot(after moment: String) {
      let now = StateSnapshot(of: viewModel, actions: actions)
      let changes = now.changes(since: snapshot)
      snapshot = now
      if strictness == .exhaustive, !changes.isEmpty { unasserted.append((moment, changes)) }
    }

    private func matches(_ expected: Change, _ actual: StateSnapshot.Change) -> Bool {
      guard expected.value == actual.new else { return false }
      if let key = expected.key { return key == actual.key }
      // A property: the key path's value now must be that property's value now.
      return expected.currentValue?(viewModel) == snapshot.value(of: actual.key)
    }

    private func holdsNow(_ change: Change) -> Bool {
      if let key = change.key { return snapshot.value(of: key) == change.value }
      return change.currentValue?(viewModel) == change.value
    }

    private static func describe(_ location: SourceLocation) -> String {
      "\(location.fileName):\(location.line)"
    }

    private static func describe(_ actionId: ActionId) -> String {
      ".\(actionId)"
    }

    private static func describe(_ stage: PendingDispatch<ActionId>.Stage) -> String {
      switch stage {
      case .inFlight: "in flight (its work, a debounce's quiet period, a retry's backoff or its timeout)"
      case .waitingForTurn: "queued behind an earlier run (.enqueue)"
      case .heldByThrottle: "held by a throttle until its window closes"
      }
    }
  }
#endif
