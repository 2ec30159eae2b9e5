import ActionDispatchTesting

@testable import ConsumerApp

/// The articles' ``SearchService`` for tests: one `Stub` per method.
final class MockSearchService: SearchService {
  let searchStub = Stub<String, [String]>(returning: [])
  let submitStub = Stub<String, Void>(returning: ())
  let saveScrollPositionStub = Stub<Double, Void>(returning: ())

  func search(_ query: String) async throws -> [String] { try await searchStub(query) }
  func submit(_ query: String) async throws { try await submitStub(query) }
  func saveScrollPosition(_ offset: Double) async throws { try await saveScrollPositionStub(offset) }
}
