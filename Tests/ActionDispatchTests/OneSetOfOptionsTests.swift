import ActionDispatch
import ActionDispatchTesting
import Testing

/// Issue 40, item 5: `dispatch`, `dispatchAndWait` and the streaming form take one set of
/// options — `optimistic:` on `dispatchAndWait`, `supersedes:` and `optimistic:` on a stream.
@MainActor
@Suite(.serialExecutor) struct OneSetOfOptionsTests {
  /// Makes `value` 99 at once and undoes it.
  private static func showNinetyNine(_ viewModel: TestViewModel) -> @MainActor (TestViewModel) -> Void {
    let previous = viewModel.value
    viewModel.value = 99
    return { viewModel in viewModel.value = previous }
  }

  @Test func dispatchAndWaitMakesItsOptimisticChangeAndRollsItBackWhenTheRunFails() async {
    let viewModel = TestViewModel()
    viewModel.value = 1
    var seenDuringWork: Int?
    await viewModel.dispatchAndWait(
      actionId: .save, optimistic: Self.showNinetyNine,
      task: { @MainActor [viewModel] () async throws -> Int in
        seenDuringWork = viewModel.value
        throw TestError(message: "refused")
      })
    #expect(seenDuringWork == 99)
    #expect(viewModel.value == 1)
    #expect(viewModel.errorMessage(for: .save) == "refused")

    await viewModel.dispatchAndWait(actionId: .save, optimistic: Self.showNinetyNine, task: { 5 })
    #expect(viewModel.value == 99, "a success keeps the change")
  }

  @Test func aStreamSupersedesTheRunsOfTheActionsItNames() async {
    let viewModel = TestViewModel()
    let recorder = EventRecorder(viewModel)
    let gate = Gate()
    let search = viewModel.dispatch(actionId: .search, task: { try await gate.pass() })

    let stream = viewModel.dispatch(
      actionId: .load, supersedes: [.search], elements: { finite([1, 2]) }
    ) { viewModel, element in viewModel.log.append("element \(element)") }
    #expect(!viewModel.isLoading(for: .search))
    await stream.value
    await search.value

    #expect(recorder.events == [.started(.search), .started(.load), .cancelled(.search), .succeeded(.load)])
    #expect(viewModel.log.filter { $0.hasPrefix("element") } == ["element 1", "element 2"])
  }

  @Test func aStreamMakesItsOptimisticChangeAndRollsItBackWhenItFails() async {
    let viewModel = TestViewModel()
    viewModel.value = 1
    let failing = viewModel.dispatch(
      actionId: .load, optimistic: Self.showNinetyNine,
      elements: { FailingAfterOne() }
    ) { viewModel, element in viewModel.log.append("element \(element)") }
    #expect(viewModel.value == 99, "shown before the first element")
    await failing.value
    #expect(viewModel.value == 1)
    #expect(viewModel.log.filter { $0.hasPrefix("element") } == ["element 7"], "delivered elements stay")

    await viewModel.dispatch(actionId: .load, optimistic: Self.showNinetyNine, elements: { finite([1]) }) { _, _ in }
      .value
    #expect(viewModel.value == 99, "a stream that finishes keeps the change")
  }
}

/// A sequence that yields 7, then throws.
private struct FailingAfterOne: AsyncSequence, Sendable {
  struct AsyncIterator: AsyncIteratorProtocol {
    var sent = false
    mutating func next() async throws -> Int? {
      if sent { throw TestError(message: "dropped") }
      sent = true
      return 7
    }
  }
  func makeAsyncIterator() -> AsyncIterator { AsyncIterator() }
}

/// A stream of `values` that then finishes.
private func finite(_ values: [Int]) -> AsyncStream<Int> {
  AsyncStream { continuation in
    for value in values { continuation.yield(value) }
    continuation.finish()
  }
}
