import Observation

/// N runs by hand: a `Task` per call and a count of runs in flight, so loading is right for concurrent runs.
@MainActor
@Observable
final class HandWrittenRunsViewModel {
  var running = 0
  var value: Int?

  func load(_ work: @escaping @MainActor () async throws -> Int) -> Task<Void, Never> {
    running += 1
    return Task { @MainActor in
      value = try? await work()
      running -= 1
    }
  }

  /// The work called where the task is written, as ``BenchViewModel/loadOne()`` writes it.
  func loadOne() -> Task<Void, Never> {
    running += 1
    return Task { @MainActor in
      value = try? await BenchWork.one()
      running -= 1
    }
  }
}
