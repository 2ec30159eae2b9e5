import ActionDispatch
import Foundation

/// One line of the events pane: a run's lifecycle event from any view model the browser drives.
///
/// ```swift
/// let event = BrowseEvent(time: Date(), action: "fetchProfile", kind: .succeeded, duration: .milliseconds(82))
/// event.kindName   // "succeeded"
/// ```
public struct BrowseEvent: Sendable, Hashable {
  /// When the event happened.
  public var time: Date
  /// The action, such as `fetchProfile` or `loadNextPage`.
  public var action: String
  /// What happened.
  public var kind: ActionEvent<BrowseAction>.Kind
  /// How long the run took, for a finished run.
  public var duration: Duration?

  /// Creates an event line.
  ///
  /// - Parameters:
  ///   - time: When the event happened.
  ///   - action: The action's name.
  ///   - kind: What happened.
  ///   - duration: How long the run took, for a finished run.
  public init(time: Date, action: String, kind: ActionEvent<BrowseAction>.Kind, duration: Duration? = nil) {
    self.time = time
    self.action = action
    self.kind = kind
    self.duration = duration
  }

  /// The kind in words: `started`, `succeeded`, `failed`, `cancelled`, `dropped`, `joined` or `fresh`.
  public var kindName: String {
    switch kind {
    case .started: "started"
    case .succeeded: "succeeded"
    case .failed: "failed"
    case .cancelled: "cancelled"
    case .dropped: "dropped"
    case .joined: "joined"
    case .fresh: "fresh"
    }
  }

  /// The same kind for another action type's event.
  static func kind<ActionId>(of event: ActionEvent<ActionId>) -> ActionEvent<BrowseAction>.Kind {
    switch event.kind {
    case .started: .started
    case .succeeded: .succeeded
    case .failed: .failed
    case .cancelled: .cancelled
    case .dropped: .dropped
    case .joined: .joined
    case .fresh: .fresh
    }
  }
}
