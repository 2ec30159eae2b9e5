/// One step in the life of a run, as ``BaseViewModel/events()`` reports it.
///
/// Every accepted run emits ``Kind/started`` once, then exactly one of
/// ``Kind/succeeded``, ``Kind/failed`` or ``Kind/cancelled``. A dispatch that
/// ``DispatchPolicy/ignoreWhileRunning`` drops, or a held ``DispatchPolicy/throttle(_:)`` dispatch
/// that a later one replaces, emits ``Kind/dropped`` alone; so does a dispatch answered
/// ``Kind/fresh``. A dispatch that joins a run in flight emits ``Kind/joined`` with that run's
/// number, between the run's `started` and its end. A streaming run
/// (``ActionDispatching/dispatch(actionId:policy:staleTime:supersedes:retry:timeout:optimistic:elements:onElement:)``) is one run: no
/// event per element.
///
/// ```swift
/// for await event in viewModel.events() where event.kind == .failed {
///   log("\(event.actionId) failed after \(event.duration!): \(event.errorMessage!)")
/// }
/// ```
public struct ActionEvent<ActionId: ActionIdType>: Sendable, Hashable {
  /// What happened to a run.
  ///
  /// > Important: This enum will grow: a later version may add a case (as `joined` and `fresh`
  /// > were added), and that is listed under "Breaking" in the CHANGELOG. A `switch` over it
  /// > that should keep compiling gives a `default:` case.
  public enum Kind: Sendable, Hashable {
    /// The run was accepted; the action is loading.
    case started
    /// The run's work returned a value, which was delivered.
    case succeeded
    /// The run's work threw; the error was recorded and delivered.
    case failed
    /// The run was cancelled or superseded; nothing was delivered.
    case cancelled
    /// The dispatch was dropped because a run was in flight.
    case dropped
    /// The dispatch joined the run in flight (``DispatchPolicy/joinRunning``) and shares its
    /// result; the event carries the joined run's number. Not an end: the run's end follows.
    case joined
    /// The dispatch gave a `staleTime:` and the action succeeded less than that long ago: it
    /// started no run and called no closure. Like ``dropped``, the event alone.
    case fresh
  }

  /// The action the run belongs to.
  public var actionId: ActionId
  /// What happened.
  public var kind: Kind
  /// The run's number, unique within its view model, so concurrent runs can be told apart.
  public var run: UInt64
  /// How long the run took, for a finished run; `nil` for ``Kind/started``, ``Kind/dropped``, ``Kind/joined`` and ``Kind/fresh``.
  public var duration: Duration?
  /// The error's message, for ``Kind/failed``, as ``BaseViewModel/errorMessage(for:)`` shows it.
  public var errorMessage: String?

  /// Creates an event.
  ///
  /// - Parameters:
  ///   - actionId: The action the run belongs to.
  ///   - kind: What happened.
  ///   - run: The run's number.
  ///   - duration: How long the run took, for a finished run.
  ///   - errorMessage: The error's message, for a failed run.
  public init(
    actionId: ActionId,
    kind: Kind,
    run: UInt64,
    duration: Duration? = nil,
    errorMessage: String? = nil
  ) {
    (self.actionId, self.kind, self.run) = (actionId, kind, run)
    (self.duration, self.errorMessage) = (duration, errorMessage)
  }

  /// Whether this event ends its run.
  public var isTerminal: Bool {
    switch kind {
    case .succeeded, .failed, .cancelled, .dropped, .fresh: true
    case .started, .joined: false
    }
  }
}
