/// What the articles' ``ListingViewModel`` needs: pages of items that match a filter.
protocol ListingService: Sendable {
  /// The items of one page that match `filter`.
  func items(matching filter: String, page: Int) async throws -> [String]
}
