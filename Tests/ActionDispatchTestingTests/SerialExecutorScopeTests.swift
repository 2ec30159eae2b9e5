import ActionDispatch
import ActionDispatchTesting
import Dispatch
import Testing

/// Which jobs a serial-executor scope takes: those of the tasks it starts, wherever they are
/// enqueued from, and no one else's.
///
/// The scope's queue runs its jobs on the main dispatch queue; the thread pool never does. So
/// code that is not isolated to the main actor tells where it runs by asking whether it is on
/// the main queue.
@Suite struct SerialExecutorScopeTests {
  @Test func aTaskStartedInAScopeRunsOnTheQueueAfterEveryKindOfSuspension() async {
    let places = await withSerialExecutor { () async -> [String: Bool] in
      let clock = TestClock()
      let sleeper = Task { () async -> [String: Bool] in
        var places = ["first job": MainQueue.isCurrent]
        await Task.yield()
        places["after a yield"] = MainQueue.isCurrent
        places["after a hop from the main actor"] = await MainActor.run { Task { @MainActor in await onThePool() } }
          .value
        places["a child task"] = await withTaskGroup(of: Bool.self) { group in
          group.addTask { MainQueue.isCurrent }
          return await group.next() ?? false
        }
        try? await clock.sleep(for: .seconds(1))
        places["after a clock sleep"] = MainQueue.isCurrent
        return places
      }
      await clock.waitForSleepers(1)
      await clock.advance(by: .seconds(1))
      return await sleeper.value
    }
    #expect(places.count == 5)
    for (place, onTheQueue) in places.sorted(by: { $0.key < $1.key }) {
      #expect(onTheQueue, "\(place): ran on the thread pool, not on the scope's queue")
    }
  }

  /// A run starts on the main actor; the service it calls is not isolated, so the run hops to
  /// the global executor, and the runtime enqueues it with no current task to ask.
  @MainActor
  @Test func theServiceAViewModelsRunCallsRunsOnTheQueue() async {
    let onTheQueue = await withSerialExecutor {
      let viewModel = ScopeViewModel()
      let place = LockedState<Bool?>(nil)
      await viewModel.load {
        let onTheQueue = await onThePool()
        place.withLock { $0 = onTheQueue }
      }.value
      return place.withLock { $0 }
    }
    #expect(onTheQueue == true)
  }

  @Test func aTaskOutsideTheScopeRunsOnThePoolWhileTheQueueIsHeld() async {
    let outcome = await withSerialExecutor { () async -> (DispatchTimeoutResult, Bool?) in
      // A job of the scope holds the queue (and the main queue it runs on) until a detached
      // task, which is not the scope's, has run. Taken by the queue, it could never run.
      await Task { () async -> (DispatchTimeoutResult, Bool?) in
        let ran = DispatchSemaphore(value: 0)
        let place = LockedState<Bool?>(nil)
        Task.detached {
          place.withLock { $0 = MainQueue.isCurrent }
          ran.signal()
        }
        // Bounded only so that a broken scope fails the test instead of hanging the run.
        let result = ran.wait(timeout: .now() + .seconds(120))
        return (result, place.withLock { $0 })
      }.value
    }
    #expect(outcome.0 == .success, "the detached task was held behind the scope's queue")
    #expect(outcome.1 == false, "the detached task ran on the scope's queue")
  }

  @Test func anotherTestsTaskKeepsRunningOnThePoolWhileAScopeIsOpen() async {
    let places = LockedState<[Bool]>([])
    let inScope = Gate()
    let outside = Task.detached {
      await inScope.passIgnoringCancellation()
      for _ in 0..<20 {
        places.withLock { $0.append(MainQueue.isCurrent) }
        await Task.yield()
      }
    }
    await withSerialExecutor {
      inScope.open()
      await outside.value
    }
    #expect(places.withLock { $0 } == Array(repeating: false, count: 20))
  }

  /// A task that outlives its scope is not stranded on the closed scope's queue: it runs to its
  /// end. Where it runs is not asserted: on the thread pool when no scope is open, but this
  /// suite runs beside other tests' scopes, and one opened in the meantime takes its jobs (as
  /// `withSerialExecutor`'s documentation says).
  @Test func aTaskThatOutlivesItsScopeRunsToItsEndAfterTheScopeCloses() async {
    let release = Gate()
    let leftover = await withSerialExecutor {
      Task { () async -> Int in
        await release.passIgnoringCancellation()
        var steps = 0
        for _ in 0..<10 {
          await Task.yield()
          steps += 1
        }
        return steps
      }
    }
    release.open()
    #expect(await leftover.value == 10)
  }
}

/// A nonisolated function: called from the main actor, the caller hops to the global executor.
private func onThePool() async -> Bool {
  MainQueue.isCurrent
}

enum ScopeAction: ActionIdType { case load }

@MainActor
final class ScopeViewModel: BaseViewModel<ScopeAction> {
  func load(_ work: @escaping @MainActor () async throws -> Void) -> Task<Void, Never> {
    dispatch(actionId: .load, task: work)
  }
}

/// Whether the current code runs on the main dispatch queue.
enum MainQueue {
  private static let key: DispatchSpecificKey<Bool> = {
    let key = DispatchSpecificKey<Bool>()
    DispatchQueue.main.setSpecific(key: key, value: true)
    return key
  }()

  static var isCurrent: Bool { DispatchQueue.getSpecific(key: key) == true }
}
