import Foundation
import HTTPTransport
import Testing

@Suite struct HTTPRequestTests {
  let api = URL("https://api.github.com")

  @Test func pathIsAppendedToTheBaseURL() throws {
    let url = try HTTPRequest.get("/users/octocat/followers").url(relativeTo: api)
    #expect(url.absoluteString == "https://api.github.com/users/octocat/followers")
  }

  @Test(arguments: [
    "https://ghe.example/api/v3",
    "https://ghe.example/api/v3/",
    "https://ghe.example/api/v3//",
  ])
  func baseURLWithAPathKeepsItsPath(base: String) throws {
    let url = try HTTPRequest.get("/users/octocat").url(relativeTo: URL(string: base)!)
    #expect(url.absoluteString == "https://ghe.example/api/v3/users/octocat")
  }

  @Test func loopbackBaseWithPortWorks() throws {
    let url = try HTTPRequest.get("users/x").query("page", "2").url(relativeTo: URL("http://127.0.0.1:8080"))
    #expect(url.absoluteString == "http://127.0.0.1:8080/users/x?page=2")
  }

  @Test func pathSegmentsArePercentEncoded() throws {
    let url = try HTTPRequest.get("/users/a b/x?y#z%/ö").url(relativeTo: api)
    #expect(url.absoluteString == "https://api.github.com/users/a%20b/x%3Fy%23z%25/%C3%B6")
    #expect(url.query == nil)
    #expect(url.fragment == nil)
  }

  @Test func emptySegmentsAreDropped() throws {
    let url = try HTTPRequest.get("//users//octocat/").url(relativeTo: api)
    #expect(url.absoluteString == "https://api.github.com/users/octocat")
  }

  @Test(arguments: ["/users/../admin", "/./users", "..", "/users/x/.."])
  func dotSegmentsAreRejected(path: String) {
    #expect(throws: HTTPRequestError.self) {
      try HTTPRequest.get(path).url(relativeTo: api)
    }
  }

  @Test func baseURLWithoutHostIsRejected() {
    #expect(throws: HTTPRequestError.self) {
      try HTTPRequest.get("/users").url(relativeTo: URL(string: "api.github.com")!)
    }
  }

  @Test func queryIsAppendedNeverReplaced() throws {
    let request = HTTPRequest.get(url: URL("https://api.github.com/user/1/followers?per_page=30&page=2"))
      .query("page", "3")
      .query("extra", "1")
    let url = try request.url(relativeTo: api)
    #expect(url.absoluteString == "https://api.github.com/user/1/followers?per_page=30&page=2&page=3&extra=1")
    #expect(request.absoluteURL == url)
  }

  @Test func nilQueryValueIsSkipped() throws {
    let url = try HTTPRequest.get("/search/users").query("q", nil).query("page", "1").url(relativeTo: api)
    #expect(url.absoluteString == "https://api.github.com/search/users?page=1")
  }

  @Test func queryNamesAndValuesAreStrictlyEncoded() throws {
    let url = try HTTPRequest.get("/search/users").query("q", "a+b c&d=e/ö#").url(relativeTo: api)
    #expect(url.absoluteString == "https://api.github.com/search/users?q=a%2Bb%20c%26d%3De%2F%C3%B6%23")
  }

  @Test func absoluteURLIsUsedAsGivenWhateverTheBase() throws {
    let link = URL("https://other.example/x?b=2&a=1")
    #expect(try HTTPRequest.get(url: link).url(relativeTo: api) == link)
  }

  @Test func relativeURLIsResolvedAgainstTheBase() throws {
    let url = try HTTPRequest.get(url: URL(string: "/users/x?page=2")!).url(relativeTo: api)
    #expect(url.absoluteString == "https://api.github.com/users/x?page=2")
  }

  @Test func pathRequestHasNoAbsoluteURL() {
    #expect(HTTPRequest.get("/users").absoluteURL == nil)
    #expect(HTTPRequest.get("/users").path == "/users")
  }

  @Test func headersReplaceIgnoringCaseAndDropLineBreaks() {
    let request = HTTPRequest.get("/")
      .header("Accept", "text/plain")
      .header("accept", "application/json")
      .header("X-Evil", "a\r\nInjected: yes")
    #expect(request.headers.count == 2)
    #expect(request.value(forHTTPHeaderField: "ACCEPT") == "application/json")
    #expect(request.value(forHTTPHeaderField: "x-evil") == "aInjected: yes")
    #expect(request.removingHeader("ACCEPT").value(forHTTPHeaderField: "Accept") == nil)
  }

  @Test func responseHeadersAreCaseInsensitive() {
    let response = HTTPResponse(statusCode: 200, headers: ["X-RateLimit-Remaining": "59", "etag": "W/\"1\""])
    #expect(response.value(forHTTPHeaderField: "x-ratelimit-remaining") == "59")
    #expect(response.value(forHTTPHeaderField: "ETag") == "W/\"1\"")
    #expect(response.value(forHTTPHeaderField: "Link") == nil)
  }
}
