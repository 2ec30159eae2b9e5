/// One benchmark's figure, its baseline from the same run, and its target.
struct BenchmarkResult: Codable, Sendable {
  var name: String
  var value: Double
  var unit: String
  var baselineName: String?
  var baselineValue: Double?
  /// What the target bounds: `value / baselineValue` when there is a baseline, else `value`.
  var measure: Double
  var target: Double
  var targetDescription: String
  var notes: String

  var passed: Bool { measure <= target }
}
