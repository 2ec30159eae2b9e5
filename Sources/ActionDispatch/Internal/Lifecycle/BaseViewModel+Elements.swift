/// The run a streaming dispatch became, set when admission accepts it.
@MainActor
final class RunTag {
  var run: Run?
}

extension BaseViewModel {
  /// Delivers one element of a live streaming run: its `onElement` closure, then the action's
  /// `On(...).element` handlers while the run is still live.
  ///
  /// Like every notification, it goes through the delivery order of ``deliver(_:)``: what a
  /// callback does to runs is delivered after the element. Without a notification in progress
  /// (always, from the run's own task) it calls the closures directly: no allocation per element.
  func deliverElement<Element>(
    _ element: Element, of actionId: ActionId, run: Run, to onElement: @escaping @MainActor (Element) -> Void
  ) {
    guard run.isLive else { return }
    guard !isDelivering else {
      // Not reached from a run's task, which never runs inside a notification; kept for safety.
      pendingNotifications.append { [self] in
        guard run.isLive else { return }
        onElement(element)
        notifyElementObservers(element, of: actionId, run: run)
      }
      return
    }
    isDelivering = true
    onElement(element)
    notifyElementObservers(element, of: actionId, run: run)
    finishDelivering()
  }

  private func notifyElementObservers<Element>(_ element: Element, of actionId: ActionId, run: Run) {
    guard listeners.hasObservers, run.isLive else { return }
    notifyObservers(of: actionId, run: run.id) { on, isActive in
      on.runElement(element, while: { isActive() && run.isLive })
    }
  }
}
