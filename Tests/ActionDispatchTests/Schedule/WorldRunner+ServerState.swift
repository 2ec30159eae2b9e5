import ActionDispatch
import ActionDispatchTesting

/// What a world needs for shared runs and freshness: invalidations, and a timeline of events
/// with the clock's time, which ``ScheduleInvariants/freshnessViolations(_:)`` reads.
extension WorldRunner {
  /// An event or an invalidation, with the time it happened on the world's clock.
  struct TimelineEntry {
    enum Kind: Equatable {
      case event(String, run: UInt64)
      /// `invalidate(_:)` of an action, or `invalidateAll()` (`nil`).
      case invalidation
    }
    let kind: Kind
    /// The action; `nil` for `invalidateAll()`.
    let action: RowAction?
    let time: Duration
  }

  /// Notes an event on the timeline, as the events listener records it (before any reaction to it).
  func noteOnTimeline(_ entry: ListenerLog.Entry) {
    guard entry.listener == .events, let run = entry.run else { return }
    timeline.append(TimelineEntry(kind: .event(entry.phase, run: run), action: entry.action, time: clock.now.offset))
  }

  /// `invalidate(action)`, or `invalidateAll()` when `nil`, noted on the timeline first: the
  /// events it might cause (none, today) come after it.
  func invalidate(_ action: RowAction?) {
    guard let viewModel else { return }
    timeline.append(TimelineEntry(kind: .invalidation, action: action, time: clock.now.offset))
    if let action { viewModel.invalidate(action) } else { viewModel.invalidateAll() }
  }
}
