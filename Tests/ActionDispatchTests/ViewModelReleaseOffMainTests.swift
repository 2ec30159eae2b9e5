import ActionDispatch
import ActionDispatchTesting
import Observation
import Testing

// A view model is `@MainActor`, but its last reference can be dropped anywhere: by a detached
// task, a pool thread, a closure that finished off the main actor. Its runs' tasks run on the
// main actor meanwhile. Releasing it must still cancel every run, wake every queued run and
// deliver nothing. CI runs this under TSan too.

/// A view model with a plain run, queued runs and a run with a timeout, all of one action.
@MainActor
@Observable
private final class OffMainViewModel: BaseViewModel<ProfileAction> {
  var profile: String?
  private let service: any NameService

  init(service: any NameService) {
    self.service = service
    super.init()
  }

  func load(policy: DispatchPolicy = .concurrent, timeout: Duration? = nil) -> Task<Void, Never> {
    dispatch(actionId: .load, policy: policy, timeout: timeout, task: { [service] in try await service.name() }) {
      viewModel, profile in viewModel.profile = profile
    }
  }
}

/// Holds the only reference to a view model, so that another thread can drop it.
private final class LastReference: Sendable {
  let viewModel: LockedState<OffMainViewModel?>

  init(_ viewModel: OffMainViewModel) {
    self.viewModel = LockedState(viewModel)
  }

  /// Drops the reference on the calling thread, which then runs the view model's `deinit`.
  nonisolated func drop() {
    let dropped = viewModel.withLock { viewModel in
      defer { viewModel = nil }
      return viewModel
    }
    _ = consume dropped
  }
}

/// Hands the only reference to `viewModel` to a detached task, which drops it on a pool thread.
@MainActor
private func releaseOnAnotherThread(_ viewModel: inout OffMainViewModel?) async {
  let last = LastReference(viewModel!)
  viewModel = nil
  await Task.detached { last.drop() }.value
}

@MainActor
@Suite(.serialExecutor) struct ViewModelReleaseOffMainTests {
  // A run that is not stopped waits at the gate forever: the run-wide watchdog (.ci/run) fails that.
  @Test
  func releasedOnAnotherThreadWhileItsRunsStartItCancelsThemAllAndDeliversNothing() async {
    for round in 0..<50 {
      let service = GatedNameService()
      var viewModel: OffMainViewModel? = OffMainViewModel(service: service)
      weak let released = viewModel
      // Runs whose tasks have not started yet: a plain one, queued ones that will wait for their
      // turn, and one with a timeout.
      let runs = [
        viewModel!.load(), viewModel!.load(policy: .enqueue), viewModel!.load(policy: .enqueue),
        viewModel!.load(timeout: .seconds(60)),
      ]
      // The runs' tasks start on the main actor while another thread releases the view model.
      await releaseOnAnotherThread(&viewModel)

      #expect(released == nil, "round \(round): the view model outlived its last reference")
      // The gate stays shut: every run ends because it was stopped, a queued one included.
      for run in runs { await run.value }
      #expect(runs.allSatisfy { $0.isCancelled }, "round \(round): a run's task was not cancelled")
      let outcomes = service.probe.withLock { $0 }
      #expect(
        outcomes.allSatisfy { $0 == "cancelled" }, "round \(round): work that started was not cancelled: \(outcomes)")
    }
  }

  @Test
  func releasedOnAnotherThreadWithADispatchHeldByThrottleItDropsIt() async {
    for round in 0..<50 {
      let service = GatedNameService()
      var viewModel: OffMainViewModel? = OffMainViewModel(service: service)
      weak let released = viewModel
      // The first runs and opens a 60 s window; the second is held until the window closes.
      let runs = [viewModel!.load(policy: .throttle(.seconds(60))), viewModel!.load(policy: .throttle(.seconds(60)))]
      await releaseOnAnotherThread(&viewModel)

      #expect(released == nil, "round \(round): the view model outlived its last reference")
      // The gate stays shut and the window open: both tasks end only because they were stopped.
      for run in runs { await run.value }
      let outcomes = service.probe.withLock { $0 }
      #expect(outcomes.count <= 1 && outcomes.allSatisfy { $0 == "cancelled" }, "round \(round): \(outcomes)")
    }
  }
}
