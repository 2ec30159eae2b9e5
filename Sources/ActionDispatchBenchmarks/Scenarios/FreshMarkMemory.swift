import Foundation

/// Issue 33: the memory 100,000 keyed actions hold while fresh (`staleTime:`), and what is left
/// once their window passed — in a fresh process, resident set after `malloc_trim`, the view
/// model's clock a ``ManualClock`` moved past the window.
enum FreshMarkMemory {
  /// The hidden argument that makes this binary mark `count` keyed actions fresh and print the bytes.
  static let childFlag = "--fresh-mark-memory-child"
  static let heldName = "memory: resident memory held by 100000 keyed actions fresh at once"
  static let perMarkName = "server state: resident bytes per fresh keyed mark"
  static let leftName = "memory: resident memory left by 100000 fresh keyed actions once their window passed"

  /// What the child measured.
  typealias Figures = HeldAndLeft

  static func run(keys: Int) -> [BenchmarkResult] {
    let output = FreshCopy.output([childFlag, String(keys)])
    let figures = try? JSONDecoder().decode(Figures.self, from: Data(output.utf8))
    let mebibyte = 1_048_576.0
    let held = figures.map { $0.held / mebibyte } ?? .nan
    let left = figures.map { $0.left / mebibyte } ?? .nan
    let perMark = figures.map { $0.held / Double(keys) } ?? .nan
    let notes = "\(keys) keyed actions, each run once with staleTime: 60 s, in a fresh process; resident set "
    return [
      BenchmarkResult.absolute(
        heldName, value: held, unit: "MiB", target: 8, targetDescription: "≤ 8 MiB",
        notes: notes + "with every mark fresh minus before (malloc_trim)"),
      BenchmarkResult.absolute(
        perMarkName, value: perMark, unit: "bytes", target: 64, targetDescription: "≤ 64 bytes",
        notes: "the row above divided by \(keys)"),
      BenchmarkResult.absolute(
        leftName, value: left, unit: "MiB", target: 1, targetDescription: "≤ 1 MiB",
        notes: notes + "once the clock passed the window and the marks were swept, minus before"),
    ]
  }

  /// In the fresh copy: measures and prints ``Figures`` as JSON.
  @MainActor
  static func child(_ count: String?) async -> Never {
    guard let count = count.flatMap(Int.init), count > 0 else { FreshCopy.reply(Figures?.none) }
    let clock = ManualClock()
    let viewModel = KeyedBenchViewModel(clock: clock)
    // Warm-up: a thousand marks, numbered apart, made and swept, so that the code paths and the
    // clock's timer exist before. Not as many as are measured: freeing a table that large would
    // raise glibc's dynamic mmap and trim thresholds, and the measured table, then allocated in
    // a thread's arena below them, would stay resident after it is freed (malloc_trim does not
    // trim the top of a thread's heap) — a figure of the allocator, not of what is held.
    guard await mark(1_000, from: -1_000, of: viewModel), await passWindow(of: viewModel, clock) else {
      FreshCopy.reply(Figures?.none)
    }
    guard let before = Optional(ChildProcess.residentBytes()), before.isFinite,
      await mark(count, from: 0, of: viewModel), viewModel.freshMarkCount == count
    else { FreshCopy.reply(Figures?.none) }
    let held = ChildProcess.residentBytes()
    guard await passWindow(of: viewModel, clock) else { FreshCopy.reply(Figures?.none) }
    let left = ChildProcess.residentBytes()
    withExtendedLifetime(viewModel) {}
    FreshCopy.reply(Figures(held: max(0, held - before), left: max(0, left - before)))
  }

  /// Runs `count` keyed actions once each with a `staleTime`, in batches awaited together.
  @MainActor
  private static func mark(_ count: Int, from first: Int, of viewModel: KeyedBenchViewModel) async -> Bool {
    let work: @MainActor () async throws -> Int = { 1 }
    for start in stride(from: first, to: first + count, by: 1_000) {
      let tasks = (start..<min(start + 1_000, first + count)).map { row in
        viewModel.dispatch(actionId: .row(row), staleTime: .seconds(60), task: work)
      }
      for task in tasks { await task.value }
    }
    return !viewModel.isAnyLoading
  }

  /// Moves the clock past the window and waits (bounded) for the sweep to forget every mark.
  @MainActor
  private static func passWindow(of viewModel: KeyedBenchViewModel, _ clock: ManualClock) async -> Bool {
    clock.advance(by: .seconds(61))
    for _ in 0..<100_000 where viewModel.freshMarkCount > 0 { await Task.yield() }
    return viewModel.freshMarkCount == 0
  }
}
