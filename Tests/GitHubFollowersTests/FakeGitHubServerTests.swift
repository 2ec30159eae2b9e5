import FakeGitHubServer
import Foundation
import GitHubAPITestSupport
import Testing

/// The fake server's GitHub behaviour: the shapes, pagination, caching and errors of
/// api.github.com, and scripted answers, driven through plain URLSession.
@Suite struct FakeGitHubServerTests {
  // MARK: GitHub-shaped data

  @Test func followersPaginateWithGitHubLinkHeaders() async throws {
    let server = try FakeGitHubServer()
    defer { server.stop() }
    server.addUser("octocat", followers: 135)
    let base = "http://127.0.0.1:\(server.port)/users/octocat/followers"
    let client = FakeServerClient()

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
    let (data, response) = try await FakeServerClient().get(server, "/users/octocat/followers")
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
    let (again, _) = try await FakeServerClient().get(other, "/users/octocat/followers")
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
    let client = FakeServerClient()
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
    let client = FakeServerClient()
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
    let client = FakeServerClient()
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
    let client = FakeServerClient()
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
    let client = FakeServerClient()
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
    let client = FakeServerClient()
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
    let client = FakeServerClient()

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
    let (data, response) = try await FakeServerClient().get(server, "/users/%6Fcto%2Dcat")
    #expect(response.statusCode == 200)
    #expect(String(decoding: data, as: UTF8.self).contains(#""html_url":"https://github.com/octo-cat""#))
    let (_, malformed) = try await FakeServerClient().get(server, "/users/octo%2")
    #expect(malformed.statusCode == 404)
  }
}

// MARK: - What a client decodes

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
