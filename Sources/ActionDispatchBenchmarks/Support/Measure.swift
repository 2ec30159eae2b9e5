/// Timing helpers: medians over rounds, so one noisy round does not decide.
enum Measure {
  /// Runs `body` once and returns the elapsed time in seconds.
  @MainActor
  static func seconds(_ body: @MainActor () async -> Void) async -> Double {
    let start = ContinuousClock.now
    await body()
    return seconds(in: ContinuousClock.now - start)
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
