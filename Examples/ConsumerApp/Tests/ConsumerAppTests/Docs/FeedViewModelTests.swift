import ActionDispatch
import ActionDispatchTesting
import Testing

@testable import ConsumerApp

/// "Streaming actions" in "Testing a view model", run as it is quoted.
@MainActor
@Suite(.serialExecutor) struct FeedViewModelTests {
  @Test func everyPageArrivesInOrder() async {
    let service = MockFeedService()
    let viewModel = FeedViewModel(service: service)
    let first = Page(number: 1, items: ["a"])
    let second = Page(number: 2, items: ["b", "c"])
    // snippet: streaming-test
    service.pagesStub.succeed(with: [first, second])
    var received: [Page] = []
    let token = viewModel.observe { On(.loadPages).element { (page: Page) in received.append(page) } }
    await viewModel.loadPages().value
    #expect(received == [first, second])
    token.cancel()
    // end snippet: streaming-test
    #expect(viewModel.items == ["a", "b", "c"])
  }
}
