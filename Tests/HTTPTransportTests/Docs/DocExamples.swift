import Foundation
import HTTPTransport

/// The code of the HTTPTransport DocC catalog's examples, compiled here so that it cannot drift
/// (scripts/check-doc-snippets). It talks to api.github.com, so no test calls it; the transport
/// has its own tests against the fake server.
enum DocExamples {
  static func zen() async throws {
    // snippet: defaultClient
    let http = DefaultHTTPClient(timeout: .seconds(10))
    let response = try await http.send(.get(url: URL(string: "https://api.github.com/zen")!))
    print(response.statusCode, response.value(forHTTPHeaderField: "content-type") ?? "")
    // end snippet: defaultClient
  }
}
