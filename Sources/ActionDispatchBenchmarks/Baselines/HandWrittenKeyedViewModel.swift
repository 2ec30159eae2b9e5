import Observation

/// Per-row loading by hand: an `@Observable` class with a `[Key: Bool]` loading map and a `Task` per key.
@MainActor
@Observable
final class HandWrittenKeyedViewModel {
  var loading: [Int: Bool] = [:]
  var values: [Int: Int] = [:]

  func load(row: Int, _ work: @escaping @MainActor () async throws -> Int) -> Task<Void, Never> {
    loading[row] = true
    return Task { @MainActor in
      if let value = try? await work() { values[row] = value }
      loading[row] = false
    }
  }
}
