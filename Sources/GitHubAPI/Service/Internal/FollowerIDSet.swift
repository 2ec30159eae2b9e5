/// A set of account ids in about two bytes an id: what paging keeps to tell a new follower from
/// one already listed, without keeping the followers.
///
/// Ids are grouped by their high bits (`id >> 16`); each group keeps its low 16 bits in a
/// sorted array, or in a 8 KiB bitmap once it holds more than 4,096 of them (a dense range of
/// ids), the layout of a roaring bitmap. GitHub's ids are spread over a few hundred million, so
/// a million followers take about 2.5 MB here, against 16–32 MB in a `Set<Int>`.
///
/// ```swift
/// var seen = FollowerIDSet()
/// seen.insert(583231)   // true
/// seen.insert(583231)   // false: already there
/// print(seen.count)     // 1
/// ```
package struct FollowerIDSet: Sendable {
  /// The low 16 bits of the ids of one group.
  private struct Group: Sendable {
    /// Sorted, while the group is small; empty once ``bits`` is used.
    var sorted: [UInt16] = []
    /// 65,536 bits, once the group holds more than ``Group/sortedLimit`` ids.
    var bits: [UInt64] = []

    /// Past this many ids a bitmap (8 KiB) is smaller than the sorted array.
    static let sortedLimit = 4_096

    mutating func insert(_ low: UInt16) -> Bool {
      if !bits.isEmpty {
        let (word, mask) = (Int(low >> 6), UInt64(1) << (low & 63))
        guard bits[word] & mask == 0 else { return false }
        bits[word] |= mask
        return true
      }
      let index = position(of: low)
      if index < sorted.count, sorted[index] == low { return false }
      sorted.insert(low, at: index)
      if sorted.count > Self.sortedLimit {
        bits = Array(repeating: 0, count: 1_024)
        for value in sorted { bits[Int(value >> 6)] |= UInt64(1) << (value & 63) }
        sorted = []
      }
      return true
    }

    func contains(_ low: UInt16) -> Bool {
      if !bits.isEmpty { return bits[Int(low >> 6)] & (UInt64(1) << (low & 63)) != 0 }
      let index = position(of: low)
      return index < sorted.count && sorted[index] == low
    }

    /// The first index whose value is not below `low`.
    private func position(of low: UInt16) -> Int {
      var (lower, upper) = (0, sorted.count)
      while lower < upper {
        let middle = (lower + upper) / 2
        if sorted[middle] < low { lower = middle + 1 } else { upper = middle }
      }
      return lower
    }
  }

  private var groups: [Int: Group] = [:]

  /// The number of ids in the set.
  private(set) var count = 0

  /// Creates an empty set.
  package init() {}

  /// Adds an id.
  ///
  /// - Parameter id: An account id; any `Int`, negative ones included.
  /// - Returns: Whether the id was new.
  @discardableResult
  package mutating func insert(_ id: Int) -> Bool {
    let inserted = groups[id >> 16, default: Group()].insert(UInt16(truncatingIfNeeded: id))
    if inserted { count += 1 }
    return inserted
  }

  /// Whether the set holds an id.
  ///
  /// - Parameter id: An account id.
  /// - Returns: Whether it was inserted before.
  package func contains(_ id: Int) -> Bool {
    groups[id >> 16]?.contains(UInt16(truncatingIfNeeded: id)) ?? false
  }
}
