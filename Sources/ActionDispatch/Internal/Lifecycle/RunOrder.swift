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
