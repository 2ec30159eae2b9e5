/// A page of a feed, as the articles' ``FeedService`` streams it.
struct Page: Sendable, Equatable {
  var number: Int
  var items: [String]
}
