/// What observation of a ``QueryCache`` tells apart: a key's path and its value's type, as the
/// entry table does, so that a reader of `QueryKey<Int>("a")` is not invalidated by a change to
/// `QueryKey<String>("a")`.
///
/// The argument of the key path readers observe (`\QueryCache.[observing: key]`): two key paths
/// built from equal keys are equal, so a reader that observed a key path made for one read is
/// told of a change made through the entry's own (``QueryEntryBase/observation``).
struct QueryObservationKey: Hashable, Sendable {
  /// The key's path.
  let path: QueryKeyPath
  /// The key's value type.
  let valueType: ObjectIdentifier
}
