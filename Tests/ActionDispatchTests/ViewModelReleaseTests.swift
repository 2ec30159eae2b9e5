import ActionDispatch
import ActionDispatchTesting
import Observation
import Testing

// Issue 10, item 6: view models written exactly like the documentation's examples, in the form
// whose success closure receives the view model (`{ viewModel, value in … }`), so nothing holds
// `self`. Released with work in flight, each is freed, its work is cancelled and nothing is delivered.

protocol NameService: Sendable {
  func name() async throws -> String
}

enum ProfileAction: ActionIdType { case load }

/// The `BaseViewModel` doc comment's example, in the closure-receives-the-view-model form.
@MainActor
@Observable
final class DocProfileViewModel: BaseViewModel<ProfileAction> {
  private(set) var name = ""
  private let service: any NameService

  init(service: any NameService) {
    self.service = service
    super.init()
  }

  func load() {
    dispatch(actionId: .load, task: { [service] in try await service.name() }) { viewModel, name in
      viewModel.name = name
    }
  }
}

/// GettingStarted's example, which returns the run's task, in the same form.
@MainActor
@Observable
final class GettingStartedViewModel: BaseViewModel<ProfileAction> {
  private(set) var profile: String?
  private let service: any NameService

  init(service: any NameService) {
    self.service = service
    super.init()
  }

  @discardableResult
  func load(_ login: String) -> Task<Void, Never> {
    dispatch(actionId: .load, task: { [service] in try await service.name() }) { viewModel, profile in
      viewModel.profile = profile
    }
  }
}

/// A service whose call waits at a gate and reports how it ended.
struct GatedNameService: NameService {
  let gate = Gate()
  /// Passed once when the call has ended, however it ended; always open.
  let ended: Gate = {
    let gate = Gate()
    gate.open()
    return gate
  }()
  let probe = LockedState<[String]>([])

  func name() async throws -> String {
    do {
      try await gate.pass()
    } catch {
      probe.withLock { $0.append("cancelled") }
      try? await ended.pass()
      throw error
    }
    probe.withLock { $0.append("returned") }
    try? await ended.pass()
    return "Mona"
  }
}

@MainActor
@Suite(.serialExecutor) struct ViewModelReleaseTests {
  @Test func docExampleViewModelReleasedWithWorkInFlightIsFreedCancelsItsWorkAndDeliversNothing() async {
    let service = GatedNameService()
    var viewModel: DocProfileViewModel? = DocProfileViewModel(service: service)
    weak let released = viewModel
    var events: [ActionEvent<ProfileAction>.Kind] = []
    let token = viewModel!.observeEvents { events.append($0.kind) }
    viewModel!.load()
    await service.gate.arrivals(1)

    viewModel = nil

    #expect(released == nil, "the success closure kept the view model alive")
    service.gate.open()  // work still running now would return and deliver
    await service.ended.arrivals(1)
    #expect(service.probe.withLock { $0 } == ["cancelled"], "the work was not cancelled")
    #expect(released?.name ?? "" == "", "the result was delivered to a released view model")
    #expect(events == [.started], "no event after release: the view model is gone")
    token.cancel()
  }

  @Test func gettingStartedViewModelReleasedWithWorkInFlightIsFreedAndItsRunEndsCancelled() async {
    let service = GatedNameService()
    var viewModel: GettingStartedViewModel? = GettingStartedViewModel(service: service)
    weak let released = viewModel
    let run = viewModel!.load("octocat")
    await service.gate.arrivals(1)

    viewModel = nil

    #expect(released == nil, "the success closure kept the view model alive")
    service.gate.open()
    await run.value
    #expect(run.isCancelled)
    #expect(service.probe.withLock { $0 } == ["cancelled"])
    #expect(released?.profile == nil)
  }

  @Test func theClosureReceivesTheViewModelThatDispatched() async {
    let service = GatedNameService()
    service.gate.open()
    let viewModel = GettingStartedViewModel(service: service)
    await viewModel.load("octocat").value
    #expect(viewModel.profile == "Mona")
    #expect(viewModel.errorMessage(for: .load) == nil)
  }

  @Test func aViewModelWithManyRunsInFlightIsFreedOnRelease() async {
    let service = GatedNameService()
    var viewModel: GettingStartedViewModel? = GettingStartedViewModel(service: service)
    weak let released = viewModel
    let runs = (0..<5).map { viewModel!.load("user\($0)") }
    await service.gate.arrivals(5)
    viewModel = nil
    #expect(released == nil)
    service.gate.open()
    for run in runs { await run.value }
    #expect(service.probe.withLock { $0 } == Array(repeating: "cancelled", count: 5))
  }
}
