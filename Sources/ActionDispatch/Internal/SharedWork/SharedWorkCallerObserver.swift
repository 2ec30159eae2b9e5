/// Told when a caller of a ``SharedWork`` ends — it got the result, or it left — in place of a
/// delivery closure: an object that already exists (a query dispatch's ``QueryJoin``) needs no
/// closure made per caller.
@MainActor
protocol SharedWorkCallerObserver: AnyObject {
  /// The caller ended.
  func callerEnded()
}
