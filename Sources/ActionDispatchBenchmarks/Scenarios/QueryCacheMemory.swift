import ActionDispatch
import Foundation

/// Issue 37, item 8: the memory of a ``QueryCache``, each figure in a fresh process, resident set
/// after `malloc_trim`, glibc's thresholds fixed (``ChildProcess/fixHeapThresholds()``):
/// - 100,000 keys of `Int` values, fetched through the cache (capacity 100,000): the bytes a key
///   costs beyond its value, and what is left once a view model watched each and was released,
///   the cache's clock (a ``ManualClock``) passed their gc time and the sweep forgot them — the
///   cache kept; and the bytes a key costs when set with `setValue(_:for:)` instead;
/// - 1,000,000 reads (`value(for:)` and `loadable(for:)`) of keys nobody holds, in a cache that
///   holds 1,000 others: what they leave, and how many keys they made.
enum QueryCacheMemory {
  /// The hidden argument that makes this binary fill a cache with `count` keys and print ``Figures``.
  static let keysChildFlag = "--query-cache-keys-child"
  /// The hidden argument that makes this binary read `count` absent keys and print ``ReadFigures``.
  static let readsChildFlag = "--query-cache-reads-child"
  static let perKeyName = "query cache: resident bytes per key beyond its value"
  static let perSetKeyName = "query cache: resident bytes per key set by setValue beyond its value"
  /// Malloc's bytes in use, not the resident set: the same binary's resident set left 0.45–0.75
  /// MiB in one hour and 1.9–4.3 MiB in the next on this machine, quiet both times (pages glibc
  /// kept or the system did not take back), while the bytes in use were back to within 0.1 MiB.
  static let leftName = "query cache: memory in use left by 100000 keys once unwatched past their gc time"
  static let readLeftName = "query cache: resident memory left by 1000000 reads of keys nobody holds"
  static let readMadeName = "query cache: keys made by 1000000 reads of keys nobody holds"

  /// What the keys child measured.
  typealias Figures = HeldAndLeft

  /// What the reads child measured.
  struct ReadFigures: Codable {
    var left: Double
    var made: Int
  }

  /// The keys' rows; `keys` is 100,000 in the names.
  static func keys(_ keys: Int, wanted: (String) -> Bool) -> [BenchmarkResult] {
    var results: [BenchmarkResult] = []
    if wanted(perKeyName) || wanted(leftName) { results += measureKeys(keys, filledBy: "fetch") }
    if wanted(perSetKeyName) { results += measureKeys(keys, filledBy: "set").prefix(1) }
    return results
  }

  /// The rows of one child: bytes a key, then what the keys left; `filledBy` is `fetch` or `set`.
  private static func measureKeys(_ keys: Int, filledBy fill: String) -> [BenchmarkResult] {
    let output = FreshCopy.output([keysChildFlag, String(keys), fill])
    let figures = try? JSONDecoder().decode(Figures.self, from: Data(output.utf8))
    let mebibyte = 1_048_576.0
    let valueBytes = Double(MemoryLayout<Int>.stride)
    let perKey = figures.map { $0.held / Double(keys) - valueBytes } ?? .nan
    let held = figures.map { $0.held / mebibyte } ?? .nan
    let left = figures.map { $0.left / mebibyte } ?? .nan
    let filled = fill == "set" ? "set once with setValue(_:for:) in" : "fetched once through"
    let notes =
      "\(keys) keys (\"row\", n) of Int values, each \(filled) a QueryCache of capacity \(keys), in a fresh "
      + "process; resident set (malloc_trim) "
    return [
      BenchmarkResult(
        name: fill == "set" ? perSetKeyName : perKeyName, value: perKey, unit: "bytes", baselineName: nil,
        baselineValue: nil, measure: perKey.isNaN ? .infinity : perKey, target: 160,
        targetDescription: "≤ 160 bytes",
        notes: notes + "with every key held minus before (\(Table.format(held)) MiB), a key, less the value's "
          + "\(Int(valueBytes)) bytes"),
      BenchmarkResult.absolute(
        leftName, value: left, unit: "MiB", target: 1, targetDescription: "≤ 1 MiB",
        notes: "\(keys) keys fetched, watched by a view model that was released, the clock past the gc time and "
          + "every key forgotten: malloc's bytes in use (mallinfo2), minus before"),
    ]
  }

  /// The reads' rows; `reads` is 1,000,000 in the names.
  static func reads(_ reads: Int) -> [BenchmarkResult] {
    let output = FreshCopy.output([readsChildFlag, String(reads)])
    let figures = try? JSONDecoder().decode(ReadFigures.self, from: Data(output.utf8))
    let left = figures.map { $0.left / 1_048_576 } ?? .nan
    let made = figures.map { Double($0.made) } ?? .nan
    let notes = "value(for:) and loadable(for:) of \(reads) absent keys outside tracking, in a fresh process, "
    return [
      BenchmarkResult.absolute(
        readLeftName, value: left, unit: "MiB", target: 1, targetDescription: "≤ 1 MiB",
        notes: notes + "the cache holding 1000 other keys; resident set after minus before (malloc_trim)"),
      BenchmarkResult.absolute(
        readMadeName, value: made, unit: "keys", target: 0, targetDescription: "0",
        notes: notes + "the cache's count after minus before"),
    ]
  }

  /// In the fresh copy: fills a cache with `count` keys, lets them pass their gc time, and prints
  /// ``Figures`` as JSON.
  @MainActor
  static func keysChild(_ count: String?, _ filledBy: String?) async -> Never {
    guard let count = count.flatMap(Int.init), count > 0, let filledBy, ["fetch", "set"].contains(filledBy) else {
      FreshCopy.reply(Figures?.none)
    }
    let bySetting = filledBy == "set"
    // Without it, what the keys leave read 0.72–2.34 MiB from one run to the next (freeing the
    // view model's 4 MiB table of watches raised glibc's thresholds), while the bytes in use were
    // back to within 0.1 MiB of before every time (malloc_stats).
    ChildProcess.fixHeapThresholds()
    let clock = ManualClock()
    let cache = QueryCache(clock: clock, gcTime: .seconds(300), capacity: count)
    // Warm-up: a thousand keys, numbered apart, fetched, watched, unwatched and forgotten, so that
    // the code paths, their metadata and the sweeper exist before.
    guard await fill(1_000, from: -1_000, into: cache, bySetting: bySetting),
      await watchAndRelease(1_000, from: -1_000, in: cache),
      cache.count == 1_000, await passGCTime(of: cache, clock)
    else { FreshCopy.reply(Figures?.none) }
    let allocatedBefore = ChildProcess.allocatedBytes()
    guard let before = Optional(ChildProcess.residentBytes()), before.isFinite,
      await fill(count, from: 0, into: cache, bySetting: bySetting), cache.count == count
    else { FreshCopy.reply(Figures?.none) }
    let held = ChildProcess.residentBytes()
    // Watched by a view model's action per key, then unwatched when it is released: their time
    // to be forgotten starts then.
    guard await watchAndRelease(count, from: 0, in: cache), cache.count == count,
      await passGCTime(of: cache, clock)
    else { FreshCopy.reply(Figures?.none) }
    let allocatedLeft = ChildProcess.allocatedBytes()
    withExtendedLifetime(cache) {}
    FreshCopy.reply(Figures(held: max(0, held - before), left: max(0, allocatedLeft - allocatedBefore)))
  }

  /// In the fresh copy: reads `count` keys nobody holds and prints ``ReadFigures`` as JSON.
  @MainActor
  static func readsChild(_ count: String?) async -> Never {
    guard let count = count.flatMap(Int.init), count > 0 else { FreshCopy.reply(ReadFigures?.none) }
    ChildProcess.fixHeapThresholds()
    let cache = QueryCache()
    // A thousand keys held, so that each read looks the table up rather than finding it empty.
    guard await fill(1_000, from: -1_000, into: cache, bySetting: false) else { FreshCopy.reply(ReadFigures?.none) }
    var found = 0
    // Warm-up reads, numbered apart from the measured ones.
    for row in 0..<10_000 { read(row: -10_000 - row, of: cache, into: &found) }
    let countBefore = cache.count
    let before = ChildProcess.residentBytes()
    for row in 0..<count { read(row: row, of: cache, into: &found) }
    let after = ChildProcess.residentBytes()
    withExtendedLifetime(cache) {}
    // A read of an absent key that found something is not what was to be measured.
    guard found == 0 else { FreshCopy.reply(ReadFigures?.none) }
    FreshCopy.reply(ReadFigures(left: max(0, after - before), made: cache.count - countBefore))
  }

  /// The benchmark's key for a row.
  private static func key(_ row: Int) -> QueryKey<Int> { QueryKey("row", String(row)) }

  /// Fetches `count` keys once each through the cache, one at a time, as a list's first page
  /// does — or sets each with `setValue(_:for:)`, as a mutation's answer does.
  @MainActor
  private static func fill(_ count: Int, from first: Int, into cache: QueryCache, bySetting: Bool) async -> Bool {
    for row in first..<(first + count) {
      if bySetting {
        cache.setValue(row, for: key(row))
      } else {
        guard (try? await cache.fetch(key(row), task: { row })) == row else { return false }
      }
    }
    return true
  }

  /// Makes a view model watch every key (each answered from the cache, since it is fresh), then
  /// releases it, which unwatches them all.
  @MainActor
  private static func watchAndRelease(_ count: Int, from first: Int, in cache: QueryCache) async -> Bool {
    var viewModel: KeyedBenchViewModel? = KeyedBenchViewModel()
    var answered = 0
    for row in first..<(first + count) {
      await viewModel?.dispatch(
        actionId: .row(row), query: key(row), in: cache, staleTime: .seconds(3_600), task: { row }
      ) { viewModel, value in
        viewModel.lastValue = value
        answered += 1
      }.value
    }
    viewModel = nil
    return answered == count
  }

  /// Moves the clock past the gc time and waits (bounded) for the sweep to forget every key.
  @MainActor
  private static func passGCTime(of cache: QueryCache, _ clock: ManualClock) async -> Bool {
    clock.advance(by: cache.gcTime + .seconds(1))
    for _ in 0..<100_000 where cache.count > 0 { await Task.yield() }
    return cache.count == 0
  }

  /// Reads one absent key as a view does: its value and its loadable.
  @MainActor
  private static func read(row: Int, of cache: QueryCache, into found: inout Int) {
    if cache.value(for: key(row)) != nil { found += 1 }
    if cache.loadable(for: key(row)).value != nil { found += 1 }
  }
}
