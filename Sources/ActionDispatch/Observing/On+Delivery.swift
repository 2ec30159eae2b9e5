import Foundation

extension On {
  // Each phase checks `isActive` before every handler: cancelling or dropping the token from
  // inside a handler stops the handlers after it at once.

  @MainActor func runStarted(while isActive: @MainActor () -> Bool) {
    for handler in startedHandlers where isActive() { handler() }
  }

  @MainActor func runElement(_ value: Any, while isActive: @MainActor () -> Bool) {
    for handler in elementHandlers where isActive() {
      if let mismatch = handler(value) {
        FileHandle.standardError.write(Data("ActionDispatch: \(mismatch.description)\n".utf8))
      }
    }
  }

  @MainActor func runSucceeded(with value: Any, while isActive: @MainActor () -> Bool) {
    for handler in succeededHandlers where isActive() {
      if let mismatch = handler(value) {
        FileHandle.standardError.write(Data("ActionDispatch: \(mismatch.description)\n".utf8))
        runFailed(with: mismatch, while: isActive)
      }
    }
  }

  @MainActor func runFailed(with error: any Error, while isActive: @MainActor () -> Bool) {
    for handler in failedHandlers where isActive() { handler(error) }
  }

  @MainActor func runCancelled(while isActive: @MainActor () -> Bool) {
    for handler in cancelledHandlers where isActive() { handler() }
  }

  @MainActor func runFinished(while isActive: @MainActor () -> Bool) {
    for handler in finishedHandlers where isActive() { handler() }
  }

  @MainActor func dispatchDropped(while isActive: @MainActor () -> Bool) {
    for handler in droppedHandlers where isActive() { handler() }
  }

  @MainActor func dispatchHeld(while isActive: @MainActor () -> Bool) {
    for handler in heldHandlers where isActive() { handler() }
  }
}
