import Testing

@testable import ActionDispatchBenchmarks

@Suite struct BenchmarkCheckTests {
  /// A row as a scenario returns it.
  private func row(_ name: String, measure: Double, target: Double) -> BenchmarkResult {
    BenchmarkResult(
      name: name, value: measure, unit: "MiB", baselineName: nil, baselineValue: nil, measure: measure,
      target: target, targetDescription: "≤ \(target)", notes: "as measured")
  }

  @Test func passesWhenEveryFilterMatchesAMeasuredRowWithinItsTarget() {
    let results = [
      row("peak memory of followers", measure: 20, target: 100),
      row("CLI cold start: --help", measure: 1.2, target: 1.5),
    ]
    #expect(BenchmarkCheck.failures(of: results, filters: ["peak memory", "cli cold start"]).isEmpty)
  }

  @Test func aFilterThatMatchesNoRowFailsTheCheck() {
    let results = [row("peak memory of followers", measure: 20, target: 100)]
    #expect(
      BenchmarkCheck.failures(of: results, filters: ["peak memory", "CLI cold start"]) == [
        "--filter 'CLI cold start' matched no benchmark row: its gate would pass unchecked"
      ])
  }

  @Test func aRunWithoutFiltersThatProducedNoRowFails() {
    #expect(BenchmarkCheck.failures(of: [], filters: []) == ["no benchmark row was produced"])
  }

  @Test func aRowWhoseBinaryIsMissingIsListedAndFails() {
    let missing = BenchmarkResult.notMeasured(
      "CLI cold start: action-dispatch --help", unit: "ms", target: 1.5, targetDescription: "≤ 1.5× baseline",
      because: "/tmp/x/action-dispatch not built")
    #expect(!missing.measured)
    #expect(!missing.passed)
    #expect(
      BenchmarkCheck.failures(of: [missing], filters: ["CLI cold start"]) == [
        "'CLI cold start: action-dispatch --help' was not measured (its measure is nan): "
          + "not measured: /tmp/x/action-dispatch not built"
      ])
  }

  @Test(arguments: [Double.infinity, .nan])
  func aReferenceRowWithoutAFigureFailsRatherThanComparingInfinityWithInfinity(measure: Double) {
    let reference = row("FollowersViewModel memory: peak", measure: measure, target: .infinity)
    #expect(!reference.passed)
    #expect(BenchmarkCheck.failures(of: [reference], filters: []).count == 1)
  }

  @Test func aMeasuredReferenceRowPasses() {
    let reference = row("FollowersViewModel memory: peak", measure: 180, target: .infinity)
    #expect(reference.passed)
    #expect(BenchmarkCheck.failures(of: [reference], filters: ["memory"]).isEmpty)
  }

  @Test func aRowOverItsTargetFails() {
    let slow = row("browse frame", measure: 1.5, target: 1)
    #expect(
      BenchmarkCheck.failures(of: [slow], filters: []) == ["'browse frame' missed its target: 1.50 against ≤ 1.0"])
  }

  @Test func aRowOnlyAReportChoseIsPrintedButNotGated() {
    let results = [
      row("runs in flight: cost per run at 100000 vs at 1 (flat)", measure: 0.1, target: 1.3),
      row("runs in flight: 100 runs of one action vs 100 hand-written tasks", measure: 2.2, target: 1.5),
      .notMeasured(
        "cancelling: 100000 runs in flight", unit: "ns/run", target: .infinity, targetDescription: "reference",
        because: "no fresh process"),
    ]
    #expect(
      BenchmarkCheck.failures(of: results, filters: ["(flat)"], reports: ["runs in flight", "cancelling"]).isEmpty)
  }

  @Test func aRowAFilterChoosesStaysGatedThoughAReportChoosesItToo() {
    let results = [
      row("runs in flight: cost per run at 100000 vs at 1 (flat)", measure: 1.4, target: 1.3),
      row("runs in flight: 100 runs of one action vs 100 hand-written tasks", measure: 2.2, target: 1.5),
    ]
    #expect(
      BenchmarkCheck.failures(of: results, filters: ["(flat)"], reports: ["runs in flight"]) == [
        "'runs in flight: cost per run at 100000 vs at 1 (flat)' missed its target: 1.40 against ≤ 1.3"
      ])
  }

  @Test func aReportThatMatchesNoRowFailsTheCheck() {
    let results = [row("peak memory of followers", measure: 20, target: 100)]
    #expect(
      BenchmarkCheck.failures(of: results, filters: ["peak memory"], reports: ["cancelling"]) == [
        "--report 'cancelling' matched no benchmark row: it would vanish from the report"
      ])
  }

  @Test func aMedianOverRoundsWithAFailedRoundIsNoFigure() {
    #expect(Measure.median([1, 2, 3]) == 2)
    #expect(Measure.median([1, .infinity, 2]).isNaN)
    #expect(Measure.median([1, .nan, 2]).isNaN)
    #expect(Measure.median([]).isNaN)
  }
}
