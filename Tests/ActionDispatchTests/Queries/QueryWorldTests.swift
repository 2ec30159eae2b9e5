import ActionDispatch
import ActionDispatchTesting
import Foundation
import Testing

/// Seeded worlds of three view models on one cache (issue 37, item 9): dispatches of three keys
/// with random stale and failure times, answers and failures in any order, cancels, view models
/// released mid-fetch, invalidations by key, prefix and all (some from inside a watcher's
/// `onSuccess`), values set and rolled back, and time moving past stale times and the gc time.
/// After every step: one fetch per key in flight (unless outdated by an invalidation); once
/// everything is answered: no view model loading, every task ended, and every live view model
/// showing what the cache holds for its key. Replay one with `QUERY_WORLD_SEED=<seed>`; play more
/// with `QUERY_WORLDS=<n>`.
@MainActor
@Suite(.serialExecutor) struct QueryWorldTests {
  static let keys = ["a", "b", "c"]

  @Test func everySeededCacheWorldKeepsItsPromises() async {
    let seeds: [UInt64] =
      if let seed = Environment.seed {
        [seed]
      } else {
        (1...Environment.worlds).map { UInt64($0) &* 0x9E37_79B9_7F4A_7C15 }
      }
    var failing: [String] = []
    for seed in seeds {
      let problems = await world(seed: seed)
      if !problems.isEmpty {
        failing.append("seed \(seed) (QUERY_WORLD_SEED=\(seed)):\n  " + problems.joined(separator: "\n  "))
      }
    }
    #expect(
      failing.isEmpty, "\(failing.count) of \(seeds.count) worlds broke:\n\(failing.prefix(3).joined(separator: "\n"))")
  }

  private func world(seed: UInt64) async -> [String] {
    var random = AdvRandom(seed: seed)
    let clock = TestClock()
    let cache = QueryCache(clock: clock, gcTime: .seconds(300), capacity: 3)
    let server = QueryWorldServer()
    var screens: [QueryWorldScreen?] = (0..<3).map {
      QueryWorldScreen(name: "vm\($0)", cache: cache, server: server, clock: clock)
    }
    var tasks: [Task<Void, Never>] = []
    var rollbacks: [@MainActor () -> Void] = []
    var budget = 6  // re-entrant invalidations left
    var valueNumber = 0
    var log: [String] = []
    let reentrant: @MainActor (QueryWorldScreen, String) -> Void = { screen, _ in
      guard budget > 0, let key = screen.currentKey else { return }
      budget -= 1
      server.invalidatedAt[key] = server.step
      cache.invalidate(QueryKey<String>("world", key))
    }
    for (index, screen) in screens.enumerated() where index == 0 { screen?.reaction = reentrant }

    for step in 0..<60 {
      server.step = step
      let key = Self.keys[random.below(Self.keys.count)]
      let slot = random.below(screens.count)
      switch random.below(12) {
      case 0, 1, 2:
        guard let screen = screens[slot] else {
          screens[slot] = QueryWorldScreen(name: "vm\(slot)'", cache: cache, server: server, clock: clock)
          log.append("\(step): new vm\(slot)")
          continue
        }
        let staleTimes: [Duration?] = [nil, .zero, .seconds(5), .seconds(60)]
        let failureTimes: [Duration?] = [nil, .seconds(10)]
        let staleTime = staleTimes[random.below(staleTimes.count)]
        let failureTime = failureTimes[random.below(failureTimes.count)]
        log.append("\(step): \(screen.name) shows \(key) stale \(String(describing: staleTime))")
        tasks.append(screen.show(key, staleTime: staleTime, failureTime: failureTime))
      case 3, 4:
        guard !server.pending.isEmpty else { continue }
        let index = random.below(server.pending.count)
        valueNumber += 1
        let value = random.chance(25) ? nil : "\(server.pending[index].key)\(valueNumber)"
        log.append("\(step): answer \(server.pending[index].key) with \(value ?? "failure")")
        server.answer(index, with: value)
      case 5:
        log.append("\(step): cancel vm\(slot)")
        screens[slot]?.cancel(.show)
      case 6:
        log.append("\(step): release vm\(slot)")
        screens[slot] = nil
      case 7:
        log.append("\(step): invalidate \(key)")
        server.invalidatedAt[key] = step
        cache.invalidate(QueryKey<String>("world", key))
      case 8:
        log.append("\(step): invalidate all")
        for key in Self.keys { server.invalidatedAt[key] = step }
        if random.chance(50) { cache.invalidateAll() } else { cache.invalidate(prefix: "world") }
      case 9:
        valueNumber += 1
        log.append("\(step): set \(key) = set\(valueNumber)")
        rollbacks.append(cache.setValue("set\(valueNumber)", for: QueryKey<String>("world", key)))
      case 10:
        guard !rollbacks.isEmpty else { continue }
        log.append("\(step): roll back")
        rollbacks.removeFirst()()
      default:
        let steps: [Duration] = [.seconds(1), .seconds(6), .seconds(61), .seconds(400)]
        let duration = steps[random.below(steps.count)]
        log.append("\(step): advance \(duration)")
        await clock.advance(by: duration)
      }
      await settle()
      if !server.problems.isEmpty { return server.problems + ["after:"] + log.suffix(8) }
    }

    // Answer everything left, in order, until nothing is pending.
    for _ in 0..<50 where !server.pending.isEmpty {
      valueNumber += 1
      server.answer(0, with: "\(server.pending[0].key)\(valueNumber)")
      await settle()
    }
    var problems = server.problems
    for task in tasks {
      if (try? await task.value(within: .seconds(5))) == nil {
        problems.append("a dispatch's task never ended")
        break
      }
    }
    for case let screen? in screens {
      if screen.isLoading(for: .show) { problems.append("\(screen.name) still loading with nothing pending") }
      guard let key = screen.currentKey, let cached = cache.value(for: QueryKey<String>("world", key)) else { continue }
      if let shown = screen.lastDelivered, shown.key == key, shown.value != cached {
        problems.append("\(screen.name) shows \(key) = \(shown.value), the cache holds \(cached)")
      }
    }
    return problems.isEmpty ? [] : problems + ["log:"] + log.suffix(12)
  }

  /// Lets every job the step started run (the serial executor runs them in order).
  private func settle() async {
    for _ in 0..<40 { await Task.yield() }
  }

  private enum Environment {
    /// How many worlds to play: 150 by default, `QUERY_WORLDS=<n>` for more.
    static var worlds: Int {
      ProcessInfo.processInfo.environment["QUERY_WORLDS"].flatMap { Int($0) }.map { max($0, 1) } ?? 150
    }
    static var seed: UInt64? {
      ProcessInfo.processInfo.environment["QUERY_WORLD_SEED"].flatMap { UInt64($0) }
    }
  }
}
