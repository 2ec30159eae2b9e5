import Foundation
import Testing

@testable import GitHubAPI

/// The head of a response read line by line, as libcurl hands it over: a redirect is recognised
/// at its status line and answered at its last.
@Suite struct ResponseHeadTests {
  private func read(_ lines: [String]) -> [ResponseHead.Event] {
    var head = ResponseHead()
    return lines.map { head.read(Array($0.utf8)) }
  }

  @Test func aRedirectEndsWithItsStatusAndFields() {
    let events = read([
      "HTTP/1.1 302 Found\r\n", "Location: /users/monalisa\r\n", "Set-Cookie: a=1\r\n", "set-cookie: b=2\r\n",
      "Content-Length: 10\r\n", "\r\n",
    ])
    #expect(
      events == [
        .redirectStarted, .none, .none, .none, .none,
        .redirectEnded(
          status: 302,
          headers: ["Location": "/users/monalisa", "Set-Cookie": "a=1", "set-cookie": "b=2", "Content-Length": "10"]),
      ])
  }

  @Test(arguments: [301, 302, 303, 305, 306, 307, 308])
  func everyRedirectFoundationNetworkingWithholdsIsAnswered(status: Int) {
    #expect(
      read(["HTTP/2 \(status) \r\n", "location: /x\r\n", "\r\n"]).last
        == .redirectEnded(status: status, headers: ["location": "/x"]))
  }

  @Test(arguments: [200, 204, 300, 304, 404, 500])
  func otherStatusesAreLeftAlone(status: Int) {
    #expect(read(["HTTP/1.1 \(status) X\r\n", "Location: /x\r\n", "\r\n"]) == [.none, .none, .none])
  }

  @Test func anInterimHeadIsForgottenAtTheNextStatusLine() {
    let events = read([
      "HTTP/1.1 100 Continue\r\n", "\r\n", "HTTP/1.1 307 Temporary Redirect\r\n", "Location: /y\n", "\n",
    ])
    #expect(
      events == [.none, .none, .redirectStarted, .none, .redirectEnded(status: 307, headers: ["Location": "/y"])])
  }

  @Test func aMalformedStatusLineOrFieldIsNoRedirect() {
    #expect(read(["HTTP/1.1 three hundred two\r\n", "Location: /x\r\n", "\r\n"]) == [.none, .none, .none])
    #expect(
      read(["HTTP/1.1 301\r\n", ": no name\r\n", "no colon\r\n", "\r\n"]).last
        == .redirectEnded(status: 301, headers: [:]))
  }
}
