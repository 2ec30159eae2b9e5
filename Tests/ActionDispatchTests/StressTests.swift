import ActionDispatch
import ActionDispatchTesting
import Testing

/// A small seeded generator, so a failure can be replayed.
struct SplitMix64: RandomNumberGenerator {
  var state: UInt64
  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}

/// The run number a dispatch got, filled in once `dispatch` returns.
@MainActor
final class RunNumber {
  var value: UInt64 = 0
}

@MainActor
@Suite(.serialExecutor) struct StressTests {
  @Test(arguments: [UInt64(1), 42])
  func everyRunEndsExactlyOnceAndNoStaleResultIsApplied(seed: UInt64) async {
    var random = SplitMix64(state: seed)
    let viewModel = TestViewModel(clock: ImmediateClock())
    let policies: [DispatchPolicy] = [
      .concurrent, .cancelPrevious, .ignoreWhileRunning, .enqueue, .debounce(.milliseconds(5)),
    ]
    var started = Set<UInt64>()
    var ended: [UInt64: Int] = [:]
    var lastRunStarted: UInt64 = 0
    var staleDeliveries = 0
    var deliveries = 0
    let token = viewModel.observeEvents { event in
      switch event.kind {
      case .started:
        started.insert(event.run)
        lastRunStarted = event.run
      case .succeeded, .failed, .cancelled, .dropped, .fresh:
        ended[event.run, default: 0] += 1
      case .joined:
        break
      }
    }

    let total = 100_000
    let batch = 500
    for batchStart in stride(from: 0, to: total, by: batch) {
      var handles: [Task<Void, Never>] = []
      handles.reserveCapacity(batch)
      for _ in batchStart..<(batchStart + batch) {
        let action = TestAction.allCases.randomElement(using: &random)!
        let policy = policies.randomElement(using: &random)!
        let yields = Int.random(in: 0...2, using: &random)
        let fails = Int.random(in: 0..<10, using: &random) == 0
        let runID = RunNumber()
        let handle = viewModel.dispatch(
          actionId: action, policy: policy,
          task: {
            for _ in 0..<yields { await Task.yield() }
            if fails { throw TestError() }
            return yields
          }
        ) { _, _ in
          deliveries += 1
          if ended[runID.value] != nil { staleDeliveries += 1 }
        }
        runID.value = lastRunStarted
        handles.append(handle)
        switch Int.random(in: 0..<50, using: &random) {
        case 0: viewModel.cancel(action)
        case 1: handle.cancel()
        default: break
        }
      }
      for handle in handles { await handle.value }
    }
    token.cancel()

    #expect(ended.count == total, "every dispatch ends: started or dropped, then ended")
    #expect(ended.values.allSatisfy { $0 == 1 }, "no run ends twice")
    #expect(started.allSatisfy { ended[$0] == 1 })
    #expect(staleDeliveries == 0)
    #expect(deliveries > 0)
    #expect(!viewModel.isAnyLoading)
    for action in TestAction.allCases { #expect(!viewModel.isLoading(for: action)) }
  }
}
