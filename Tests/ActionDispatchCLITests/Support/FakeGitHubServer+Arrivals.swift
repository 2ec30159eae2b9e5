import FakeGitHubServer

extension FakeGitHubServer {
  /// Every request from now on, as it arrives, so a test can await one instead of sleeping.
  ///
  /// Installs a handler (replacing any other): each request is yielded, then answered with
  /// what `answer` returns, or as usual when it returns `nil`.
  ///
  /// ```swift
  /// let arrivals = server.arrivals { _ in FakeResponse(status: 200, behavior: .neverRespond) }
  /// let child = try await CLIProcess.start(["followers", "octocat", "--api-url", server.baseURL.absoluteString])
  /// _ = await arrivals.first { _ in true }
  /// ```
  ///
  /// - Parameter answer: Chooses the response; `nil` falls through to overrides and routes.
  /// - Returns: The requests.
  func arrivals(answer: @escaping @Sendable (FakeRequest) -> FakeResponse? = { _ in nil }) -> AsyncStream<FakeRequest> {
    let (stream, continuation) = AsyncStream.makeStream(of: FakeRequest.self)
    setHandler { request in
      continuation.yield(request)
      return answer(request)
    }
    return stream
  }
}
