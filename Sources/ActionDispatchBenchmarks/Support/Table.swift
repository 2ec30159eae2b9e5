import Foundation

/// Renders results as an aligned text table.
enum Table {
  static func render(_ results: [BenchmarkResult]) -> String {
    let header = ["benchmark", "value", "baseline", "measure", "target", "ok"]
    let rows = results.map { result -> [String] in
      [
        result.name,
        "\(format(result.value)) \(result.unit)",
        result.baselineValue.map { "\(format($0)) (\(result.baselineName ?? ""))" } ?? "—",
        result.baselineValue == nil ? format(result.measure) : "\(format(result.measure))×",
        result.targetDescription,
        result.passed ? "yes" : result.measured ? "NO" : "NO (not measured)",
      ]
    }
    let widths = header.indices.map { column in
      ([header] + rows).map { $0[column].count }.max() ?? 0
    }
    func line(_ cells: [String]) -> String {
      zip(cells, widths).map { $0.padding(toLength: $1, withPad: " ", startingAt: 0) }
        .joined(separator: "  ").trimmingCharacters(in: .whitespaces)
    }
    return ([line(header)] + rows.map(line)).joined(separator: "\n")
  }

  static func format(_ value: Double) -> String {
    if value.isInfinite { return "∞" }
    if value == value.rounded(), abs(value) < 1e9 { return String(Int(value)) }
    return String(format: abs(value) < 10 ? "%.2f" : "%.1f", value)
  }
}
