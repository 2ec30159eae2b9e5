import ActionDispatch
import Observation

enum TestAction: ActionIdType, CaseIterable {
  case load
  case save
  case search
}

struct TestError: Error, Equatable, CustomStringConvertible {
  var message = "Something broke. Try again."
  var description: String { message }
}

/// A subclass from another module, as users write them. Its `onError` does not call `super`,
/// to prove that bookkeeping does not depend on the hooks.
@MainActor
@Observable
final class TestViewModel: BaseViewModel<TestAction> {
  var log: [String] = []
  var value: Int?

  override func onSuccess<T>(actionId: TestAction, result: T) {
    log.append("hook.onSuccess(\(actionId), \(result))")
  }

  override func onError(actionId: TestAction, error: any Error) {
    log.append("hook.onError(\(actionId))")
  }

  override func onStatusUpdate(actionId: TestAction, isLoading: Bool) {
    log.append("status(\(actionId), \(isLoading))")
  }
}
