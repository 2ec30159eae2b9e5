import ActionDispatch

/// One lifecycle step of a run, in a form a test can write as a literal.
///
/// ```swift
/// #expect(recorder.events == [.started(.fetchFollowers), .succeeded(.fetchFollowers)])
/// ```
///
/// > Important: This enum grows with `ActionEvent.Kind`: a `switch` over it that
/// > should keep compiling gives a `default:` case.
public enum RecordedEvent<ActionId: ActionIdType>: Hashable, Sendable, CustomStringConvertible {
  /// A run was accepted.
  case started(ActionId)
  /// A run succeeded.
  case succeeded(ActionId)
  /// A run failed.
  case failed(ActionId)
  /// A run was cancelled or superseded.
  case cancelled(ActionId)
  /// A dispatch was dropped by `.ignoreWhileRunning`.
  case dropped(ActionId)
  /// A dispatch joined the run in flight (`.joinRunning`).
  case joined(ActionId)
  /// A dispatch found its action fresh (`staleTime:`) and started nothing.
  case fresh(ActionId)

  /// Creates the recorded form of an event.
  ///
  /// - Parameter event: The event a view model emitted.
  public init(_ event: ActionEvent<ActionId>) {
    switch event.kind {
    case .started: self = .started(event.actionId)
    case .succeeded: self = .succeeded(event.actionId)
    case .failed: self = .failed(event.actionId)
    case .cancelled: self = .cancelled(event.actionId)
    case .dropped: self = .dropped(event.actionId)
    case .joined: self = .joined(event.actionId)
    case .fresh: self = .fresh(event.actionId)
    }
  }

  /// The action the event belongs to.
  public var actionId: ActionId {
    switch self {
    case .started(let id), .succeeded(let id), .failed(let id), .cancelled(let id), .dropped(let id),
      .joined(let id), .fresh(let id):
      id
    }
  }

  /// The event as it reads in a test failure, e.g. `.succeeded(fetchFollowers)`.
  public var description: String {
    switch self {
    case .started(let id): ".started(\(id))"
    case .succeeded(let id): ".succeeded(\(id))"
    case .failed(let id): ".failed(\(id))"
    case .cancelled(let id): ".cancelled(\(id))"
    case .dropped(let id): ".dropped(\(id))"
    case .joined(let id): ".joined(\(id))"
    case .fresh(let id): ".fresh(\(id))"
    }
  }
}
