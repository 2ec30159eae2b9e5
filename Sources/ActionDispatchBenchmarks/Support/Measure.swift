import Foundation

/// Timing helpers: medians over rounds, so one noisy round does not decide.
enum Measure {
  /// Runs `body` once and returns the elapsed time in seconds.
  @MainActor
  static func seconds(_ body: @MainActor () async -> Void) async -> Double {
    let start = ContinuousClock.now
    await body()
    return seconds(in: ContinuousClock.now - start)
  }

  /// The processor time (user and system, every thread) the process spent running `body`, in
  /// seconds: what the work cost, whatever else the machine was running meanwhile. Wall time
  /// counts the moments another process held the core, which two rounds of the same work on a
  /// loaded machine share unevenly.
  @MainActor
  static func processorSeconds(_ body: @MainActor () async -> Void) async -> Double {
    let start = processorTime()
    await body()
    return processorTime() - start
  }

  /// Processor seconds to start `count` runs with `start` (given each one's index), run `thenBefore` (a held run released,
  /// say), then await every run started: what a round of dispatches costs, all of it.
  @MainActor
  static func processorSecondsAwaitingAll(
    _ count: Int, start: @MainActor (Int) -> Task<Void, Never>,
    then thenBefore: @MainActor () async -> Void = {}
  ) async -> Double {
    await processorSeconds {
      var tasks: [Task<Void, Never>] = []
      tasks.reserveCapacity(count)
      for index in 0..<count { tasks.append(start(index)) }
      await thenBefore()
      for task in tasks { await task.value }
    }
  }

  /// The process's processor time so far, user and system, in seconds; NaN when the system
  /// does not say, so that a row timed with it is not measured rather than wrong.
  static func processorTime() -> Double {
    var usage = rusage()
    #if canImport(Glibc)
      let who = RUSAGE_SELF.rawValue
    #else
      let who = RUSAGE_SELF
    #endif
    guard getrusage(who, &usage) == 0 else { return .nan }
    func seconds(_ time: timeval) -> Double { Double(time.tv_sec) + Double(time.tv_usec) / 1e6 }
    return seconds(usage.ru_utime) + seconds(usage.ru_stime)
  }

  /// A duration in seconds, as a `Double`.
  static func seconds(in duration: Duration) -> Double {
    Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
  }

  /// The median of `values`; NaN when there are none or when any is NaN or ∞ (a round that
  /// failed), so that a failed round makes the figure unmeasured rather than hiding in the middle.
  static func median(_ values: [Double]) -> Double {
    guard values.allSatisfy(\.isFinite) else { return .nan }
    let sorted = values.sorted()
    guard !sorted.isEmpty else { return .nan }
    let middle = sorted.count / 2
    return sorted.count.isMultiple(of: 2) ? (sorted[middle - 1] + sorted[middle]) / 2 : sorted[middle]
  }
}
