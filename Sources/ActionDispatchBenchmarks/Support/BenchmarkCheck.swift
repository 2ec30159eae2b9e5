/// What `--check` decides from a run's rows and the `--filter`s and `--report`s that chose them.
///
/// A gate cannot vanish: the check fails when a filter matches no row (a misspelt or renamed
/// benchmark, a scenario that returned nothing), when a row could not be measured (a missing
/// binary, a failed child: NaN or ∞, even on a reference row), and when a row misses its target.
/// A row that only a `--report` chose is printed but not gated, so one run (one measurement of a
/// scenario whose rows are partly gated) serves both; a `--report` that matches no row still fails.
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
  ///   - results: The rows the run kept (those its filters and reports chose).
  ///   - filters: The `--filter` values: the rows they choose are gated. With no filter and no
  ///     report, every row is.
  ///   - reports: The `--report` values: the rows they choose, and no filter does, are only printed.
  /// - Returns: A line for each filter or report that matched no row, each gated row not
  ///   measured, and each gated row that missed its target, in that order.
  static func failures(of results: [BenchmarkResult], filters: [String], reports: [String] = []) -> [String] {
    var failures: [String] = []
    for filter in filters where !results.contains(where: { matches($0.name, filter) }) {
      failures.append("--filter '\(filter)' matched no benchmark row: its gate would pass unchecked")
    }
    for report in reports where !results.contains(where: { matches($0.name, report) }) {
      failures.append("--report '\(report)' matched no benchmark row: it would vanish from the report")
    }
    if filters.isEmpty, reports.isEmpty, results.isEmpty {
      failures.append("no benchmark row was produced")
    }
    let gated = results.filter { result in
      (filters.isEmpty && reports.isEmpty) || filters.contains { matches(result.name, $0) }
    }
    for result in gated where !result.measured {
      failures.append(
        "'\(result.name)' was not measured (its measure is \(Table.format(result.measure))): \(result.notes)")
    }
    for result in gated where result.measured && !result.passed {
      failures.append(
        "'\(result.name)' missed its target: \(Table.format(result.measure)) against \(result.targetDescription)")
    }
    return failures
  }
}
