/// What `--check` decides from a run's rows and the `--filter`s that chose them.
///
/// A gate cannot vanish: the check fails when a filter matches no row (a misspelt or renamed
/// benchmark, a scenario that returned nothing), when a row could not be measured (a missing
/// binary, a failed child: NaN or ∞, even on a reference row), and when a row misses its target.
///
/// ```swift
/// let failures = BenchmarkCheck.failures(of: results, filters: ["CLI cold start"])
/// if !failures.isEmpty { exit(1) }
/// ```
enum BenchmarkCheck {
  /// Whether `name` is chosen by `filter`: it contains it, ignoring case.
  ///
  /// - Parameters:
  ///   - name: A scenario's or a row's name.
  ///   - filter: A `--filter` value.
  /// - Returns: Whether the filter chooses it.
  static func matches(_ name: String, _ filter: String) -> Bool {
    name.localizedCaseInsensitiveContains(filter)
  }

  /// Each reason the check fails, one a line; empty when it passes.
  ///
  /// - Parameters:
  ///   - results: The rows the run kept (those its filters chose).
  ///   - filters: The `--filter` values; none means every benchmark.
  /// - Returns: A line for each filter that matched no row, each row not measured, and each
  ///   row that missed its target, in that order.
  static func failures(of results: [BenchmarkResult], filters: [String]) -> [String] {
    var failures: [String] = []
    for filter in filters where !results.contains(where: { matches($0.name, filter) }) {
      failures.append("--filter '\(filter)' matched no benchmark row: its gate would pass unchecked")
    }
    if filters.isEmpty, results.isEmpty {
      failures.append("no benchmark row was produced")
    }
    for result in results where !result.measured {
      failures.append(
        "'\(result.name)' was not measured (its measure is \(Table.format(result.measure))): \(result.notes)")
    }
    for result in results where result.measured && !result.passed {
      failures.append(
        "'\(result.name)' missed its target: \(Table.format(result.measure)) against \(result.targetDescription)")
    }
    return failures
  }
}
