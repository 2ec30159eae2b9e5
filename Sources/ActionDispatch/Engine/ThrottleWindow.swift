/// The interval after a throttled run started, during which dispatches of its action are held.
final class ThrottleWindow {
  /// Closes the window when the interval ends, on the view model's clock.
  var timer: Task<Void, Never>?
  /// The latest dispatch held during the window; it starts when the window closes.
  var held: HeldDispatch?

  init() {}
}
