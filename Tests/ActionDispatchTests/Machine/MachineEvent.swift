@testable import ActionDispatch

/// One event the machine fuzzer feeds ``ActionStateMachine``, as the engine would.
///
/// An event names its target loosely (`pick` is taken modulo the runs it may apply to), so that
/// the generator needs no more than the model's counts to make a valid one.
enum MachineEvent: CustomStringConvertible {
  /// Where a dispatch's `sinceLastSuccess` comes from.
  enum Freshness: CustomStringConvertible {
    /// From the fuzzer's fresh mark: the time since the last success that marked it, if any.
    case fromMark
    /// Exactly the dispatch's `staleTime` ago: not fresh (the bound is exclusive).
    case atStaleTime
    /// A nanosecond less than the dispatch's `staleTime` ago: fresh.
    case justUnderStaleTime

    var description: String {
      switch self {
      case .fromMark: "mark"
      case .atStaleTime: "== staleTime"
      case .justUnderStaleTime: "staleTime - 1ns"
      }
    }
  }

  /// The run a superseding dispatch of another action spares.
  enum Spare: CustomStringConvertible {
    case none
    /// One of this machine's live runs (a streaming run delivering the element that dispatched).
    case live(pick: Int)
    /// A run of another action: not in this machine, so it changes nothing.
    case foreign

    var description: String {
      switch self {
      case .none: "none"
      case .live(let pick): "live run pick \(pick)"
      case .foreign: "a run of another action"
      }
    }
  }

  /// A dispatch of the action.
  case dispatch(policy: DispatchPolicy, staleTime: Duration?, freshness: Freshness, supersedesOthers: Bool)
  /// The quiet period of a `.debounce` run waiting for it passed: its work starts.
  case quietPeriodPassed(pick: Int)
  /// A live run ends: `.succeeded` and `.failed` pick a run whose work started, `.cancelled` (its
  /// task cancelled, a timeout's cancel) any live run.
  case end(pick: Int, RunOutcome)
  /// The open throttle window's timer fires; `stale`: an earlier window's timer, which must change nothing.
  case closeWindow(stale: Bool)
  /// `cancel(_:)` of the action.
  case cancel
  /// A dispatch of another action with `supersedes:` naming this one became a run.
  case supersededByAnotherAction(spare: Spare)
  /// The held dispatch's task was cancelled; `stale`: a dispatch no longer held, which must change nothing.
  case dropHeld(stale: Bool)
  /// `invalidate(_:)`: the fresh mark goes, and the runs in flight no longer leave one.
  case invalidate
  /// Time passes on the fuzzer's clock (for freshness alone: timers are events of their own).
  case advanceClock(Duration)
  /// The view model is released: the machine is emptied, and the fuzzer goes on with it empty.
  case release

  var description: String {
    switch self {
    case .dispatch(let policy, let staleTime, let freshness, let supersedesOthers):
      var text = "dispatch \(policy)"
      if let staleTime { text += ", staleTime \(staleTime) (since: \(freshness))" }
      if supersedesOthers { text += ", supersedes others" }
      return text
    case .quietPeriodPassed(let pick): return "quiet period passed (pick \(pick))"
    case .end(let pick, let outcome): return "end \(outcome) (pick \(pick))"
    case .closeWindow(let stale): return stale ? "a stale window's timer fires" : "the window closes"
    case .cancel: return "cancel"
    case .supersededByAnotherAction(let spare): return "superseded by another action, sparing \(spare)"
    case .dropHeld(let stale): return stale ? "drop a dispatch no longer held" : "drop the held dispatch"
    case .invalidate: return "invalidate"
    case .advanceClock(let duration): return "clock +\(duration)"
    case .release: return "release"
    }
  }
}
