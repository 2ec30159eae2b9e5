import ActionDispatch
import ActionDispatchTesting

/// The actions of ``LiveFeedViewModel``.
enum LiveFeedAction: ActionIdType {
  case watch
  case refresh
}

/// A service with a live feed and a one-shot call.
protocol LiveFeedService: Sendable {
  func messages(room: String) -> AsyncThrowingStream<String, any Error>
  func refresh() async throws -> [String]
}

/// A mock of ``LiveFeedService``: a stream the test drives, and a plain stub.
// snippet: mock-live-feed
final class MockLiveFeedService: LiveFeedService {
  let messagesStub = StreamStub<String, String>()
  let refreshStub = Stub<Void, [String]>(returning: [])

  func messages(room: String) -> AsyncThrowingStream<String, any Error> { messagesStub.stream(room) }
  func refresh() async throws -> [String] { try await refreshStub() }
}
// end snippet: mock-live-feed

/// A view model that follows a live feed: watching again restarts it.
@MainActor
@Observable
final class LiveFeedViewModel: BaseViewModel<LiveFeedAction> {
  private(set) var messages: [String] = []
  private(set) var room = ""
  private let service: any LiveFeedService

  init(service: any LiveFeedService, clock: any Clock<Duration> = ContinuousClock()) {
    self.service = service
    super.init(clock: clock)
  }

  @discardableResult
  func watch(room: String) -> Task<Void, Never> {
    self.room = room
    return dispatch(actionId: .watch, policy: .cancelPrevious, elements: { [service] in service.messages(room: room) })
    {
      viewModel, message in
      viewModel.messages.append(message)
    }
  }

  @discardableResult
  func refresh(policy: DispatchPolicy = .concurrent) -> Task<Void, Never> {
    dispatch(actionId: .refresh, policy: policy, task: { [service] in try await service.refresh() }) { viewModel, all in
      viewModel.messages = all
    }
  }
}
