import ActionDispatchTesting

@testable import ConsumerApp

// snippet: mock-feed-service
final class MockFeedService: FeedService {
  let pagesStub = Stub<Void, [Page]>(returning: [])
  func pages() -> AsyncThrowingStream<Page, any Error> { pagesStub.stream() }
}
// end snippet: mock-feed-service
