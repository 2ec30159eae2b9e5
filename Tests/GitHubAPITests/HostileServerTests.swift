import ActionDispatchTesting
import FakeGitHubServer
import Foundation
import GitHubAPI
import Testing

/// A server that answers with something other than a well-formed HTTP response, over real
/// HTTP: each ends at once in an error that names what the server did wrong, never one that
/// blames the user's URL or says only "URLError -1".
@Suite
struct HostileServerTests {
  private func profileError(_ answer: FakeResponse, timeout: Duration = .seconds(30)) async throws -> String {
    let server = try FakeGitHubServer()
    defer { server.stop() }
    server.respond(to: "/users/octocat", with: answer, times: nil)
    let client = GitHubClient(
      configuration: .init(baseURL: server.baseURL, maxRetries: 0, clock: ImmediateClock()),
      httpClient: DefaultHTTPClient(timeout: timeout))
    do {
      let profile = try await client.profile(of: "octocat")
      Issue.record("expected an error, got \(profile)")
      return ""
    } catch let error as GitHubError {
      return error.description.replacingOccurrences(of: "127.0.0.1:\(server.port)", with: "SERVER")
    }
  }

  private static let advice = ". Check the network connection and the API URL, then try again."
  private static let notHTTP =
    "SERVER did not answer with an HTTP status line (such as \"HTTP/1.1 200 OK\"): what it sent is not an HTTP response"
    + advice

  @Test(arguments: [
    "HTTX/1.1 200 OK\r\nContent-Length: 2\r\n\r\n[]",
    "HTTP/1.1 two hundred\r\nContent-Length: 2\r\n\r\n[]",
    "[]",
  ])
  func answerWithoutAStatusLine(_ text: String) async throws {
    #expect(try await profileError(.rawText(text)) == Self.notHTTP)
  }

  @Test func binaryStatusLine() async throws {
    let bytes: [UInt8] = [0x00, 0x01, 0x1B, 0x5B, 0x32, 0x4A, 0xFF, 0xFE, 13, 10, 13, 10]
    #expect(try await profileError(.rawBytes(bytes)) == Self.notHTTP)
  }

  @Test func shortBody() async throws {
    let message = try await profileError(.rawText("HTTP/1.1 200 OK\r\nContent-Length: 100\r\n\r\n{\"login\""))
    #expect(
      message == "SERVER closed the connection before the end of the body its Content-Length announced" + Self.advice)
  }

  @Test func negativeContentLength() async throws {
    let message = try await profileError(.rawText("HTTP/1.1 200 OK\r\nContent-Length: -1\r\n\r\n{}"))
    #expect(message == "SERVER sent an invalid Content-Length header" + Self.advice)
  }

  @Test func badChunkSize() async throws {
    let message = try await profileError(
      .rawText("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n{}\r\n0\r\n\r\n"))
    #expect(
      message == "SERVER sent a malformed chunked body (a chunk size that is not a hexadecimal number)" + Self.advice)
  }

  @Test func badGzipBody() async throws {
    let message = try await profileError(
      .rawText("HTTP/1.1 200 OK\r\nContent-Encoding: gzip\r\nContent-Length: 10\r\n\r\n0123456789"))
    #expect(message == "SERVER sent a compressed body (Content-Encoding) that cannot be decompressed" + Self.advice)
  }

  @Test func aMegabyteOfHeaders() async throws {
    let message = try await profileError(.hugeHeaders(size: 1 << 20))
    #expect(message == "SERVER sent response headers larger than a client accepts (more than 100 KB)" + Self.advice)
  }

  @Test func closesAtOnce() async throws {
    let message = try await profileError(.rawBytes([]))
    #expect(message == "SERVER closed the connection without sending a response" + Self.advice)
  }

  @Test func announcedBodyOverTheLimitIsRefusedAtOnce() async throws {
    let message = try await profileError(.largeBody(size: 200 << 20, chunked: false))
    #expect(
      message == "The request to SERVER failed: the response was 200 MiB, more than the 32 MiB limit" + Self.advice)
  }

  @Test func chunkedBodyOverTheLimitStopsThere() async throws {
    let message = try await profileError(.largeBody(size: 200 << 20, chunked: true))
    #expect(
      message == "The request to SERVER failed: the response was more than the 32 MiB limit, so reading stopped there"
        + Self.advice)
  }

  @Test func gzipBombStopsAtTheLimit() async throws {
    let message = try await profileError(.gzipBomb())
    #expect(
      message == "The request to SERVER failed: the response was more than the 32 MiB limit, so reading stopped there"
        + Self.advice)
  }

  @Test func aRefusedBombIsCancelledLongBeforeItsEnd() async throws {
    // 32 MB inflating to 32 GiB, refused at 32 MiB, about 32 KB into the body. A client that
    // goes on reading (and inflating) after refusing it takes the whole body; one that stops the
    // transfer leaves the server stuck after what the sockets' buffers hold (about 4 MB here).
    let server = try FakeGitHubServer()
    defer { server.stop() }
    let transfer = BodyTransfer()
    server.respond(to: "/users/octocat", with: .gzipBomb(inflatedSize: 32 << 30, transfer: transfer))
    let client = GitHubClient(
      configuration: .init(baseURL: server.baseURL, maxRetries: 0, clock: ImmediateClock()),
      httpClient: DefaultHTTPClient(timeout: .seconds(600)))
    await #expect {
      try await client.profile(of: "octocat")
    } throws: { error in
      (error as? GitHubError)?.description.contains("more than the 32 MiB limit, so reading stopped there") == true
    }
    // The server is still up: only the client can end the transfer early.
    let end = await transfer.ended()
    #expect(!end.completed)
    #expect(end.bytesSent < end.bodySize / 2, "sent \(end.bytesSent) of \(end.bodySize) bytes")
  }

  @Test func tricklingBodyEndsAtTheDeadline() async throws {
    // One byte every 100 ms resets an idle timeout forever; the deadline ends it.
    let start = ContinuousClock.now
    let message = try await profileError(.trickle(interval: .milliseconds(100)), timeout: .seconds(1))
    #expect(message == GitHubError.timeout.description)
    // The trickle would last 28 hours; the bound is loose for a loaded machine (the suite under
    // ThreadSanitizer next to other builds took 9 s for this 1 s deadline).
    #expect(ContinuousClock.now - start < .seconds(120))
  }
}
