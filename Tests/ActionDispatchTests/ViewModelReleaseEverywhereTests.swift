import ActionDispatch
import ActionDispatchTesting
import Observation
import Testing

/// A service for the doc-style view model: every method's work is a `Stub` the test controls.
final class AdvProfileService: Sendable {
  let nameStub = Stub<Void, String>(returning: "Mona")
  let pagesStub = Stub<Void, [Int]>(returning: [])
  func name() async throws -> String { try await nameStub() }
  func pages() -> AsyncThrowingStream<Int, any Error> { pagesStub.stream() }
}

/// Written exactly as the `BaseViewModel` and `ActionDispatching` doc examples show: the work
/// captures `[service]`, the closures take the view model as their first argument.
@MainActor
@Observable
final class AdvProfileViewModel: BaseViewModel<AdvAction> {
  private(set) var name = ""
  private(set) var pages: [Int] = []
  private let service: AdvProfileService

  init(service: AdvProfileService, clock: TestClock) {
    self.service = service
    super.init(clock: clock)
  }

  func load(_ action: AdvAction = .a, policy: DispatchPolicy = .concurrent) -> Task<Void, Never> {
    dispatch(actionId: action, policy: policy, task: { [service] in try await service.name() }) {
      viewModel, name in
      viewModel.name = name
    }
  }

  func loadRetrying() -> Task<Void, Never> {
    dispatch(
      actionId: .row(1), retry: .exponential(maxAttempts: 5), task: { [service] in try await service.name() }
    ) { viewModel, name in
      viewModel.name = name
    }
  }

  func loadPages() -> Task<Void, Never> {
    dispatch(actionId: .row(2), elements: { [service] in service.pages() }) { viewModel, page in
      viewModel.pages.append(page)
    }
  }
}

/// "The framework holds no strong reference to the view model, so releasing it cancels its work
/// in flight and nothing is delivered" (`BaseViewModel`); `events()`: "it finishes when the view
/// model is released".
@MainActor
extension ViewModelReleaseTests {
  /// Makes the service's `name()` wait at `gate`, opening `cancelledWork` if it is cancelled there.
  private func holdName(of service: AdvProfileService, at gate: Gate, signalling cancelledWork: Gate) {
    service.nameStub.handle { _ in
      do { try await gate.pass() } catch {
        cancelledWork.open()
        throw error
      }
      return "late"
    }
  }

  @Test func aDocStyleViewModelReleasedWithRunsOfEveryPolicyWaitingOrInFlightIsFreedAndDeliversNothing() async {
    let clock = TestClock()
    let service = AdvProfileService()
    let gate = Gate()
    let cancelledWork = Gate()
    holdName(of: service, at: gate, signalling: cancelledWork)
    service.pagesStub.handle { _ in
      try await gate.pass()
      return [1, 2, 3]
    }
    var viewModel: AdvProfileViewModel? = AdvProfileViewModel(service: service, clock: clock)
    weak let released = viewModel
    let events = viewModel!.events()
    let collector = Task { @MainActor in
      var seen: [ActionEvent<AdvAction>] = []
      for await event in events { seen.append(event) }
      return seen
    }
    var tasks: [Task<Void, Never>] = []
    tasks.append(viewModel!.load())
    tasks.append(viewModel!.load(.b, policy: .enqueue))
    tasks.append(viewModel!.load(.b, policy: .enqueue))
    tasks.append(viewModel!.load(.c, policy: .debounce(.seconds(1))))
    tasks.append(viewModel!.load(.row(3), policy: .throttle(.seconds(1))))
    tasks.append(viewModel!.load(.row(3), policy: .throttle(.seconds(1))))
    tasks.append(viewModel!.loadPages())
    await gate.arrivals(4)  // .a, the first .b, the first .row(3), the pages
    service.nameStub.fail(with: TestError())
    tasks.append(viewModel!.loadRetrying())
    await clock.waitForSleepers(3)  // the debounce, the throttle interval, the retry backoff
    let callsBeforeRelease = service.nameStub.callCount

    viewModel = nil

    #expect(released == nil, "the view model outlived its last reference")
    for task in tasks { await task.value }
    try? await cancelledWork.pass()
    let seen = await collector.value
    #expect(!seen.contains { $0.kind == .succeeded || $0.kind == .failed })
    gate.open()
    await clock.run()
    #expect(service.nameStub.callCount == callsBeforeRelease, "work started after the release")
    #expect(clock.sleeperCount == 0)
  }

  @Test func releasingTheViewModelInsideATypedSuccessClosureFreesItAndCancelsItsOtherWork() async {
    let clock = TestClock()
    let service = AdvProfileService()
    let gate = Gate()
    let cancelledWork = Gate()
    holdName(of: service, at: gate, signalling: cancelledWork)
    let holder = AdvBox<AdvProfileViewModel?>(AdvProfileViewModel(service: service, clock: clock))
    weak let released = holder.value
    let other = holder.value!.load()
    await gate.arrivals(1)

    let run = holder.value!.dispatch(actionId: .b, task: { 1 }) { _, _ in holder.value = nil }
    await run.value

    #expect(released == nil)
    await other.value
    try? await cancelledWork.pass()
    gate.open()
  }

  @Test func releasingTheViewModelInsideTheLoadingStatusUpdateFreesItAndCancelsThatRun() async {
    let gate = Gate()
    let cancelledWork = Gate()
    let holder = AdvBox<AdvViewModel?>(AdvViewModel())
    weak let released = holder.value
    holder.value!.statusHook = { _, isLoading in
      if isLoading { holder.value = nil }
    }
    let delivered = AdvBox(false)

    let run = holder.value!.dispatch(
      actionId: .a,
      task: {
        do { try await gate.pass() } catch {
          cancelledWork.open()
          throw error
        }
      }, onSuccess: { _, _ in delivered.value = true })

    #expect(released == nil, "released inside its hook, the view model was kept alive")
    await run.value
    // The work either never started or was cancelled at the gate.
    if gate.arrivalCount > 0 { try? await cancelledWork.pass() }
    gate.open()
    #expect(!delivered.value)
  }

  @Test func releasingAViewModelWithAnObserveEventsListenerFinishesNothingLateAndCallsNoHandler() async {
    let gate = Gate()
    var viewModel: AdvViewModel? = AdvViewModel()
    weak let released = viewModel
    var heard: [ActionEvent<AdvAction>.Kind] = []
    var phases: [String] = []
    let eventsToken = viewModel!.observeEvents { heard.append($0.kind) }
    let onToken = viewModel!.observe {
      On(.a).succeeded { phases.append("succeeded") }.failed { _ in phases.append("failed") }
    }
    let runs = (0..<1_000).map { _ in viewModel!.dispatch(actionId: .a, task: { try await gate.pass() }) }
    await gate.arrivals(1_000)

    viewModel = nil

    #expect(released == nil)
    for run in runs { await run.value }
    gate.open()
    #expect(!heard.contains(.succeeded) && !heard.contains(.failed))
    #expect(phases.isEmpty)
    eventsToken.cancel()
    onToken.cancel()
  }
}
