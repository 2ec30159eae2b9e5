import ActionDispatch

/// What every kind of listener of a view model saw, in order, and whether one was called while
/// another listener's callback was still running.
///
/// The contract checked: notifications raised during a notification are queued and delivered
/// in order after it, so no listener is ever entered while a listener callback is on the stack.
@MainActor
final class ListenerLog {
  /// One thing a listener saw.
  struct Entry: Equatable, CustomStringConvertible {
    enum Listener: String { case hook, on, events }
    let listener: Listener
    let action: RowAction
    /// `started`, `succeeded`, `failed`, `cancelled`, `dropped`, `finished`, `loading(true)`, `loading(false)`.
    let phase: String
    /// The run number, for `events` only.
    let run: UInt64?

    /// `listener:action.phase`, without the run number: what a test triggers on.
    var key: String { "\(listener.rawValue):\(action).\(phase)" }

    var description: String {
      "\(listener.rawValue):\(action).\(phase)" + (run.map { "#\($0)" } ?? "")
    }
  }

  private(set) var entries: [Entry] = []
  /// Calls that began while another listener callback was still running: `outer -> inner`.
  private(set) var nested: [String] = []
  private var stack: [Entry] = []

  /// Records a listener call and runs its reaction with the call marked as in progress.
  func enter(_ entry: Entry, reaction: () -> Void = {}) {
    if let outer = stack.last { nested.append("\(outer) -> \(entry)") }
    entries.append(entry)
    stack.append(entry)
    reaction()
    stack.removeLast()
  }

  func entries(of listener: Entry.Listener) -> [Entry] {
    entries.filter { $0.listener == listener }
  }
}
