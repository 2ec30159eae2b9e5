import Foundation

extension On {
  @MainActor func runStarted() {
    for handler in startedHandlers { handler() }
  }

  @MainActor func runSucceeded(with value: Any) {
    for handler in succeededHandlers {
      if let mismatch = handler(value) {
        FileHandle.standardError.write(Data("ActionDispatch: \(mismatch.description)\n".utf8))
        runFailed(with: mismatch)
      }
    }
  }

  @MainActor func runFailed(with error: any Error) {
    for handler in failedHandlers { handler(error) }
  }

  @MainActor func runCancelled() {
    for handler in cancelledHandlers { handler() }
  }

  @MainActor func runFinished() {
    for handler in finishedHandlers { handler() }
  }
}
