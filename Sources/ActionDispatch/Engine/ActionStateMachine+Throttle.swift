// The throttle window's events: a window opens, holds a dispatch, closes.

extension ActionStateMachine {
  /// Opens a throttle window, closed by ``windowClosed(_:)``.
  mutating func open(_ window: ThrottleWindow) {
    self.window = window
  }

  /// Holds a dispatch in the open window.
  ///
  /// - Returns: The dispatch it replaces, which is dropped.
  mutating func hold(_ held: HeldDispatch) -> HeldDispatch? {
    guard let window else { return nil }
    let replaced = window.held
    window.held = held
    return replaced
  }

  /// The throttle interval ended.
  ///
  /// - Returns: The dispatch held during it, to start now (opening the next window); `nil`
  ///   when none was held or the window is not this action's open one.
  mutating func windowClosed(_ closed: ThrottleWindow) -> HeldDispatch? {
    guard let window, window === closed else { return nil }
    self.window = nil
    defer { window.held = nil }
    return window.held
  }

  /// Takes the dispatch held in the window out of it, to be dropped.
  mutating func takeHeld() -> HeldDispatch? {
    defer { window?.held = nil }
    return window?.held
  }

  /// Forgets the held dispatch `runID`, whose task was cancelled.
  ///
  /// - Returns: The dispatch to drop; `nil` when it is no longer held.
  mutating func dropHeld(_ runID: UInt64) -> HeldDispatch? {
    guard let held = window?.held, held.runID == runID else { return nil }
    window?.held = nil
    return held
  }
}
