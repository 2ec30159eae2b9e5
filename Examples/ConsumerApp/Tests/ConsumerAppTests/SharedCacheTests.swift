import ActionDispatch
import ActionDispatchTesting
import ConsumerApp
import Testing

/// Two screens on one `QueryCache`: the followers list and a follower's detail, counting the
/// requests across the two.
@MainActor
@Suite(.serialExecutor) struct SharedCacheTests {
  /// Answers `octocat`'s followers; each answer's names carry the request's number.
  final class CountingService: FollowerCardsService {
    let stub = Stub<String, [FollowerCard]>(returning: [])

    /// Numbers the answers; an actor, so the example needs nothing newer than its platforms.
    private actor AnswerCounter {
      private var count = 0
      func next() -> Int {
        count += 1
        return count
      }
    }

    init() {
      let answers = AnswerCounter()
      stub.handle { _ in
        let number = await answers.next()
        return [
          FollowerCard(login: "mona", name: "Mona \(number)"), FollowerCard(login: "hubot", name: "Hubot \(number)"),
        ]
      }
    }

    func followerCards(of user: String) async throws -> [FollowerCard] { try await stub(user) }
  }

  @MainActor struct Screens {
    let service = CountingService()
    let clock = TestClock()
    let cache: QueryCache
    let list: FollowerCardsViewModel

    init() {
      cache = QueryCache(clock: clock)
      list = FollowerCardsViewModel(service: service, cache: cache, clock: clock)
    }

    func detail(_ login: String) -> FollowerDetailViewModel {
      FollowerDetailViewModel(login: login, followerOf: "octocat", service: service, cache: cache, clock: clock)
    }
  }

  @Test func aFollowerTheListShowsOpensWithNoRequestAndNoSpinnerWhileFresh() async throws {
    let screens = Screens()
    await screens.list.load("octocat").value
    #expect(screens.service.stub.callCount == 1)

    let detail = screens.detail("mona")
    let recorder = EventRecorder(detail)
    detail.load()

    #expect(detail.card == FollowerCard(login: "mona", name: "Mona 1"))
    #expect(!detail.isLoading(for: .load))
    #expect(recorder.events == [.fresh(.load)])
    #expect(screens.service.stub.callCount == 1)
  }

  @Test func invalidatingTheListRefetchesOnceAndBothScreensGetTheAnswer() async throws {
    let screens = Screens()
    await screens.list.load("octocat").value
    let detail = screens.detail("mona")
    detail.load()

    await screens.list.refresh()
    #expect(!screens.list.isLoading(for: .load) && !detail.isLoading(for: .followList))

    #expect(screens.service.stub.callCount == 2)
    #expect(screens.list.cards.map(\.name) == ["Mona 2", "Hubot 2"])
    #expect(detail.card?.name == "Mona 2")
  }

  @Test func whileTheListRefetchesTheDetailThatWatchesItShowsLoading() async throws {
    let screens = Screens()
    await screens.list.load("octocat").value
    let detail = screens.detail("mona")
    detail.load()
    let gate = Gate()
    screens.service.stub.handle { _ in
      try await gate.pass()
      return [FollowerCard(login: "mona", name: "Mona 2")]
    }

    let refresh = Task { await screens.list.refresh() }
    await gate.arrivals(1)
    #expect(screens.list.isLoading(for: .load))
    #expect(detail.isLoading(for: .followList), "it watches the list, with no fetch of its own")
    gate.open()
    await refresh.value
    try await detail.waitUntilIdle(.followList)
    #expect(detail.card?.name == "Mona 2")
    #expect(screens.service.stub.callCount == 2)
  }

  @Test func aStaleListOpensTheDetailAtOnceAndOneRequestUpdatesBothScreens() async throws {
    let screens = Screens()
    await screens.list.load("octocat").value
    await screens.clock.advance(by: .seconds(61))

    let detail = screens.detail("hubot")
    let run = detail.load()
    #expect(detail.card?.name == "Hubot 1")
    #expect(detail.isLoading(for: .load))
    await run.value

    #expect(screens.service.stub.callCount == 2)
    #expect(detail.card?.name == "Hubot 2")
    #expect(screens.list.cards.map(\.name) == ["Mona 2", "Hubot 2"])
  }

  @Test func twoScreensAskingAtOnceShareOneRequest() async throws {
    let screens = Screens()
    let detail = screens.detail("mona")

    let listRun = screens.list.load("octocat")
    let detailRun = detail.load()
    await listRun.value
    await detailRun.value

    #expect(screens.service.stub.callCount == 1)
    #expect(detail.card?.name == "Mona 1")
    #expect(screens.list.cards.count == 2)
  }
}
