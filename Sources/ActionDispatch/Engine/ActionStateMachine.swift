/// One action's runs and throttle window, and the one place a ``DispatchPolicy`` is read.
///
/// A value in the shape of swift-async-algorithms' state machines: each event (a dispatch, a
/// run's end, a window closing, a cancel, an invalidation) changes the state and returns what the
/// owner must do — start a run, hold or drop a dispatch, retire runs, wake a
/// run whose turn came, set the action loading or idle, answer fresh, mark a success fresh.
/// ``ActionEngine`` carries those actions out, and ``DeliveryOrder`` decides when their
/// notifications reach listeners; nothing here touches a task, a clock or a listener. Beyond its
/// own value it writes three fields of what it holds: a run's place in the order
/// (``Run/position``), whether a run's success marks the action fresh (``Run/marksFresh``) and a
/// throttle window's held dispatch (``ThrottleWindow/held``).
struct ActionStateMachine {
  /// When an accepted run's work starts.
  enum Start: Equatable {
    /// At once.
    case now
    /// When every older live run of the action has ended.
    case afterPredecessors
    /// After a quiet period on the view model's clock.
    case afterQuietPeriod(Duration)
  }

  /// What a dispatch asks for: everything that decides what it does, read in ``dispatch(_:)`` alone.
  struct Request {
    /// What to do with the action's runs in flight.
    var policy: DispatchPolicy
    /// Whether the dispatch, once it is a run, ends the runs of other actions (its `supersedes:`).
    var supersedesOtherActions = false
    /// The dispatch's `staleTime:`, when it gave one.
    var staleTime: Duration?
    /// How long ago the action's last success was, when it is remembered (see ``FreshMarks``).
    var sinceLastSuccess: Duration?

    /// Whether the dispatch finds the action fresh: it gave a `staleTime`, and the action's
    /// last success was less than that long ago.
    var findsFresh: Bool {
      guard let staleTime, let sinceLastSuccess else { return false }
      return sinceLastSuccess < staleTime
    }
  }

  /// What to do with a dispatch.
  enum DispatchAction {
    /// Answer it from the action's last success: it starts no run, calls no closure, emits
    /// `fresh`, and its task is already complete.
    case fresh
    /// Join the run in flight (``DispatchPolicy/joinRunning``), as one more of its callers: the
    /// dispatch shares its result.
    case join(Run, SharedRun)
    /// Drop it: it emits `dropped` and its task completes at once.
    case drop
    /// Hold it until the throttle window closes (see ``hold(_:)``); it is not a run yet.
    case hold
    /// Accept it as a run (see ``accept(_:supersedes:)``): its work starts at `start`; the
    /// action's runs in flight end as cancelled when `supersedes`; `opensWindow` is the throttle
    /// interval it opens; `supersedesOtherActions`: the runs of the other actions it names end
    /// as cancelled (see ``supersededByAnotherAction(sparing:)``); `shared`: callers may join it
    /// (``DispatchPolicy/joinRunning``).
    case start(Start, supersedes: Bool, opensWindow: Duration?, supersedesOtherActions: Bool, shared: Bool = false)
  }

  // The state below is changed by the machine's events alone (here, `+Throttle` and `+Endings`);
  // the engine only reads it.

  /// The runs accepted and not yet retired, oldest first.
  var runs = RunOrder()
  /// The open throttle window, while a throttled run started less than its interval ago.
  var window: ThrottleWindow?

  /// Whether the action is loading, as its views read it: from the acceptance of a run while it
  /// was idle (``accept(_:supersedes:)`` answers `becameLoading`) until ``goesIdle`` says nothing
  /// holds it any more. Changed only by ``setLoading(_:)``, which the engine calls as those
  /// answers say, telling the views around the change.
  var isLoading = false
  /// The run whose result (value or error) is being delivered: it has ended, but the action counts
  /// it as loading until its result handlers have run (``resultDelivered(_:)``).
  var resultInDelivery: Run?

  /// Whether the action has nothing live: no run, no result being delivered, no throttle window,
  /// and it is not loading.
  var isEmpty: Bool { runs.isEmpty && window == nil && !isLoading && resultInDelivery == nil }

  /// Whether the action stops loading now: it is loading, and no run and no result being
  /// delivered hold it. The engine then calls ``setLoading(_:)`` with `false`: each `true` gets
  /// one `false`.
  var goesIdle: Bool { isLoading && runs.isEmpty && resultInDelivery == nil }

  /// Records the loading state the machine's answers decided: `true` after `becameLoading`,
  /// `false` after ``goesIdle``.
  mutating func setLoading(_ isLoading: Bool) {
    self.isLoading = isLoading
  }

  /// Decides what a dispatch does.
  ///
  /// A dispatch supersedes other actions only when it becomes a run: one that is dropped
  /// supersedes nothing, and one that is held supersedes when it starts. Freshness comes first:
  /// a dispatch that finds the action fresh is answered so whatever the policy and the runs in
  /// flight, and a failure, a cancellation or a superseded run never made it fresh (only a
  /// success leaves a mark).
  func dispatch(_ request: Request) -> DispatchAction {
    if request.findsFresh { return .fresh }
    let others = request.supersedesOtherActions
    switch request.policy {
    case .concurrent:
      return .start(.now, supersedes: false, opensWindow: nil, supersedesOtherActions: others)
    case .cancelPrevious:
      return .start(.now, supersedes: true, opensWindow: nil, supersedesOtherActions: others)
    case .ignoreWhileRunning:
      guard runs.isEmpty else { return .drop }
      return .start(.now, supersedes: false, opensWindow: nil, supersedesOtherActions: others)
    case .enqueue:
      let start: Start = runs.isEmpty ? .now : .afterPredecessors
      return .start(start, supersedes: false, opensWindow: nil, supersedesOtherActions: others)
    case .debounce(let quiet):
      return .start(.afterQuietPeriod(quiet), supersedes: true, opensWindow: nil, supersedesOtherActions: others)
    case .throttle(let interval):
      guard window == nil else { return .hold }
      return .start(.now, supersedes: false, opensWindow: interval, supersedesOtherActions: others)
    case .joinRunning:
      // Only a run that `.joinRunning` started is shared: another policy's run belongs to its caller.
      if let newest = runs.newest, let shared = newest.shared { return .join(newest, shared) }
      return .start(.now, supersedes: false, opensWindow: nil, supersedesOtherActions: others, shared: true)
    }
  }

  /// Adds an accepted run as the newest.
  ///
  /// - Returns: The runs it supersedes, when its dispatch said so, oldest first; and whether the
  ///   action becomes loading with it (it was idle).
  mutating func accept(_ run: Run, supersedes: Bool) -> (superseded: [Run], becameLoading: Bool) {
    let superseded = supersedes ? runs.all : []
    runs.append(run)
    return (superseded, !isLoading)
  }

  /// A run was retired: it leaves the order. A run that succeeded or failed has a result to
  /// deliver (`deliveringResult`): it holds the action loading until ``resultDelivered(_:)``.
  ///
  /// - Returns: The run whose turn came, when the retired run was the oldest (an `.enqueue`
  ///   run waiting for its predecessors wakes then).
  mutating func runEnded(_ run: Run, deliveringResult: Bool) -> Run? {
    let wasOldest = runs.oldest === run
    runs.remove(run)
    if deliveringResult { resultInDelivery = run }
    return wasOldest ? runs.oldest : nil
  }

  /// The result of `run` has reached its handlers.
  ///
  /// - Returns: Whether `run`'s result was the one being delivered (a cancel from one of its
  ///   handlers ended that already, see ``cancel()``); ``goesIdle`` then says whether the action
  ///   stops loading.
  mutating func resultDelivered(_ run: Run) -> Bool {
    guard resultInDelivery === run else { return false }
    resultInDelivery = nil
    return true
  }

  /// Whether `run`'s success makes the action fresh (for `staleTime:`): it does unless the action
  /// was invalidated while the run was in flight (``invalidate()``), since the run may have read
  /// what the change that invalidated it replaced.
  func successMarksFresh(_ run: Run) -> Bool {
    run.marksFresh
  }

}

/// The live runs of one action in dispatch order.
///
/// An array of slots with a moving head: a run keeps its slot's position, so appending, removing
/// any run and finding the oldest are O(1) (amortized) whatever the number in flight.
/// Removing a run leaves an empty slot; the head and the tail skip past empty slots, and the
/// slots are compacted once the empty ones outnumber the live ones. No run's neighbours are
/// touched, and no array is shifted per run.
///
/// A lone run is kept out of the array: most actions (a keyed row's, a button's) have one run
/// at a time, and an array would cost them an allocation and its release per run.
struct RunOrder {
  /// The only live run, while the slots are empty; a second run moves it into them.
  private var lone: Run?
  /// The runs, oldest first; `nil` where a run was removed. Empty while there is a lone run.
  private var slots: ContiguousArray<Run?> = []
  /// The index of the oldest live run's slot, or `slots.count` when there is none.
  private var head = 0
  /// How many runs are live.
  private(set) var count = 0

  var isEmpty: Bool { count == 0 }

  /// The oldest live run.
  var oldest: Run? { lone ?? (head < slots.count ? slots[head] : nil) }

  /// The newest live run: the last slot is always live (``remove(_:)`` trims empty ones).
  var newest: Run? { lone ?? slots.last ?? nil }

  /// Appends a run as the newest.
  mutating func append(_ run: Run) {
    if count == 0 {
      // Empty, so the slots are too (`remove` empties them with the last run).
      run.position = 0
      lone = run
      count = 1
      return
    }
    if let lone {
      slots.append(lone)  // its position, 0, is its slot's
      self.lone = nil
    }
    run.position = slots.count
    slots.append(run)
    count += 1
  }

  /// Removes a live run from anywhere in the order.
  mutating func remove(_ run: Run) {
    if let lone {
      precondition(lone === run, "removed a run that is not live in this order")
      self.lone = nil
      count = 0
      return
    }
    let index = run.position
    precondition(
      index >= head && index < slots.count && slots[index] === run, "removed a run that is not live in this order")
    slots[index] = nil
    count -= 1
    if count == 0 {
      slots.removeAll(keepingCapacity: true)
      head = 0
      return
    }
    if index == head {
      repeat { head += 1 } while slots[head] == nil
    }
    if index == slots.count - 1 {
      repeat { slots.removeLast() } while slots[slots.count - 1] == nil
    }
    if slots.count - count > max(count, 32) { compact() }
  }

  /// Moves the live runs to the front, in order, and gives them their new positions.
  private mutating func compact() {
    var live = 0
    for index in head..<slots.count {
      guard let run = slots[index] else { continue }
      slots[live] = run
      run.position = live
      live += 1
    }
    slots.removeLast(slots.count - live)
    head = 0
  }

  /// Every live run, oldest first.
  var all: [Run] {
    var runs: [Run] = []
    runs.reserveCapacity(count)
    forEach { run in
      runs.append(run)
      return true
    }
    return runs
  }

  /// Calls `body` with every live run, oldest first, until it returns `false`.
  func forEach(_ body: (Run) -> Bool) {
    if let lone {
      _ = body(lone)
      return
    }
    var index = head
    while index < slots.count {
      if let run = slots[index], !body(run) { return }
      index += 1
    }
  }
}
