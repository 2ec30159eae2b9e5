import ActionDispatchTesting
import Foundation
import GitHubAPI
import GitHubAPITestSupport
import Testing

@Suite struct GitHubClientRequestTests {
  func client(
    _ http: StubHTTPClient, token: String? = nil, base: String = "https://api.github.com"
  ) -> GitHubClient {
    GitHubClient(
      configuration: .init(baseURL: URL(string: base)!, token: token, clock: ImmediateClock()), httpClient: http)
  }

  @Test func followersRequestHasGitHubsURLAndHeaders() async throws {
    let http = StubHTTPClient(always: .json("[]"))
    _ = try await client(http).followers(of: "octocat", page: 2, perPage: 50)
    let request = try #require(http.requests.first)
    #expect(http.urls == ["https://api.github.com/users/octocat/followers?per_page=50&page=2"])
    #expect(request.method == .get)
    #expect(request.value(forHTTPHeaderField: "Accept") == "application/vnd.github+json")
    #expect(request.value(forHTTPHeaderField: "X-GitHub-Api-Version") == "2022-11-28")
    #expect(request.value(forHTTPHeaderField: "User-Agent") == "action-dispatch/\(ActionDispatchVersion.current)")
    #expect(request.value(forHTTPHeaderField: "Authorization") == nil)
    #expect(request.value(forHTTPHeaderField: "If-None-Match") == nil)
  }

  @Test func enterpriseBaseURLKeepsItsPath() async throws {
    let http = StubHTTPClient(always: .json(GitHubJSON.octocatProfile))
    _ = try await client(http, base: "https://ghe.example/api/v3").profile(of: "octocat")
    #expect(http.urls == ["https://ghe.example/api/v3/users/octocat"])
  }

  @Test func pageAndPerPageAreClamped() async throws {
    let http = StubHTTPClient(always: .json("[]"))
    _ = try await client(http).followers(of: "octocat", page: -3, perPage: 1_000)
    _ = try await client(http).followers(of: "octocat", page: 1, perPage: 0)
    #expect(
      http.urls == [
        "https://api.github.com/users/octocat/followers?per_page=100&page=1",
        "https://api.github.com/users/octocat/followers?per_page=1&page=1",
      ])
  }

  @Test func searchQueryIsEncoded() async throws {
    let http = StubHTTPClient(always: .json(#"{"total_count":0,"incomplete_results":false,"items":[]}"#))
    _ = try await client(http).searchUsers("octo type:user followers:>10")
    #expect(http.urls == ["https://api.github.com/search/users?q=octo%20type%3Auser%20followers%3A%3E10"])
  }

  @Test func tokenIsSentAsBearerToTheAPIHost() async throws {
    let http = StubHTTPClient(always: .json("[]"))
    _ = try await client(http, token: "ghp_abc").followers(of: "octocat", page: 1, perPage: 30)
    #expect(http.requests.first?.value(forHTTPHeaderField: "Authorization") == "Bearer ghp_abc")
  }

  @Test(arguments: ["", "  ", "\n"])
  func blankTokenIsNotSent(token: String) async throws {
    let http = StubHTTPClient(always: .json("[]"))
    _ = try await client(http, token: token).followers(of: "octocat", page: 1, perPage: 30)
    #expect(http.requests.first?.value(forHTTPHeaderField: "Authorization") == nil)
  }

  @Test(arguments: [
    ("https://evil.example/users/octocat/followers?page=2", false),
    ("http://api.github.com/users/octocat/followers?page=2", false),
    ("https://api.github.com:8443/users/octocat/followers?page=2", false),
    ("https://api.github.com.evil.example/users/x/followers?page=2", false),
    ("https://API.GitHub.com:443/users/octocat/followers?page=2", true),
    ("https://api.github.com/user/583231/followers?page=2", true),
  ])
  func pageLinkIsFollowedOnlyOnTheBaseURLsOrigin(link: String, sameOrigin: Bool) async throws {
    let http = StubHTTPClient(always: .json("[]"))
    let github = client(http, token: "ghp_abc")
    if sameOrigin {
      _ = try await github.followersPage(at: URL(string: link)!)
      #expect(http.urls == [link])
      #expect(http.requests.first?.value(forHTTPHeaderField: "Authorization") == "Bearer ghp_abc")
    } else {
      await #expect {
        try await github.followersPage(at: URL(string: link)!)
      } throws: { error in
        guard case .paginationStopped(let reason) = error as? GitHubError else { return false }
        return reason.contains("not to the API at https://api.github.com:443") && reason.contains("nothing was sent")
      }
      #expect(http.requestCount == 0)
    }
  }

  @Test func nextLinkToAnotherHostIsNotFollowed() async throws {
    let http = StubHTTPClient { request in
      if request.absoluteURL?.host == "api.github.com" {
        return .json(
          GitHubJSON.followers(page: 1, perPage: 2),
          headers: ["Link": #"<https://mirror.example/users/octocat/followers?page=2>; rel="next""#])
      }
      return .json(GitHubJSON.followers(page: 2, perPage: 2))
    }
    let github = client(http, token: "ghp_abc")
    var pages: [Int] = []
    await #expect {
      for try await page in github.allFollowers(of: "octocat", perPage: 2, concurrency: 1) { pages.append(page.page) }
    } throws: { error in
      guard case .paginationStopped(let reason) = error as? GitHubError else { return false }
      return reason.hasPrefix("a page link leads to https://mirror.example:443, not to the API")
    }
    #expect(pages == [1])
    #expect(http.urls == ["https://api.github.com/users/octocat/followers?per_page=2&page=1"])
  }

  @Test func sameOriginRedirectIsFollowedAndAnotherOriginIsRefused() async throws {
    let http = StubHTTPClient { request in
      switch request.absoluteURL?.absoluteString {
      case "https://api.github.com/users/octocat":
        return HTTPResponse(statusCode: 301, headers: ["Location": "/users/renamed"])
      case "https://api.github.com/users/renamed":
        return HTTPResponse(statusCode: 307, headers: ["Location": "https://elsewhere.example/u"])
      default:
        return .json(GitHubJSON.octocatProfile)
      }
    }
    await #expect(throws: GitHubError.redirectRefused(status: 307, location: "https://elsewhere.example:443")) {
      try await client(http, token: "ghp_abc").profile(of: "octocat")
    }
    #expect(http.urls == ["https://api.github.com/users/octocat", "https://api.github.com/users/renamed"])
    #expect(http.requests.map { $0.value(forHTTPHeaderField: "Authorization") != nil } == [true, true])
  }

  @Test func redirectLoopEndsWithAnError() async {
    let http = StubHTTPClient(always: HTTPResponse(statusCode: 302, headers: ["Location": "/users/octocat"]))
    await #expect {
      try await client(http).profile(of: "octocat")
    } throws: { error in
      guard case .unexpectedStatus(302, let message) = error as? GitHubError else { return false }
      return message?.contains("redirects") == true
    }
    #expect(http.requestCount == 6)
  }

  @Test func redirectToANonHTTPSchemeIsNotFollowed() async {
    let http = StubHTTPClient(always: HTTPResponse(statusCode: 301, headers: ["Location": "file:///etc/passwd"]))
    await #expect {
      try await client(http).profile(of: "octocat")
    } throws: { error in
      guard case .unexpectedStatus(301, _) = error as? GitHubError else { return false }
      return true
    }
    #expect(http.requestCount == 1)
  }

  @Test func nonHTTPLinkIsRefusedWithoutARequest() async {
    let http = StubHTTPClient(always: .json("[]"))
    await #expect {
      try await client(http).followersPage(at: URL("file:///etc/passwd"))
    } throws: { error in
      guard case .paginationStopped(let reason) = error as? GitHubError else { return false }
      return reason.hasPrefix(#"a page link leads to "file:///etc/passwd", not to the API"#)
    }
    #expect(http.requestCount == 0)
  }

  @Test func linkURLIsRequestedExactlyAsGiven() async throws {
    let link = "https://api.github.com/user/583231/followers?page=7&per_page=13&z=%2F"
    let http = StubHTTPClient(always: .json("[]"))
    let page = try await client(http).followersPage(at: URL(string: link)!)
    #expect(http.urls == [link])
    #expect(page.page == 7)
  }

  @Test func pageNumbersComeFromTheRequestAndTheLastLink() async throws {
    let http = StubHTTPClient(
      always: .json(
        GitHubJSON.followers(page: 2, perPage: 3),
        headers: [
          "link":
            #"<https://api.github.com/user/1/followers?per_page=3&page=3>; rel="next", <https://api.github.com/user/1/followers?per_page=3&page=5>; rel="last""#
        ]))
    let page = try await client(http).followers(of: "octocat", page: 2, perPage: 3)
    #expect(page.page == 2)
    #expect(page.lastPage == 5)
    #expect(page.next?.absoluteString == "https://api.github.com/user/1/followers?per_page=3&page=3")
    #expect(page.followers.map(\.login) == ["f-4", "f-5", "f-6"])
  }

  @Test func pageWithoutNextIsTheLastPage() async throws {
    let http = StubHTTPClient(always: .json("[]"))
    let page = try await client(http).followersPage(at: URL("https://api.github.com/user/1/followers?page=4"))
    #expect(page.page == 4)
    #expect(page.lastPage == 4)
    #expect(!page.hasNextPage)
  }

  @Test func latestRateLimitIsRemembered() async throws {
    let http = StubHTTPClient(
      always: .json(
        "[]",
        headers: [
          "x-ratelimit-limit": "60", "x-ratelimit-remaining": "57", "x-ratelimit-used": "3",
          "x-ratelimit-reset": "1700000000", "x-ratelimit-resource": "core",
        ]))
    let github = client(http)
    #expect(await github.latestRateLimit() == nil)
    _ = try await github.followers(of: "octocat", page: 1, perPage: 30)
    let limit = try #require(await github.latestRateLimit())
    #expect(
      limit
        == RateLimit(
          limit: 60, remaining: 57, used: 3, resetAt: Date(timeIntervalSince1970: 1_700_000_000), resource: "core"))
  }
}
