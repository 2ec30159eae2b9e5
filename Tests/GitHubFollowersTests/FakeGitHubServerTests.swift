import FakeGitHubServer
import Foundation
import Testing

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif
#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Self-tests of the fake server, driven through plain URLSession (and raw sockets where
/// URLSession hides what matters: keep-alive, malformed input, vanishing clients).
@Suite struct FakeGitHubServerTests {
  // MARK: GitHub-shaped data

  @Test func followersPaginateWithGitHubLinkHeaders() async throws {
    let server = try FakeGitHubServer()
    defer { server.stop() }
    server.addUser("octocat", followers: 135)
    let base = "http://127.0.0.1:\(server.port)/users/octocat/followers"
    let client = Client()

    let (first, firstResponse) = try await client.get(server, "/users/octocat/followers?per_page=30")
    #expect(firstResponse.statusCode == 200)
    #expect(
      firstResponse.value(forHTTPHeaderField: "Link")
        == "<\(base)?per_page=30&page=2>; rel=\"next\", <\(base)?per_page=30&page=5>; rel=\"last\""
    )
    let firstPage = try JSONDecoder().decode([Follower].self, from: first)
    #expect(firstPage.map(\.login) == (1...30).map { "octocat-follower-\($0)" })

    let (_, secondResponse) = try await client.get(server, "/users/octocat/followers?per_page=30&page=2")
    #expect(
      secondResponse.value(forHTTPHeaderField: "Link")
        == "<\(base)?per_page=30&page=1>; rel=\"prev\", <\(base)?per_page=30&page=3>; rel=\"next\", "
        + "<\(base)?per_page=30&page=5>; rel=\"last\", <\(base)?per_page=30&page=1>; rel=\"first\""
    )

    let (last, lastResponse) = try await client.get(server, "/users/octocat/followers?per_page=30&page=5")
    #expect(
      try JSONDecoder().decode([Follower].self, from: last).map(\.login) == (121...135).map { "octocat-follower-\($0)" }
    )
    #expect(
      lastResponse.value(forHTTPHeaderField: "Link")
        == "<\(base)?per_page=30&page=4>; rel=\"prev\", <\(base)?per_page=30&page=1>; rel=\"first\""
    )

    let (beyond, beyondResponse) = try await client.get(server, "/users/octocat/followers?page=9")
    #expect(beyondResponse.statusCode == 200)
    #expect(String(decoding: beyond, as: UTF8.self) == "[]")

    let (capped, _) = try await client.get(server, "/users/octocat/followers?per_page=1000")
    #expect(try JSONDecoder().decode([Follower].self, from: capped).count == 100)
    let (invalid, invalidResponse) = try await client.get(server, "/users/octocat/followers?per_page=abc&page=-3")
    #expect(try JSONDecoder().decode([Follower].self, from: invalid).first?.login == "octocat-follower-1")
    #expect(try JSONDecoder().decode([Follower].self, from: invalid).count == 30)
    #expect(invalidResponse.value(forHTTPHeaderField: "Link")?.contains("per_page=abc&page=2>; rel=\"next\"") == true)

    server.addUser("small", followers: 10)
    let (small, smallResponse) = try await client.get(server, "/users/small/followers")
    #expect(try JSONDecoder().decode([Follower].self, from: small).count == 10)
    #expect(smallResponse.value(forHTTPHeaderField: "Link") == nil)
  }

  @Test func followerObjectsHaveGitHubsFields() async throws {
    let server = try FakeGitHubServer()
    defer { server.stop() }
    server.addUser("octocat", followers: 2)
    let (data, response) = try await Client().get(server, "/users/octocat/followers")
    #expect(response.value(forHTTPHeaderField: "Content-Type") == "application/json; charset=utf-8")
    let objects = try #require(try JSONSerialization.jsonObject(with: data) as? [[String: Any]])
    #expect(objects.count == 2)
    let expectedKeys: Set<String> = [
      "login", "id", "node_id", "avatar_url", "gravatar_id", "url", "html_url", "followers_url",
      "following_url", "gists_url", "starred_url", "subscriptions_url", "organizations_url",
      "repos_url", "events_url", "received_events_url", "type", "user_view_type", "site_admin",
    ]
    #expect(Set(objects[0].keys) == expectedKeys)
    let follower = try JSONDecoder().decode([Follower].self, from: data)[0]
    #expect(follower.login == "octocat-follower-1")
    #expect(follower.type == "User")
    #expect(follower.userViewType == "public")
    #expect(follower.siteAdmin == false)
    #expect(follower.htmlURL == "https://github.com/octocat-follower-1")
    #expect(follower.avatarURL == "https://avatars.githubusercontent.com/u/\(follower.id)?v=4")
    #expect(Data(base64Encoded: follower.nodeID) == Data("04:User\(follower.id)".utf8))

    // Deterministic: a second server produces the same ids.
    let other = try FakeGitHubServer()
    defer { other.stop() }
    other.addUser("octocat", followers: 2)
    let (again, _) = try await Client().get(other, "/users/octocat/followers")
    #expect(
      try JSONDecoder().decode([Follower].self, from: again).map(\.id) == [
        follower.id, try JSONDecoder().decode([Follower].self, from: data)[1].id,
      ])
  }

  @Test func profileLooksLikeGitHubs() async throws {
    let server = try FakeGitHubServer()
    defer { server.stop() }
    server.addUser("octocat", followers: 135, name: "The Octocat")
    server.addUser("anonymous", followers: 0)
    let client = Client()
    let (data, response) = try await client.get(server, "/users/OctoCat")
    #expect(response.statusCode == 200)
    let profile = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    #expect(profile["login"] as? String == "octocat")
    #expect(profile["name"] as? String == "The Octocat")
    #expect(profile["followers"] as? Int == 135)
    #expect(profile["created_at"] as? String == "2011-01-25T18:44:36Z")
    #expect(profile["email"] is NSNull)
    #expect(profile["twitter_username"] is NSNull)
    for key in [
      "company", "blog", "location", "bio", "public_repos", "public_gists", "following", "updated_at", "html_url",
      "avatar_url", "type", "site_admin",
    ] {
      #expect(profile[key] != nil, "missing \(key)")
    }
    let (anonymous, _) = try await client.get(server, "/users/anonymous")
    #expect(try #require(try JSONSerialization.jsonObject(with: anonymous) as? [String: Any])["name"] is NSNull)
  }

  @Test func searchFindsUsersByLogin() async throws {
    let server = try FakeGitHubServer()
    defer { server.stop() }
    server.addUser("octocat", followers: 1)
    server.addUser("hubot", followers: 1)
    server.addUser("Octo-Dog", followers: 1)
    let client = Client()
    let (data, _) = try await client.get(server, "/search/users?q=OCTO+type%3Auser")
    let result = try JSONDecoder().decode(SearchResult.self, from: data)
    #expect(result.totalCount == 2)
    #expect(result.incompleteResults == false)
    #expect(result.items.map(\.login) == ["octocat", "Octo-Dog"])
    #expect(result.items.allSatisfy { $0.score == 1.0 })
    let (_, missingQuery) = try await client.get(server, "/search/users")
    #expect(missingQuery.statusCode == 422)
  }

  @Test func etagRevalidationAnswers304WithEmptyBody() async throws {
    let server = try FakeGitHubServer()
    defer { server.stop() }
    server.addUser("octocat", followers: 42)
    let client = Client()
    let (_, first) = try await client.get(server, "/users/octocat/followers")
    let etag = try #require(first.value(forHTTPHeaderField: "ETag"))
    #expect(etag.hasPrefix("W/\""))
    #expect(first.value(forHTTPHeaderField: "x-ratelimit-limit") == "60")
    #expect(first.value(forHTTPHeaderField: "x-ratelimit-remaining") == "59")
    #expect(first.value(forHTTPHeaderField: "x-ratelimit-resource") == "core")
    #expect(first.value(forHTTPHeaderField: "x-ratelimit-reset").flatMap(Int.init) != nil)

    let (body, revalidated) = try await client.get(server, "/users/octocat/followers", headers: ["If-None-Match": etag])
    #expect(revalidated.statusCode == 304)
    #expect(body.isEmpty)
    #expect(revalidated.value(forHTTPHeaderField: "x-ratelimit-remaining") == "59")

    let (_, stale) = try await client.get(server, "/users/octocat/followers", headers: ["If-None-Match": "W/\"stale\""])
    #expect(stale.statusCode == 200)
    #expect(stale.value(forHTTPHeaderField: "x-ratelimit-remaining") == "58")

    let (_, authenticated) = try await client.get(server, "/users/octocat", headers: ["Authorization": "Bearer t"])
    #expect(authenticated.value(forHTTPHeaderField: "x-ratelimit-limit") == "5000")
  }

  @Test func unknownUserGets404Body() async throws {
    let server = try FakeGitHubServer()
    defer { server.stop() }
    let client = Client()
    for path in ["/users/nobody", "/users/nobody/followers", "/nothing/here"] {
      let (data, response) = try await client.get(server, path)
      #expect(response.statusCode == 404)
      #expect(
        String(decoding: data, as: UTF8.self)
          == #"{"message":"Not Found","documentation_url":"https://docs.github.com/rest","status":"404"}"#
      )
      #expect(response.value(forHTTPHeaderField: "Content-Type") == "application/json; charset=utf-8")
    }
  }

  // MARK: Scripted responses

  @Test func scriptedOverridesAreConsumedInOrder() async throws {
    let server = try FakeGitHubServer()
    defer { server.stop() }
    server.addUser("octocat", followers: 3)
    server.respond(to: "/users/octocat/followers", with: .serverError(502), times: 2)
    server.respond(to: "/users/octocat/followers", with: .badCredentials())
    let client = Client()
    var statuses: [Int] = []
    for page in 1...4 {
      statuses.append(try await client.get(server, "/users/octocat/followers?page=\(page)").1.statusCode)
    }
    #expect(statuses == [502, 502, 401, 200])

    server.respond(to: "/users/octocat", with: .json(418, #"{"teapot":true}"#), times: nil)
    for _ in 1...3 {
      let (data, response) = try await client.get(server, "/users/octocat")
      #expect(response.statusCode == 418)
      #expect(String(decoding: data, as: UTF8.self) == #"{"teapot":true}"#)
    }
  }

  @Test func handlerSeesEveryRequestFirstAndCanFallThrough() async throws {
    let server = try FakeGitHubServer()
    defer { server.stop() }
    server.addUser("octocat", followers: 1)
    server.respond(to: "/users/octocat", with: .serverError(503), times: nil)
    server.setHandler { request in
      request.path == "/custom" ? .html(200, "<h1>hi</h1>") : nil
    }
    let client = Client()
    let (html, custom) = try await client.get(server, "/custom")
    #expect(custom.statusCode == 200)
    #expect(custom.value(forHTTPHeaderField: "Content-Type") == "text/html; charset=utf-8")
    #expect(String(decoding: html, as: UTF8.self) == "<h1>hi</h1>")
    #expect(try await client.get(server, "/users/octocat").1.statusCode == 503)
    server.setHandler { _ in .notFound() }
    #expect(try await client.get(server, "/users/octocat").1.statusCode == 404)
    server.setHandler(nil)
    #expect(try await client.get(server, "/users/octocat").1.statusCode == 503)
  }

  @Test func errorFactoriesMatchGitHub() async throws {
    let server = try FakeGitHubServer()
    defer { server.stop() }
    server.addUser("octocat", followers: 1)
    let reset = Date(timeIntervalSince1970: 1_900_000_000)
    server.respond(to: "/limited", with: .primaryRateLimit(resetAt: reset))
    server.respond(to: "/limited429", with: .primaryRateLimit429(resetAt: reset))
    server.respond(to: "/abuse", with: .secondaryRateLimit(retryAfter: 60))
    server.respond(to: "/broken", with: .brokenJSON())
    server.respond(to: "/moved", with: .redirect(to: "/users/octocat"))
    let client = Client()

    let (limitedBody, limited) = try await client.get(server, "/limited")
    #expect(limited.statusCode == 403)
    #expect(limited.value(forHTTPHeaderField: "x-ratelimit-remaining") == "0")
    #expect(limited.value(forHTTPHeaderField: "x-ratelimit-reset") == "1900000000")
    #expect(
      String(decoding: limitedBody, as: UTF8.self).hasPrefix(#"{"message":"API rate limit exceeded for 127.0.0.1."#))
    #expect(try await client.get(server, "/limited429").1.statusCode == 429)

    let (abuseBody, abuse) = try await client.get(server, "/abuse")
    #expect(abuse.statusCode == 403)
    #expect(abuse.value(forHTTPHeaderField: "Retry-After") == "60")
    #expect(String(decoding: abuseBody, as: UTF8.self).contains("secondary rate limit"))

    let (broken, brokenResponse) = try await client.get(server, "/broken")
    #expect(brokenResponse.statusCode == 200)
    #expect(throws: (any Error).self) { try JSONSerialization.jsonObject(with: broken) }

    let (movedBody, moved) = try await client.get(server, "/moved")
    #expect(moved.statusCode == 200)
    #expect(moved.url?.path == "/users/octocat")
    #expect(String(decoding: movedBody, as: UTF8.self).contains(#""login":"octocat""#))
  }

  // MARK: Timing and failures

  @Test func latencyAndDelayAreApplied() async throws {
    let server = try FakeGitHubServer(latency: .milliseconds(250))
    defer { server.stop() }
    server.addUser("octocat", followers: 1)
    let client = Client()
    let clock = ContinuousClock()
    var elapsed = try await clock.measure { _ = try await client.get(server, "/users/octocat") }
    #expect(elapsed >= .milliseconds(250))

    server.respond(to: "/users/octocat", with: FakeResponse(status: 204, delay: .milliseconds(200)))
    elapsed = try await clock.measure { _ = try await client.get(server, "/users/octocat") }
    #expect(elapsed >= .milliseconds(450))

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
    await #expect(throws: (any Error).self) { try await Client().get(server, "/users/octocat") }
  }

  @Test func closeImmediatelyIsAClientError() async throws {
    let server = try FakeGitHubServer()
    defer { server.stop() }
    server.respond(to: "/users/octocat", with: .init(status: 200, behavior: .closeImmediately), times: nil)
    await #expect(throws: (any Error).self) { try await Client().get(server, "/users/octocat") }
    #expect(server.requestCount >= 1)
  }

  @Test func neverRespondTimesOutAndStopReturns() async throws {
    let server = try FakeGitHubServer()
    server.respond(to: "/users/octocat", with: .init(status: 200, behavior: .neverRespond))
    let error = await #expect(throws: URLError.self) {
      try await Client().get(server, "/users/octocat", timeout: 2)
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
    let client = Client()
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
  /// refused connection would get that server's answers instead (it happened in CI).
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

  @Test(arguments: [
    ("q=a%20b+c", "a b c"), ("q=%E2%9C%93%2B", "✓+"), ("q=100%", "100%"), ("q=%zz+x", "%zz x"),
    ("q=%C3", "%C3"), ("q=", ""), ("q", ""),
  ])
  func queryComponentsAreDecodedOrKeptRawWhenMalformed(query: String, expected: String) {
    #expect(FakeRequest(target: "/search/users?" + query).queryItems["q"] == expected)
  }

  @Test func percentEncodedLoginsReachTheirUser() async throws {
    let server = try FakeGitHubServer()
    defer { server.stop() }
    server.addUser("octo-cat", followers: 1)
    let (data, response) = try await Client().get(server, "/users/%6Fcto%2Dcat")
    #expect(response.statusCode == 200)
    #expect(String(decoding: data, as: UTF8.self).contains(#""html_url":"https://github.com/octo-cat""#))
    let (_, malformed) = try await Client().get(server, "/users/octo%2")
    #expect(malformed.statusCode == 404)
  }

  // MARK: Recording and connections

  @Test func recordsRequestsWithLowercasedHeaders() async throws {
    let server = try FakeGitHubServer()
    defer { server.stop() }
    let body = Data(#"{"ref":"main"}"#.utf8)
    _ = try await Client().get(
      server,
      "/repos/o/r/dispatches?q=a%20b+c&page=2",
      method: "POST",
      headers: ["X-Custom-Header": "Value", "Content-Type": "application/json"],
      body: body
    )
    let request = try #require(server.requests.first)
    #expect(server.requestCount == 1)
    #expect(request.method == "POST")
    #expect(request.target == "/repos/o/r/dispatches?q=a%20b+c&page=2")
    #expect(request.path == "/repos/o/r/dispatches")
    #expect(request.queryItems == ["q": "a b c", "page": "2"])
    #expect(request.headers["x-custom-header"] == "Value")
    #expect(request.header("X-CUSTOM-HEADER") == "Value")
    #expect(request.headers.keys.allSatisfy { $0 == $0.lowercased() })
    #expect(request.body == body)
    server.resetRecording()
    #expect(server.requests.isEmpty)
    #expect(server.requestCount == 0)
  }

  @Test func answersTwentyConcurrentRequests() async throws {
    let server = try FakeGitHubServer(latency: .milliseconds(20))
    defer { server.stop() }
    server.addUser("octocat", followers: 2_000)
    let client = Client()
    let results = try await withThrowingTaskGroup(of: (Int, Int).self) { group in
      for page in 1...20 {
        group.addTask {
          let (data, response) = try await client.get(server, "/users/octocat/followers?per_page=100&page=\(page)")
          let first = try JSONDecoder().decode([Follower].self, from: data).first?.login
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
    // Pipelined, with a chunked body in between, the last one asking to close.
    socket.send(
      "GET /users/octocat HTTP/1.1\r\nHost: x\r\n\r\n"
        + "POST /echo HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nhello\r\n0\r\n\r\n"
        + "GET /users/octocat/followers HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n"
    )
    let text = socket.readAll()
    #expect(text.components(separatedBy: "HTTP/1.1 200 OK\r\n").count - 1 == 2)
    #expect(text.components(separatedBy: "HTTP/1.1 404 Not Found\r\n").count - 1 == 1)
    #expect(text.contains("Connection: close\r\n"))
    let requests = server.requests
    try #require(requests.map(\.method) == ["GET", "POST", "GET"])
    #expect(requests[1].body == Data("hello".utf8))
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

    let (_, response) = try await Client().get(server, "/users/octocat")
    #expect(response.statusCode == 200)
  }

  @Test func manyServersStartAndStop() async throws {
    var servers: [FakeGitHubServer] = []
    for _ in 1...50 {
      servers.append(try FakeGitHubServer())
    }
    #expect(Set(servers.map(\.port)).count == 50)
    let client = Client()
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

// MARK: - Helpers

/// A follower object, decoded the way a client would.
private struct Follower: Decodable {
  var login: String
  var id: Int
  var nodeID: String
  var avatarURL: String
  var htmlURL: String
  var type: String
  var userViewType: String
  var siteAdmin: Bool

  enum CodingKeys: String, CodingKey {
    case login, id, type
    case nodeID = "node_id"
    case avatarURL = "avatar_url"
    case htmlURL = "html_url"
    case userViewType = "user_view_type"
    case siteAdmin = "site_admin"
  }
}

private struct SearchResult: Decodable {
  struct Item: Decodable {
    var login: String
    var score: Double
  }
  var totalCount: Int
  var incompleteResults: Bool
  var items: [Item]

  enum CodingKeys: String, CodingKey {
    case items
    case totalCount = "total_count"
    case incompleteResults = "incomplete_results"
  }
}

/// A URLSession without caches, so conditional requests and scripted answers reach the server.
private struct Client: Sendable {
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
    method: String = "GET",
    headers: [String: String] = [:],
    body: Data? = nil,
    timeout: TimeInterval = 30
  ) async throws -> (Data, HTTPURLResponse) {
    var request = URLRequest(url: URL(string: server.baseURL.absoluteString + target)!)
    request.httpMethod = method
    request.timeoutInterval = timeout
    request.httpBody = body
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
  /// foundation #5412). A task group cancelling its children was enough to hang the whole
  /// suite. These requests end by their timeout or by `server.stop()` instead.
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

/// A blocking TCP client for what URLSession won't do: pipelining, garbage, hanging up early.
private final class RawSocket {
  private let fd: Int32

  init(port: Int) throws {
    fd = SocketProbe.makeTCPSocket()
    try #require(fd >= 0)
    var timeout = timeval(tv_sec: 10, tv_usec: 0)
    setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
    let connected = SocketProbe.withLoopbackAddress(port: port) { [fd] address, length in
      connect(fd, address, length)
    }
    try #require(connected == 0)
  }

  deinit { close() }

  private var closed = false

  func close() {
    guard !closed else { return }
    closed = true
    #if canImport(Glibc)
      _ = Glibc.close(fd)
    #elseif canImport(Musl)
      _ = Musl.close(fd)
    #else
      _ = Darwin.close(fd)
    #endif
  }

  func send(_ text: String) {
    let bytes = Array(text.utf8)
    var offset = 0
    while offset < bytes.count {
      let sent = bytes[offset...].withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
      guard sent > 0 else { return }
      offset += sent
    }
  }

  /// Reads until the server closes the connection (or 10 s pass without data).
  func readAll() -> String {
    var received: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 4_096)
    while true {
      let count = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
      guard count > 0 else { break }
      received += chunk[..<count]
    }
    return String(decoding: received, as: UTF8.self)
  }

  /// Reads one response with a Content-Length body.
  func readResponse() -> String? {
    var received: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 4_096)
    while true {
      let text = String(decoding: received, as: UTF8.self)
      if let headEnd = text.range(of: "\r\n\r\n") {
        let head = text[..<headEnd.lowerBound].lowercased()
        let length =
          head.split(separator: "\r\n")
          .first { $0.hasPrefix("content-length:") }
          .flatMap { Int($0.dropFirst("content-length:".count).trimmingCharacters(in: .whitespaces)) } ?? 0
        if text.utf8.count - text.utf8.distance(from: text.startIndex, to: headEnd.upperBound) >= length {
          return text
        }
      }
      let count = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
      guard count > 0 else { return nil }
      received += chunk[..<count]
    }
  }
}

/// One-shot socket calls that report the `errno` they end with (0 on success), and the
/// plumbing ``RawSocket`` shares with them.
private enum SocketProbe {
  /// Connects to 127.0.0.1:`port` and hangs up.
  static func errnoConnecting(toPort port: Int) -> Int32 {
    withSocket(port: port) { fd, address, length in connect(fd, address, length) }
  }

  /// Binds 127.0.0.1:`port` with `SO_REUSEADDR` on, as a server about to listen would.
  static func errnoBinding(toPort port: Int) -> Int32 {
    withSocket(port: port) { fd, address, length in
      var yes: Int32 = 1
      setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
      return bind(fd, address, length)
    }
  }

  /// A new IPv4 TCP socket, or -1.
  static func makeTCPSocket() -> Int32 {
    #if canImport(Glibc)
      socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    #else
      socket(AF_INET, SOCK_STREAM, 0)
    #endif
  }

  /// Calls `body` with 127.0.0.1:`port` as a `sockaddr` and its length.
  static func withLoopbackAddress<Result>(
    port: Int, _ body: (UnsafePointer<sockaddr>, socklen_t) -> Result
  ) -> Result {
    var address = sockaddr_in()
    #if canImport(Darwin)
      address.sin_len = UInt8(MemoryLayout<sockaddr_in>.size)
    #endif
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = UInt16(port).bigEndian
    address.sin_addr.s_addr = UInt32(0x7F00_0001).bigEndian
    return withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        body($0, socklen_t(MemoryLayout<sockaddr_in>.size))
      }
    }
  }

  /// Runs `call` on a fresh socket and 127.0.0.1:`port`, closes the socket, and returns
  /// `errno` if `call` failed.
  private static func withSocket(
    port: Int, _ call: (Int32, UnsafePointer<sockaddr>, socklen_t) -> Int32
  ) -> Int32 {
    let fd = makeTCPSocket()
    guard fd >= 0 else { return errno }
    defer { _ = close(fd) }
    let result = withLoopbackAddress(port: port) { call(fd, $0, $1) }
    return result == 0 ? 0 : errno
  }
}
