import Observation

/// A faithful re-creation of the usual base view model: one `Bool` per action in a dictionary,
/// errors in another, a type-erased `onSuccess`, and the task handle thrown away.
@MainActor
@Observable
class SeedBaseViewModel<ActionId: Hashable & Sendable> {
  var loadingStates: [ActionId: Bool] = [:]
  var errors: [ActionId: String] = [:]

  func isLoading(for actionId: ActionId) -> Bool {
    loadingStates[actionId] ?? false
  }

  func dispatch<T>(actionId: ActionId, task: @escaping @MainActor () async throws -> T) {
    loadingStates[actionId] = true
    errors[actionId] = nil
    onStatusUpdate(actionId: actionId, isLoading: true)
    Task { @MainActor in
      do {
        let result = try await task()
        onSuccess(actionId: actionId, result: result)
      } catch {
        onError(actionId: actionId, error: error)
      }
      loadingStates[actionId] = false
      onStatusUpdate(actionId: actionId, isLoading: false)
    }
  }

  func onSuccess<T>(actionId: ActionId, result: T) {}

  func onError(actionId: ActionId, error: any Error) {
    errors[actionId] = "\(error)"
  }

  func onStatusUpdate(actionId: ActionId, isLoading: Bool) {}
}

/// A subclass as users write them: casts the type-erased result.
@MainActor
final class SeedCounterViewModel: SeedBaseViewModel<BenchAction> {
  var value: Int?
  var completions = 0
  var continuation: CheckedContinuation<Void, Never>?

  override func onSuccess<T>(actionId: BenchAction, result: T) {
    if let value = result as? Int { self.value = value }
  }

  override func onStatusUpdate(actionId: BenchAction, isLoading: Bool) {
    guard !isLoading else { return }
    completions += 1
    continuation?.resume()
    continuation = nil
  }

  /// The seed throws the task away, so the only way to await a run is through its hook.
  func dispatchAndWait(_ work: @escaping @MainActor () async throws -> Int) async {
    await withCheckedContinuation { continuation in
      self.continuation = continuation
      dispatch(actionId: .a, task: work)
    }
  }
}
