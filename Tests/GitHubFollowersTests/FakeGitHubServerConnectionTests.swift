import FakeGitHubServer
import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The fake server's connection lifecycle: timing, failures on purpose, stopping, keep-alive,
/// concurrency and hostile clients, through URLSession and raw sockets where URLSession hides
/// what matters.
@Suite struct FakeGitHubServerConnectionTests {
  // MARK: Timing and failures

  @Test func latencyIsAppliedAndCanChange() async throws {
    let server = try FakeGitHubServer(latency: .milliseconds(250))
    defer { server.stop() }
    server.addUser("octocat", followers: 1)
    let client = FakeServerClient()
    let clock = ContinuousClock()
    var elapsed = try await clock.measure { _ = try await client.get(server, "/users/octocat") }
    #expect(elapsed >= .milliseconds(250))

    server.respond(to: "/users/octocat", with: FakeResponse(status: 204))
    elapsed = try await clock.measure { _ = try await client.get(server, "/users/octocat") }
    #expect(elapsed >= .milliseconds(250))

    server.latency = .milliseconds(400)
    #expect(server.latency == .milliseconds(400))
    elapsed = try await clock.measure { _ = try await client.get(server, "/users/octocat") }
    #expect(elapsed >= .milliseconds(400))
  }

  @Test func closeMidBodyIsAClientError() async throws {
    let server = try FakeGitHubServer()
    defer { server.stop() }
    server.respond(
      to: "/users/octocat", with: .init(status: 200, body: Data(repeating: 65, count: 10_000), behavior: .closeMidBody))
    await #expect(throws: (any Error).self) { try await FakeServerClient().get(server, "/users/octocat") }
  }

  @Test func neverRespondTimesOutAndStopReturns() async throws {
    let server = try FakeGitHubServer()
    server.respond(to: "/users/octocat", with: .init(status: 200, behavior: .neverRespond))
    let error = await #expect(throws: URLError.self) {
      try await FakeServerClient().get(server, "/users/octocat", timeout: 2)
    }
    #expect(error?.code == .timedOut)
    server.stop()
    server.stop()
  }

  @Test func stopReleasesAPendingNeverRespond() async throws {
    let server = try FakeGitHubServer()
    let (arrived, arrival) = AsyncStream.makeStream(of: Void.self)
    server.setHandler { _ in
      arrival.yield()
      return FakeResponse(status: 200, behavior: .neverRespond)
    }
    let client = FakeServerClient()
    let pending = Task { try await client.get(server, "/users/octocat", timeout: 120) }
    var iterator = arrived.makeAsyncIterator()
    _ = await iterator.next()
    server.stop()
    let result = await pending.result
    #expect(throws: (any Error).self) { try result.get() }
  }

  @Test func stopClosesIdleKeepAliveConnections() throws {
    let server = try FakeGitHubServer()
    server.addUser("octocat", followers: 1)
    let socket = try RawSocket(port: server.port)
    socket.send("GET /users/octocat HTTP/1.1\r\nHost: x\r\n\r\n")
    let response = socket.readResponse()
    #expect(response?.hasPrefix("HTTP/1.1 200 OK\r\n") == true)
    server.stop()
    #expect(socket.readAll().isEmpty)
  }

  /// A stopped server's port must not go back to the kernel while the server object lives:
  /// the next server a parallel test starts could be given it, and a client expecting a
  /// refused connection would get that server's answers instead.
  @Test func stoppedPortRefusesConnectionsAndCannotBeTakenOver() throws {
    let server = try FakeGitHubServer()
    server.addUser("octocat", followers: 1)
    let client = try RawSocket(port: server.port)
    client.send("GET /users/octocat HTTP/1.1\r\nHost: x\r\n\r\n")
    #expect(client.readResponse()?.hasPrefix("HTTP/1.1 200 OK\r\n") == true)
    server.stop()

    #expect(SocketProbe.errnoConnecting(toPort: server.port) == ECONNREFUSED)
    // What a new listener does: SO_REUSEADDR, then bind. It must find the port taken.
    #expect(SocketProbe.errnoBinding(toPort: server.port) == EADDRINUSE)
    #expect(SocketProbe.errnoConnecting(toPort: server.port) == ECONNREFUSED)
  }

  // MARK: Recording and connections

  @Test func recordsRequestsWithLowercasedHeaders() async throws {
    let server = try FakeGitHubServer()
    defer { server.stop() }
    _ = try await FakeServerClient().get(
      server, "/users/o/followers?q=a%20b+c&page=2",
      headers: ["X-Custom-Header": "Value", "Accept": "application/json"])
    let request = try #require(server.requests.first)
    #expect(server.requestCount == 1)
    #expect(request.method == "GET")
    #expect(request.target == "/users/o/followers?q=a%20b+c&page=2")
    #expect(request.path == "/users/o/followers")
    #expect(request.queryItems == ["q": "a b c", "page": "2"])
    #expect(request.headers["x-custom-header"] == "Value")
    #expect(request.header("X-CUSTOM-HEADER") == "Value")
    #expect(request.headers.keys.allSatisfy { $0 == $0.lowercased() })
    server.resetRecording()
    #expect(server.requests.isEmpty)
    #expect(server.requestCount == 0)
  }

  @Test func answersTwentyConcurrentRequests() async throws {
    let server = try FakeGitHubServer(latency: .milliseconds(20))
    defer { server.stop() }
    server.addUser("octocat", followers: 2_000)
    let client = FakeServerClient()
    let results = try await withThrowingTaskGroup(of: (Int, Int).self) { group in
      for page in 1...20 {
        group.addTask {
          let (data, response) = try await client.get(server, "/users/octocat/followers?per_page=100&page=\(page)")
          let first = (try JSONSerialization.jsonObject(with: data) as? [[String: Any]])?.first?["login"] as? String
          #expect(first == "octocat-follower-\((page - 1) * 100 + 1)")
          return (page, response.statusCode)
        }
      }
      return try await group.reduce(into: [:]) { $0[$1.0] = $1.1 }
    }
    #expect(results.count == 20)
    #expect(results.values.allSatisfy { $0 == 200 })
    #expect(server.requestCount == 20)
  }

  @Test func keepAliveServesSeveralRequestsPerConnection() throws {
    let server = try FakeGitHubServer()
    defer { server.stop() }
    server.addUser("octocat", followers: 5)
    let socket = try RawSocket(port: server.port)
    // Pipelined, with an unknown path in between, the last one asking to close.
    socket.send(
      "GET /users/octocat HTTP/1.1\r\nHost: x\r\n\r\n"
        + "GET /echo HTTP/1.1\r\nHost: x\r\n\r\n"
        + "GET /users/octocat/followers HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n"
    )
    let text = socket.readAll()
    #expect(text.components(separatedBy: "HTTP/1.1 200 OK\r\n").count - 1 == 2)
    #expect(text.components(separatedBy: "HTTP/1.1 404 Not Found\r\n").count - 1 == 1)
    #expect(text.contains("Connection: close\r\n"))
    #expect(server.requests.map(\.target) == ["/users/octocat", "/echo", "/users/octocat/followers"])
  }

  /// The client sends only bodiless GETs, so the server reads no request bodies: one that
  /// announces a body gets 501 and the connection ends, rather than a misread of what follows.
  @Test(arguments: ["Content-Length: 5\r\n\r\nhello", "Transfer-Encoding: chunked\r\n\r\n5\r\nhello\r\n0\r\n\r\n"])
  func aRequestWithABodyIsRefused(framing: String) throws {
    let server = try FakeGitHubServer()
    defer { server.stop() }
    let socket = try RawSocket(port: server.port)
    socket.send("POST /users/octocat HTTP/1.1\r\nHost: x\r\n" + framing)
    let text = socket.readAll()
    #expect(text.hasPrefix("HTTP/1.1 501 Not Implemented\r\n"))
    #expect(text.contains("Connection: close\r\n"))
    #expect(server.requestCount == 0)
  }

  @Test func survivesMalformedAndVanishingClients() async throws {
    let server = try FakeGitHubServer(latency: .milliseconds(50))
    defer { server.stop() }
    server.addUser("octocat", followers: 100)

    let garbage = try RawSocket(port: server.port)
    garbage.send("this is not HTTP\r\n\r\n")
    #expect(garbage.readAll().hasPrefix("HTTP/1.1 400 Bad Request\r\n"))

    let halfHead = try RawSocket(port: server.port)
    halfHead.send("GET /users/octo")
    halfHead.close()

    // Gone before the (delayed) answer: the server's write hits a closed socket (EPIPE, no SIGPIPE).
    for _ in 1...5 {
      let impatient = try RawSocket(port: server.port)
      impatient.send("GET /users/octocat/followers?per_page=100 HTTP/1.1\r\nHost: x\r\n\r\n")
      impatient.close()
    }

    let (_, response) = try await FakeServerClient().get(server, "/users/octocat")
    #expect(response.statusCode == 200)
  }

  @Test func manyServersStartAndStop() async throws {
    var servers: [FakeGitHubServer] = []
    for _ in 1...50 {
      servers.append(try FakeGitHubServer())
    }
    #expect(Set(servers.map(\.port)).count == 50)
    let client = FakeServerClient()
    for server in servers {
      server.addUser("octocat", followers: 1)
      #expect(try await client.get(server, "/users/octocat").1.statusCode == 200)
      #expect(server.baseURL.absoluteString == "http://127.0.0.1:\(server.port)")
      server.stop()
    }
    // Dropping a server without stop() stops it too.
    for _ in 1...10 {
      _ = try FakeGitHubServer()
    }
  }
}
