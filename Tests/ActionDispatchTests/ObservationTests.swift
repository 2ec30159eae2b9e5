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
@Suite struct ObservationTests {
  @Test func readerOfOneActionIsNotInvalidatedByAnother() async {
    let viewModel = TestViewModel()
    let invalidations = InvalidationCounter {
      _ = viewModel.isLoading(for: .load)
      _ = viewModel.error(for: .load)
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
    let invalidations = InvalidationCounter { _ = viewModel.error(for: .load) }
    await viewModel.dispatch(actionId: .load, task: { () async throws -> Int in throw TestError() }).value
    #expect(invalidations.count == 1)
  }

  @Test func subclassPropertiesAreObservable() async {
    let viewModel = TestViewModel()
    let invalidations = InvalidationCounter { _ = viewModel.value }
    await viewModel.dispatch(actionId: .load, task: { 3 }) { viewModel.value = $0 }.value
    #expect(invalidations.count == 1)
  }
}
