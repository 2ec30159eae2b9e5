import FakeGitHubServer
import Foundation
import Testing

@testable import HTTPTransport

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// The production client over real HTTP on loopback: what it sends, and what it hands back.
@Suite struct TransportTests {
  @Test func fieldsAreReadIgnoringCaseAndRepeatedOnesJoined() async throws {
    let server = try FakeGitHubServer()
    defer { server.stop() }
    server.respond(
      to: "/rate",
      with: .json(
        200, "{}",
        headers: [("X-RateLimit-Remaining", "59"), ("ETag", "W/\"1\""), ("Vary", "Accept"), ("vary", "Authorization")]))
    let http = DefaultHTTPClient(timeout: .seconds(60))

    let response = try await http.send(.get(url: server.baseURL.appending(path: "rate")))

    #expect(response.value(forHTTPHeaderField: "x-ratelimit-remaining") == "59")
    #expect(response.value(forHTTPHeaderField: "etag") == "W/\"1\"")
    #expect(response.value(forHTTPHeaderField: "VARY") == "Accept, Authorization")
    #expect(response.url == server.baseURL.appending(path: "rate"))
  }

  @Test func theRequestsFieldsAreSentAsGiven() async throws {
    let server = try FakeGitHubServer()
    defer { server.stop() }
    server.respond(to: "/users/octocat", with: .json(304, ""))
    let http = DefaultHTTPClient(timeout: .seconds(60))

    let response = try await http.send(
      .get(url: server.baseURL.appending(path: "users/octocat")).header("If-None-Match", "W/\"abc\"")
        .header("User-Agent", "tests/1"))

    #expect(response.statusCode == 304)
    let sent = try #require(server.requests.last)
    #expect(sent.method == "GET")
    #expect(sent.header("If-None-Match") == "W/\"abc\"")
    #expect(sent.header("User-Agent") == "tests/1")
  }

  @Test func putSendsAnEmptyBodyAndDeleteNone() async throws {
    let server = try FakeGitHubServer()
    defer { server.stop() }
    server.respond(to: "/user/following/octocat", with: .json(204, ""), times: 2)
    let http = DefaultHTTPClient(timeout: .seconds(60))
    var put = HTTPRequest.get(url: server.baseURL.appending(path: "user/following/octocat"))
    put.method = .put
    var delete = put
    delete.method = .delete

    #expect(try await http.send(put).statusCode == 204)
    #expect(try await http.send(delete).statusCode == 204)

    let sent = server.requests
    #expect(sent.map(\.method) == ["PUT", "DELETE"])
    #expect(sent.first?.header("Content-Length") == "0")
    #expect(sent.first?.header("Expect") == nil)
  }

  @Test(arguments: [301, 302, 303, 307, 308])
  func aRedirectIsAnsweredWithItsHeadAndNoBody(status: Int) async throws {
    let server = try FakeGitHubServer()
    defer { server.stop() }
    let location = "/users/monalisa?from=\(status)"
    server.respond(to: "/users/octocat", with: .redirect(status, to: location))
    let http = DefaultHTTPClient(timeout: .seconds(60))

    let response = try await http.send(.get(url: server.baseURL.appending(path: "users/octocat")))

    #expect(response.statusCode == status)
    #expect(response.value(forHTTPHeaderField: "Location") == location)
    #expect(response.value(forHTTPHeaderField: "Content-Type")?.hasPrefix("application/json") == true)
    #expect(response.body.isEmpty)
    // The client goes on working after the stopped transfer.
    server.addUser("monalisa", followers: 0)
    let next = try await http.send(.get(url: server.baseURL.appending(path: "users/monalisa")))
    #expect(next.statusCode == 200)
  }

  @Test func aGzipBombSentAsARedirectsBodyIsNotRead() async throws {
    // 32 MB inflating to 32 GiB. A client that reads a redirect's body before answering takes
    // all of it: then this test fails at its deadline. One that answers at the head leaves the
    // server stuck after what the sockets' buffers hold.
    let server = try FakeGitHubServer()
    defer { server.stop() }
    let transfer = BodyTransfer()
    server.respond(to: "/users/octocat", with: .gzipBomb(inflatedSize: 32 << 30, transfer: transfer, status: 302))
    let http = DefaultHTTPClient(timeout: .seconds(60))

    let response = try await http.send(.get(url: server.baseURL.appending(path: "users/octocat")))

    #expect(response.statusCode == 302)
    #expect(response.value(forHTTPHeaderField: "Location") == "/")
    #expect(response.body.isEmpty)
    let end = await transfer.ended()
    #expect(!end.completed)
    #expect(end.bytesSent < end.bodySize / 2, "sent \(end.bytesSent) of \(end.bodySize) bytes")
  }

  @Test(arguments: [(chunked: false, announced: true), (chunked: true, announced: false)])
  func aBodyOverTheLimitIsRefused(chunked: Bool, announced: Bool) async throws {
    let server = try FakeGitHubServer()
    defer { server.stop() }
    server.respond(to: "/big", with: .largeBody(size: 8 << 20, chunked: chunked))
    let http = DefaultHTTPClient(timeout: .seconds(60), maxResponseBytes: 1 << 20)

    await #expect(
      throws: HTTPResponseTooLargeError(
        limit: 1 << 20, received: announced ? 8 << 20 : (1 << 20) + 1, announced: announced)
    ) {
      try await http.send(.get(url: server.baseURL.appending(path: "big")))
    }
  }

  @Test func aGzipBombIsStoppedAtTheLimitOfItsInflatedSize() async throws {
    let server = try FakeGitHubServer()
    defer { server.stop() }
    let transfer = BodyTransfer()
    // 32 MB (under the limit) inflating to 32 GiB.
    server.respond(to: "/bomb", with: .gzipBomb(inflatedSize: 32 << 30, transfer: transfer))
    let http = DefaultHTTPClient(timeout: .seconds(600))

    await #expect(throws: HTTPResponseTooLargeError(limit: 32 << 20, received: (32 << 20) + 1, announced: false)) {
      try await http.send(.get(url: server.baseURL.appending(path: "bomb")))
    }
    let end = await transfer.ended()
    #expect(!end.completed)
    #expect(end.bytesSent < end.bodySize / 2, "sent \(end.bytesSent) of \(end.bodySize) bytes")
  }

  @Test func aTricklingBodyEndsAtTheDeadline() async throws {
    let server = try FakeGitHubServer()
    defer { server.stop() }
    server.respond(to: "/slow", with: .trickle(interval: .milliseconds(100)))
    let http = DefaultHTTPClient(timeout: .milliseconds(500))

    await #expect {
      try await http.send(.get(url: server.baseURL.appending(path: "slow")))
    } throws: { error in
      (error as? URLError)?.code == .timedOut
    }
  }

  @Test func cancellingAWaitingRequestEndsItAtOnce() async throws {
    let server = try FakeGitHubServer()
    defer { server.stop() }
    let (arrivals, arrived) = AsyncStream.makeStream(of: Void.self)
    server.setHandler { _ in
      arrived.yield()
      return FakeResponse(status: 200, behavior: .neverRespond)
    }
    let http = DefaultHTTPClient(timeout: .seconds(600))
    let url = server.baseURL.appending(path: "silent")
    let request = Task { try await http.send(.get(url: url)) }
    for await _ in arrivals { break }

    request.cancel()

    await #expect(throws: CancellationError.self) { try await request.value }
    // The transport goes on working after the removed transfer.
    server.setHandler(nil)
    server.addUser("octocat", followers: 0)
    #expect(try await http.send(.get(url: server.baseURL.appending(path: "users/octocat"))).statusCode == 200)
  }

  @Test func aURLThatIsNotHTTPIsRefusedBeforeAnythingIsSent() async throws {
    let http = DefaultHTTPClient(timeout: .seconds(5))
    await #expect {
      try await http.send(.get(url: URL(string: "file:///etc/passwd")!))
    } throws: { error in
      (error as? URLError)?.code == .unsupportedURL
    }
  }
}
