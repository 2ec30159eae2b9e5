/// The number of the run a streaming dispatch became, set when admission accepts it.
@MainActor
final class RunTag {
  var runID: UInt64 = 0
}

extension BaseViewModel {
  /// Delivers one element of a live streaming run: its `onElement` closure, then the action's
  /// `On(...).element` handlers while the run is still live.
  ///
  /// Like every notification, it goes through the delivery order of ``deliver(_:)``: what a
  /// callback does to runs is delivered after the element. Without a notification in progress
  /// (always, from the run's own task) it calls the closures directly: no allocation per element.
  func deliverElement<Element>(
    _ element: Element, of actionId: ActionId, run runID: UInt64, to onElement: @escaping @MainActor (Element) -> Void
  ) {
    guard runs[runID] != nil else { return }
    guard !isDelivering else {
      // Not reached from a run's task, which never runs inside a notification; kept for safety.
      pendingNotifications.append { [self] in
        guard runs[runID] != nil else { return }
        onElement(element)
        notifyElementObservers(element, of: actionId, run: runID)
      }
      return
    }
    isDelivering = true
    onElement(element)
    notifyElementObservers(element, of: actionId, run: runID)
    isDelivering = false
    if !pendingNotifications.isEmpty { deliver {} }
  }

  private func notifyElementObservers<Element>(_ element: Element, of actionId: ActionId, run runID: UInt64) {
    guard !observers.isEmpty, runs[runID] != nil else { return }
    notifyObservers(of: actionId, run: runID) { on, isActive in
      on.runElement(element, while: { isActive() && self.runs[runID] != nil })
    }
  }
}
