import Foundation
import Testing

@testable import HTTPTransport

/// The head of a response read line by line, as libcurl's header callback hands it over: the
/// final head is reported at its empty line, with its status and fields.
@Suite struct ResponseHeadTests {
  private func read(_ lines: [String]) -> [ResponseHead.Event] {
    var head = ResponseHead()
    return lines.map { head.read(Array($0.utf8)) }
  }

  @Test func aHeadEndsWithItsStatusAndFields() {
    let events = read([
      "HTTP/1.1 302 Found\r\n", "Location: /users/monalisa\r\n", "Set-Cookie: a=1\r\n", "set-cookie: b=2\r\n",
      "Content-Length: 10\r\n", "\r\n",
    ])
    #expect(
      events == [
        .none, .none, .none, .none, .none,
        .ended(
          status: 302,
          headers: ["Location": "/users/monalisa", "Set-Cookie": "a=1", "set-cookie": "b=2", "Content-Length": "10"]),
      ])
  }

  @Test(arguments: [200, 204, 301, 302, 303, 304, 307, 308, 404, 500])
  func everyFinalStatusIsReported(status: Int) {
    #expect(
      read(["HTTP/2 \(status) \r\n", "location: /x\r\n", "\r\n"]).last
        == .ended(status: status, headers: ["location": "/x"]))
  }

  @Test func aFieldSentTwiceIsJoined() {
    #expect(
      read(["HTTP/1.1 200 OK\r\n", "Vary: Accept\r\n", "Vary: Authorization\r\n", "\r\n"]).last
        == .ended(status: 200, headers: ["Vary": "Accept, Authorization"]))
  }

  @Test func aFoldedLineContinuesItsField() {
    #expect(
      read(["HTTP/1.1 200 OK\r\n", "X-Note: one\r\n", "  two\r\n", "\r\n"]).last
        == .ended(status: 200, headers: ["X-Note": "one two"]))
  }

  @Test func anInterimHeadIsForgotten() {
    let events = read([
      "HTTP/1.1 100 Continue\r\n", "X-Interim: yes\r\n", "\r\n", "HTTP/1.1 307 Temporary Redirect\r\n",
      "Location: /y\n", "\n",
    ])
    #expect(events == [.none, .none, .none, .none, .none, .ended(status: 307, headers: ["Location": "/y"])])
  }

  @Test func aMalformedStatusLineOrFieldIsNotAHead() {
    #expect(read(["HTTP/1.1 three hundred two\r\n", "Location: /x\r\n", "\r\n"]) == [.none, .none, .none])
    #expect(
      read(["HTTP/1.1 301\r\n", ": no name\r\n", "no colon\r\n", "\r\n"]).last
        == .ended(status: 301, headers: [:]))
  }

  @Test func linesAfterTheHeadAreNotAHead() {
    #expect(
      read(["HTTP/1.1 200 OK\r\n", "\r\n", "X-Trailer: 1\r\n", "\r\n"]) == [
        .none, .ended(status: 200, headers: [:]), .none, .none,
      ])
  }
}
