/// The callers of one piece of work that callers join — a view model's shared run
/// (``DispatchPolicy/joinRunning``) or a ``SharedWork`` — in join order: the one set of rules
/// both follow.
///
/// Joining appends; leaving counts a caller out, both O(1) whatever the number of callers, and
/// says when the last attached caller left, for its owner to cancel the work (no one wants the
/// result). Callers that left are dropped from the list once they outnumber those still
/// attached, so long work that callers keep joining and leaving holds only the attached.
struct JoinedCallers<Caller: AnyObject> {
  /// The callers, in join order; some may have left.
  private(set) var all: [Caller] = []
  /// How many callers are attached.
  private(set) var attached = 0

  /// Adds a caller, the newest.
  mutating func join(_ caller: Caller) {
    all.append(caller)
    attached += 1
  }

  /// Counts out an attached caller that left; `hasLeft` tells the callers that left apart.
  ///
  /// - Returns: Whether it was the last one attached: the work is wanted no more.
  mutating func leave(droppingWhere hasLeft: (Caller) -> Bool) -> Bool {
    attached -= 1
    if all.count > 32 && all.count > 2 * attached { all.removeAll(where: hasLeft) }
    return attached == 0
  }

  /// Takes every caller out, to be handed the work's result; none is attached any more.
  mutating func takeAll() -> [Caller] {
    defer {
      all = []
      attached = 0
    }
    return all
  }
}
