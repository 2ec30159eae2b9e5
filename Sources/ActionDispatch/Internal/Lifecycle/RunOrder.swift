/// The live runs of one action in dispatch order: the oldest, the newest and a count.
///
/// The links between runs live in the ``Run``s themselves, so appending, removing any run and
/// finding the oldest or newest are O(1) whatever the number in flight — no array is searched
/// or shifted, no table is looked up.
struct RunOrder {
  /// The oldest live run.
  var oldest: Run?
  /// The newest live run.
  var newest: Run?
  /// How many runs are live.
  var count = 0

  var isEmpty: Bool { count == 0 }

  /// Appends a run as the newest.
  mutating func append(_ run: Run) {
    run.previous = newest
    if let newest { newest.next = run } else { oldest = run }
    newest = run
    count += 1
  }

  /// Removes a run from anywhere in the order and clears its links.
  mutating func remove(_ run: Run) {
    if let previous = run.previous { previous.next = run.next } else { oldest = run.next }
    if let next = run.next { next.previous = run.previous } else { newest = run.previous }
    run.previous = nil
    run.next = nil
    count -= 1
  }

  /// Every live run, oldest first.
  var all: [Run] {
    var runs: [Run] = []
    runs.reserveCapacity(count)
    var cursor = oldest
    while let run = cursor {
      runs.append(run)
      cursor = run.next
    }
    return runs
  }
}
