/// The live runs of one action in dispatch order: the oldest, the newest and a count.
///
/// The links between runs live in their ``RunRecord``s, so appending, removing any run and
/// finding the oldest or newest are O(1) whatever the number in flight — no array is searched
/// or shifted.
struct RunOrder {
  /// The oldest live run.
  var oldest: UInt64?
  /// The newest live run.
  var newest: UInt64?
  /// How many runs are live.
  var count = 0

  var isEmpty: Bool { count == 0 }
}
