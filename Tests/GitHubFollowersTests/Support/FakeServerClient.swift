import FakeGitHubServer
import Foundation
import Testing

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// A URLSession without caches, so conditional requests and scripted answers reach the server.
struct FakeServerClient: Sendable {
  let session: URLSession

  init() {
    let configuration = URLSessionConfiguration.ephemeral
    configuration.urlCache = nil
    configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
    session = URLSession(configuration: configuration)
  }

  @discardableResult
  func get(
    _ server: FakeGitHubServer,
    _ target: String,
    headers: [String: String] = [:],
    timeout: TimeInterval = 30
  ) async throws -> (Data, HTTPURLResponse) {
    var request = URLRequest(url: URL(string: server.baseURL.absoluteString + target)!)
    request.timeoutInterval = timeout
    for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
    let (data, response) = try await send(request)
    return (data, try #require(response as? HTTPURLResponse))
  }

  /// A data task bridged to async/await *without* a cancellation handler.
  ///
  /// Not `session.data(for:)`: on Linux its cancellation handler calls `URLSessionTask.cancel()`
  /// while holding the Swift task's status lock, and `cancel()` waits for URLSession's work
  /// queue, which every session shares; if that queue is at the same moment resuming the task,
  /// both wait for each other and every URLSession in the process stops (swift-corelibs-
  /// foundation #5412). These requests end by their timeout or by `server.stop()` instead.
  private func send(_ request: URLRequest) async throws -> (Data, URLResponse) {
    try await withCheckedThrowingContinuation { continuation in
      session.dataTask(with: request) { data, response, error in
        if let error {
          continuation.resume(throwing: error)
        } else if let response {
          continuation.resume(returning: (data ?? Data(), response))
        } else {
          continuation.resume(throwing: URLError(.badServerResponse))
        }
      }.resume()
    }
  }
}
