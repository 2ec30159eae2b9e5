import ActionDispatch

/// Records the static type the success hook is called with.
@MainActor
final class ResultTypeViewModel: BaseViewModel<TestAction> {
  var hookTypes: [String] = []

  override func onSuccess<T>(actionId: TestAction, result: T) {
    hookTypes.append("\(actionId): \(T.self)")
  }
}
