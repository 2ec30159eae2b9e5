/// What the articles' ``FeedViewModel`` needs: a stream of pages.
protocol FeedService: Sendable {
  /// Every page of the feed, as each arrives.
  func pages() -> AsyncThrowingStream<Page, any Error>
}
