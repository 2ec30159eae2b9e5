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
