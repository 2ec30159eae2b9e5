/// A weak reference to an object, in a box that closures capture strongly.
///
/// A run's task and its cancellation handler reach the view model through the view model's one
/// box instead of capturing `[weak self]` each: a weak capture allocates and tears down a weak
/// reference per closure, which a run would pay twice.
///
/// `@unchecked Sendable`: the object is read only on the main actor; the weak reference itself
/// is safe to read from anywhere.
@usableFromInline
final class WeakReference<Object: AnyObject>: @unchecked Sendable {
  @usableFromInline weak var object: Object?

  init(_ object: Object) {
    self.object = object
  }
}

extension WeakReference {
  /// Calls `body` with the engine of the view model, if it still lives, holding the view model
  /// until `body` returns: the engine calls the view model's hooks, and a hook or closure may drop
  /// what else held it. What a run's task and timers reach the engine through.
  ///
  /// - Returns: What `body` returns, or `nil` when the view model is gone.
  @inlinable @inline(__always)
  func withEngine<ActionId: ActionIdType, Result>(
    _ body: (ActionEngine<ActionId>) throws -> Result
  ) rethrows -> Result? where Object == BaseViewModel<ActionId> {
    guard let viewModel = object else { return nil }
    return try withExtendedLifetime(viewModel) { try body(viewModel.engine) }
  }
}
