import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// Issue 14: 100,000 distinct keyed actions (`case row(Int)`), each run once — time against a
/// hand-written `[Key: Bool]` loading map with a `Task` per key, and the resident memory the view
/// model still holds once every one of them is idle.
enum KeyedActions {
  /// The flag that makes this binary measure the timed rounds and print them as JSON.
  static let childFlag = "--keyed-actions-child"

  /// Each round's seconds for both sides, and their ratio.
  struct Timings: Codable {
    var hand: [Double] = []
    var ours: [Double] = []
    var ratios: [Double] = []
  }

  /// Batches of keys dispatched together, then awaited.
  static let batch = 1_000

  @MainActor
  static func run(keys: Int, rounds: Int) async -> [BenchmarkResult] {
    let work: @MainActor () async throws -> Int = { 1 }
    let batch = Self.batch
    let timings = await timingsInFreshProcess(keys: keys, rounds: rounds)
    let oursTimes = timings.ours
    let handTimes = timings.hand
    let ratios = timings.ratios
    let perKey = { (seconds: Double) in seconds / Double(keys) * 1e9 }

    // Memory: one unmeasured round grows this process's heap to a round's size first (its view
    // models are gone after it), so what the kept view model adds is what it holds, not what
    // the allocator kept.
    _ = await timedRounds(keys: keys, rounds: 1)
    trim()
    let before = MemoryGrowth.residentBytes()
    let kept = KeyedBenchViewModel()
    for start in stride(from: 0, to: keys, by: batch) {
      _ = await seconds(of: start..<min(start + batch, keys)) { kept.load(row: $0, work) }
    }
    trim()
    let after = MemoryGrowth.residentBytes()
    var results = [
      BenchmarkResult(
        name: "keyed actions: \(keys) distinct rows, each run once, vs hand-written [Key: Bool] + Task",
        value: perKey(Measure.median(oursTimes)), unit: "ns/action",
        baselineName: "hand-written loading map", baselineValue: perKey(Measure.median(handTimes)),
        measure: Measure.median(ratios), target: 1.5, targetDescription: "≤ 1.5× hand-written",
        notes: "median ratio of \(rounds) rounds in a fresh process; batches of \(batch) dispatched, "
          + "then awaited, the two sides' in turn")
    ]
    let heldName = "keyed actions: resident memory held by \(keys) idle keyed actions"
    if let before, let after {
      let held = Double(max(0, after - before))
      results.append(
        BenchmarkResult(
          name: heldName,
          value: held / 1_048_576, unit: "MiB", baselineName: nil, baselineValue: nil,
          measure: held / 1_048_576, target: 10, targetDescription: "≤ 10 MiB",
          notes: String(format: "%.0f bytes per idle action", held / Double(keys))
            + "; resident size with the view model kept, minus before it ran"))
    } else {
      results.append(
        .notMeasured(heldName, unit: "MiB", target: 10, targetDescription: "≤ 10 MiB", because: "no /proc/self/statm"))
    }
    withExtendedLifetime(kept) {}
    return results
  }

  /// The timed rounds, in a fresh copy of this binary so that they do not depend on what the
  /// scenarios before them left in this process's heap (as for the runs in flight); measured
  /// here when no copy can run.
  @MainActor
  private static func timingsInFreshProcess(keys: Int, rounds: Int) async -> Timings {
    let output = FreshCopy.output([childFlag, String(keys), String(rounds)])
    let timings = try? JSONDecoder().decode(Timings.self, from: Data(output.utf8))
    if let timings, timings.ratios.count == rounds { return timings }
    FileHandle.standardError.write(Data("warning: keyed actions: no fresh process; measuring in this one\n".utf8))
    return await timedRounds(keys: keys, rounds: rounds)
  }

  /// In the fresh copy: measures the timed rounds and prints them as JSON.
  @MainActor
  static func child(_ keys: String?, _ rounds: String?) async -> Never {
    guard let keys = keys.flatMap(Int.init), let rounds = rounds.flatMap(Int.init), keys > 0, rounds > 0 else {
      FreshCopy.reply(Timings?.none)
    }
    FreshCopy.reply(await timedRounds(keys: keys, rounds: rounds))
  }

  /// Fresh view models per round, so every key is new to them. The two run the same batch of
  /// keys in turn, the first of the pair alternating, and each side's time is the sum of its
  /// batches: what drifts while the round runs (this runner's speed changes by up to 2× for tens
  /// of milliseconds at a time) weighs on both sides alike.
  @MainActor
  static func timedRounds(keys: Int, rounds: Int) async -> Timings {
    let work: @MainActor () async throws -> Int = { 1 }
    var timings = Timings()
    for _ in 0..<rounds {
      let handViewModel = HandWrittenKeyedViewModel()
      let ourViewModel = KeyedBenchViewModel()
      var hand = 0.0
      var mine = 0.0
      for (index, start) in stride(from: 0, to: keys, by: batch).enumerated() {
        let rows = start..<min(start + batch, keys)
        if index.isMultiple(of: 2) {
          hand += await seconds(of: rows) { handViewModel.load(row: $0, work) }
          mine += await seconds(of: rows) { ourViewModel.load(row: $0, work) }
        } else {
          mine += await seconds(of: rows) { ourViewModel.load(row: $0, work) }
          hand += await seconds(of: rows) { handViewModel.load(row: $0, work) }
        }
      }
      timings.hand.append(hand)
      timings.ours.append(mine)
      timings.ratios.append(mine / hand)
    }
    return timings
  }

  /// Seconds to start a run of each key in `keys` with `load`, then await them all.
  @MainActor
  static func seconds(of keys: Range<Int>, _ load: (Int) -> Task<Void, Never>) async -> Double {
    await Measure.seconds {
      var handles: [Task<Void, Never>] = []
      handles.reserveCapacity(keys.count)
      for row in keys { handles.append(load(row)) }
      for handle in handles { await handle.value }
    }
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
