import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// Issue 14: 100,000 distinct keyed actions (`case row(Int)`), each run once — time against a
/// hand-written `[Key: Bool]` loading map with a `Task` per key, and the resident memory the view
/// model still holds once every one of them is idle.
enum KeyedActions {
  @MainActor
  static func run(keys: Int, rounds: Int) async -> [BenchmarkResult] {
    let work: @MainActor () async throws -> Int = { 1 }
    let batch = 1_000

    /// Seconds to start a run of every key with `load`, `batch` keys at a time, each batch awaited.
    func seconds(_ load: (Int) -> Task<Void, Never>) async -> Double {
      var handles: [Task<Void, Never>] = []
      handles.reserveCapacity(batch)
      return await Measure.seconds {
        for start in stride(from: 0, to: keys, by: batch) {
          for row in start..<min(start + batch, keys) { handles.append(load(row)) }
          for handle in handles { await handle.value }
          handles.removeAll(keepingCapacity: true)
        }
      }
    }
    func ours(_ viewModel: KeyedBenchViewModel) async -> Double {
      await seconds { viewModel.load(row: $0, work) }
    }
    func handWritten(_ viewModel: HandWrittenKeyedViewModel) async -> Double {
      await seconds { viewModel.load(row: $0, work) }
    }

    // Time: a fresh view model per round, so every key is new to it.
    var ratios: [Double] = []
    var oursTimes: [Double] = []
    var handTimes: [Double] = []
    for _ in 0..<rounds {
      let hand = await handWritten(HandWrittenKeyedViewModel())
      let mine = await ours(KeyedBenchViewModel())
      handTimes.append(hand)
      oursTimes.append(mine)
      ratios.append(mine / hand)
    }
    let perKey = { (seconds: Double) in seconds / Double(keys) * 1e9 }

    // Memory: the heap already grew to this size in the rounds above (their view models are gone),
    // so what the kept view model adds is what it holds, not what the allocator kept.
    trim()
    let before = MemoryGrowth.residentBytes()
    let kept = KeyedBenchViewModel()
    _ = await ours(kept)
    trim()
    let after = MemoryGrowth.residentBytes()
    var results = [
      BenchmarkResult(
        name: "keyed actions: \(keys) distinct rows, each run once, vs hand-written [Key: Bool] + Task",
        value: perKey(Measure.median(oursTimes)), unit: "ns/action",
        baselineName: "hand-written loading map", baselineValue: perKey(Measure.median(handTimes)),
        measure: Measure.median(ratios), target: 1.5, targetDescription: "≤ 1.5× hand-written",
        notes: "median ratio of \(rounds) interleaved rounds; batches of \(batch) dispatched, then awaited")
    ]
    if let before, let after {
      let held = Double(max(0, after - before))
      results.append(
        BenchmarkResult(
          name: "keyed actions: resident memory held by \(keys) idle keyed actions",
          value: held / 1_048_576, unit: "MiB", baselineName: nil, baselineValue: nil,
          measure: held / 1_048_576, target: 10, targetDescription: "≤ 10 MiB",
          notes: String(format: "%.0f bytes per idle action", held / Double(keys))
            + "; resident size with the view model kept, minus before it ran"))
    }
    withExtendedLifetime(kept) {}
    return results
  }

  /// Returns freed heap pages to the system where the C library can, so resident size shows what is held.
  static func trim() {
    #if canImport(Glibc)
      // glibc's `malloc_trim`, which its Swift module does not export.
      typealias MallocTrim = @convention(c) (Int) -> Int32
      if let symbol = dlsym(nil, "malloc_trim") { _ = unsafeBitCast(symbol, to: MallocTrim.self)(0) }
    #endif
  }
}
