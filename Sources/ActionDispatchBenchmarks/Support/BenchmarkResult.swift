/// One benchmark's figure, its baseline from the same run, and its target.
///
/// A row always stands in the table, measured or not: a scenario whose binary is missing or
/// whose child failed returns its rows without a figure (``notMeasured(_:unit:target:targetDescription:because:)``,
/// or a measure of NaN or ∞), and such a row fails `--check`, so that a gate cannot vanish.
struct BenchmarkResult: Codable, Sendable {
  var name: String
  var value: Double
  var unit: String
  var baselineName: String?
  var baselineValue: Double?
  /// What the target bounds: `value / baselineValue` when there is a baseline, else `value`.
  var measure: Double
  /// The bound on ``measure``; `.infinity` for a reference row, which has no target but must
  /// still be measured.
  var target: Double
  var targetDescription: String
  var notes: String

  /// Whether the row has a figure: NaN or ∞ stands for none (a missing binary, a failed child).
  var measured: Bool { measure.isFinite }

  /// Whether the row was measured and met its target; an unmeasured row never passes, so ∞ is
  /// never compared with a reference row's ∞.
  var passed: Bool { measured && measure <= target }

  /// A row that could not be measured, with the reason in its notes.
  ///
  /// - Parameters:
  ///   - name: The row's name, as a measured run would give it (filters match it).
  ///   - unit: The unit its value would have.
  ///   - target: Its target.
  ///   - targetDescription: Its target, in words.
  ///   - reason: Why there is no figure, and what to do.
  /// - Returns: A row with no figure, which fails `--check`.
  static func notMeasured(
    _ name: String, unit: String, target: Double, targetDescription: String, because reason: String
  ) -> BenchmarkResult {
    BenchmarkResult(
      name: name, value: .nan, unit: unit, baselineName: nil, baselineValue: nil, measure: .nan, target: target,
      targetDescription: targetDescription, notes: "not measured: \(reason)")
  }

  /// A row with no baseline: its figure is checked against the target itself, and a figure the
  /// child could not give (NaN) fails.
  ///
  /// - Parameters:
  ///   - name: The row's name.
  ///   - value: Its figure; NaN when it could not be measured.
  ///   - unit: The figure's unit.
  ///   - target: The most the figure may be.
  ///   - targetDescription: Its target, in words.
  ///   - notes: How it was measured.
  /// - Returns: The row.
  static func absolute(
    _ name: String, value: Double, unit: String, target: Double, targetDescription: String, notes: String
  ) -> BenchmarkResult {
    BenchmarkResult(
      name: name, value: value, unit: unit, baselineName: nil, baselineValue: nil,
      measure: value.isNaN ? .infinity : value, target: target, targetDescription: targetDescription, notes: notes)
  }
}
