import Observation

/// The pattern `dispatch` replaces: one `Task` per call, a `Bool` for loading, the value stored by hand.
@MainActor
@Observable
final class HandWrittenViewModel {
  var isLoading = false
  var value: Int?
  var error: (any Error)?

  func load(_ work: @escaping @MainActor () async throws -> Int) -> Task<Void, Never> {
    Task { @MainActor in
      isLoading = true
      do {
        value = try await work()
      } catch {
        self.error = error
      }
      isLoading = false
    }
  }
}
