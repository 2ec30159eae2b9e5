import ActionDispatch
import ActionDispatchTesting
import Observation
import Testing

/// Counts how often a tracked read is invalidated, the way SwiftUI invalidates a view.
///
/// `onChange` runs synchronously where the mutation happens: on the main actor here.
@MainActor
final class InvalidationCounter {
  private(set) var count = 0

  init(_ read: @escaping @MainActor () -> Void) {
    withObservationTracking(read) { [weak self] in
      MainActor.assumeIsolated { self?.count += 1 }
    }
  }
}

@MainActor
@Suite(.serialExecutor) struct ObservationTests {
  @Test func readerOfOneActionIsNotInvalidatedByAnother() async {
    let viewModel = TestViewModel()
    let invalidations = InvalidationCounter {
      _ = viewModel.isLoading(for: .load)
      _ = viewModel.errorMessage(for: .load)
    }
    for _ in 0..<10 {
      await viewModel.dispatch(actionId: .save, task: { () async throws -> Int in throw TestError() }).value
    }
    #expect(invalidations.count == 0)
    await viewModel.dispatch(actionId: .load, task: { 1 }).value
    #expect(invalidations.count == 1)
  }

  @Test func errorChangeInvalidatesItsReader() async {
    let viewModel = TestViewModel()
    let invalidations = InvalidationCounter { _ = viewModel.errorMessage(for: .load) }
    await viewModel.dispatch(actionId: .load, task: { () async throws -> Int in throw TestError() }).value
    #expect(invalidations.count == 1)
  }

  @Test func subclassPropertiesAreObservable() async {
    let viewModel = TestViewModel()
    let invalidations = InvalidationCounter { _ = viewModel.value }
    await viewModel.dispatch(actionId: .load, task: { 3 }) { _, value in viewModel.value = value }.value
    #expect(invalidations.count == 1)
  }

  // A loading change that nobody read since the last one is stored without telling the
  // registrar (nothing can be tracking it); these pin down that a reader is still told.

  @Test func aReaderWhoReadWhileLoadingIsToldWhenLoadingEnds() async {
    let viewModel = TestViewModel()
    let gate = Gate()
    let run = viewModel.dispatch(actionId: .load, task: { try await gate.pass() })  // nobody reads yet
    let loading = InvalidationCounter { #expect(viewModel.isLoading(for: .load)) }
    let anyLoading = InvalidationCounter { #expect(viewModel.isAnyLoading) }
    gate.open()
    await run.value
    #expect(loading.count == 1, "the end of loading did not invalidate a reader who read it while loading")
    #expect(anyLoading.count == 1, "the end of loading did not invalidate an isAnyLoading reader")
  }

  @Test func everyLoadingPeriodInvalidatesTheReaderOfThePeriodBefore() async {
    let viewModel = TestViewModel()
    for period in 1...5 {
      let idle = InvalidationCounter { #expect(!viewModel.isLoading(for: .load)) }
      let anyIdle = InvalidationCounter { #expect(!viewModel.isAnyLoading) }
      let gate = Gate()
      let run = viewModel.dispatch(actionId: .load, task: { try await gate.pass() })
      #expect(idle.count == 1, "period \(period): starting did not invalidate the idle reader")
      #expect(anyIdle.count == 1, "period \(period): starting did not invalidate the isAnyLoading reader")
      let loading = InvalidationCounter { #expect(viewModel.isLoading(for: .load)) }
      gate.open()
      await run.value
      #expect(loading.count == 1, "period \(period): ending did not invalidate the loading reader")
    }
  }
}
