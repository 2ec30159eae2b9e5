/// The cache's entries by key: an open-addressing hash table of entry references, 8 bytes a
/// slot, at most half full.
///
/// Not a `Dictionary<Key, Entry>`: a dictionary stores each key beside its entry (the entry
/// already holds its path) and grew to 24 bytes a slot; a gated row holds 100,000 keys at 160
/// bytes each beyond their values. Two keys with one path and different value types are two
/// entries: a slot matches on the path and the value's type.
@MainActor
struct QueryEntryTable {
  /// The slots: a power of two of them, at most half in use.
  private var slots: [QueryEntryBase?] = []
  /// How many entries it holds.
  private(set) var count = 0

  /// The entry for `path` whose value is a `Value`.
  func entry<Value>(_ path: QueryKeyPath, of type: Value.Type) -> QueryEntry<Value>? {
    guard count > 0 else { return nil }
    let mask = slots.count - 1
    var index = Self.hash(path, type) & mask
    while let entry = slots[index] {
      if entry.path == path, entry.holds(type) { return unsafeDowncast(entry, to: QueryEntry<Value>.self) }
      index = (index + 1) & mask
    }
    return nil
  }

  /// Adds an entry that is not in the table.
  mutating func insert<Value>(_ entry: QueryEntry<Value>) {
    if (count + 1) * 2 > slots.count { grow() }
    place(entry, hash: Self.hash(entry.path, Value.self))
    count += 1
  }

  /// Removes an entry that is in the table (backward-shift deletion: no tombstones); the slots
  /// shrink by half once at most an eighth are in use, so that a cache whose keys were forgotten
  /// gives their slots back (100,000 keys left 2 MiB of slots behind).
  mutating func remove(_ entry: QueryEntryBase, hash: Int) {
    let mask = slots.count - 1
    var index = hash & mask
    while let found = slots[index], found !== entry { index = (index + 1) & mask }
    guard slots[index] != nil else { return }
    slots[index] = nil
    count -= 1
    var next = (index + 1) & mask
    while let moving = slots[next] {
      let home = Self.hash(moving) & mask
      // Move it back into the hole when its home is not between the hole and where it sits.
      let distanceToHole = (index &- home) & mask
      let distanceToSlot = (next &- home) & mask
      if distanceToHole < distanceToSlot {
        slots[index] = moving
        slots[next] = nil
        index = next
      }
      next = (next + 1) & mask
    }
    if slots.count > 16, count * 8 <= slots.count { resize(to: slots.count / 2) }
  }

  /// Calls `body` with every entry, in no particular order.
  func forEach(_ body: (QueryEntryBase) -> Void) {
    for case let entry? in slots { body(entry) }
  }

  private mutating func place(_ entry: QueryEntryBase, hash: Int) {
    let mask = slots.count - 1
    var index = hash & mask
    while slots[index] != nil { index = (index + 1) & mask }
    slots[index] = entry
  }

  private mutating func grow() {
    resize(to: max(16, slots.count * 2))
  }

  /// Places every entry in `size` slots: a power of two, at least twice the count.
  private mutating func resize(to size: Int) {
    let old = slots
    slots = Array(repeating: nil, count: size)
    for case let entry? in old { place(entry, hash: Self.hash(entry)) }
  }

  /// The hash of a path and a value type.
  static func hash<Value>(_ path: QueryKeyPath, _: Value.Type) -> Int {
    hash(path, ObjectIdentifier(Value.self))
  }

  /// The hash of an entry's path and value type.
  static func hash(_ entry: QueryEntryBase) -> Int {
    hash(entry.path, entry.valueType)
  }

  private static func hash(_ path: QueryKeyPath, _ type: ObjectIdentifier) -> Int {
    var hasher = Hasher()
    hasher.combine(path)
    hasher.combine(type)
    return hasher.finalize()
  }
}
