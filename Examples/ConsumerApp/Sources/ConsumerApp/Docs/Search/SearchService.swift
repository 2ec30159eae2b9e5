/// What the articles' ``SearchViewModel`` needs from the network.
protocol SearchService: Sendable {
  /// The logins that match a query.
  func search(_ query: String) async throws -> [String]
  /// Saves a query as a saved search.
  func submit(_ query: String) async throws
  /// Remembers how far the results were scrolled.
  func saveScrollPosition(_ offset: Double) async throws
}
