/// A value handed from the main actor to a task that resumes on the main actor: a shared work's
/// result to its callers, all of which run there (`@unchecked Sendable` for that reason alone).
struct MainActorValue<Value>: @unchecked Sendable {
  /// The value.
  let value: Value
}
