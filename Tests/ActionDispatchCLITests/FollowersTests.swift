import FakeGitHubServer
import Foundation
import Testing

/// `action-dispatch followers` against the fake server: the table, `--limit`, `--all`,
/// `--json`, an empty list, and the requests sent.
@Suite struct FollowersTests {
  /// A fake server with `mona` and her followers, and the arguments that point the CLI at it.
  struct Fixture {
    let server: FakeGitHubServer

    init(followers: Int) throws {
      server = try FakeGitHubServer()
      server.addUser("mona", followers: followers, name: "Mona Lisa Octocat")
    }

    func run(_ arguments: [String], environment: [String: String] = [:]) async throws -> CLIResult {
      try await CLIProcess.run(arguments + ["--api-url", server.baseURL.absoluteString], environment: environment)
    }

    /// The `page` and `per_page` of every request, in order.
    var pages: [[String: String]] {
      server.requests.map { $0.queryItems.filter { ["page", "per_page"].contains($0.key) } }
    }
  }

  @Test func defaultListsThirtyFromOneRequest() async throws {
    let fixture = try Fixture(followers: 45)
    let result = try await fixture.run(["followers", "mona"])
    #expect(
      result
        == CLIResult(stdout: ExpectedOutput.followerTable(of: "mona", 1...30, loginWidth: 16), stderr: "", status: 0))
    #expect(fixture.pages == [["page": "1", "per_page": "30"]])
    #expect(fixture.server.requests.map(\.path) == ["/users/mona/followers"])
  }

  @Test func limitAcrossAPageBoundaryFollowsTheNextLink() async throws {
    let fixture = try Fixture(followers: 100)
    let result = try await fixture.run(["followers", "mona", "--limit", "45"])
    #expect(
      result
        == CLIResult(stdout: ExpectedOutput.followerTable(of: "mona", 1...45, loginWidth: 16), stderr: "", status: 0))
    #expect(fixture.pages == [["page": "1", "per_page": "30"], ["page": "2", "per_page": "30"]])
  }

  @Test func limitAboveTheFollowerCountListsEveryone() async throws {
    let fixture = try Fixture(followers: 45)
    let result = try await fixture.run(["followers", "mona", "--limit=500"])
    #expect(
      result
        == CLIResult(stdout: ExpectedOutput.followerTable(of: "mona", 1...45, loginWidth: 16), stderr: "", status: 0))
    #expect(fixture.server.requestCount == 2)
  }

  @Test func aLongerLoginOnALaterPageWidensOnlyItsOwnRow() async throws {
    let fixture = try Fixture(followers: 120)
    let result = try await fixture.run(["followers", "mona", "--limit", "101"])
    // mona-follower-100 and -101 are 17 characters, the first page's longest 16: their TYPE
    // and URL start one column later, and nothing is cut.
    #expect(
      result
        == CLIResult(stdout: ExpectedOutput.followerTable(of: "mona", 1...101, loginWidth: 16), stderr: "", status: 0))
    #expect(result.stdout.hasPrefix("LOGIN             TYPE          URL\n"))
    #expect(result.stdout.contains("\nmona-follower-99  User          https://github.com/mona-follower-99\n"))
    #expect(result.stdout.contains("\nmona-follower-100  User          https://github.com/mona-follower-100\n"))
  }

  @Test func allFetchesEveryPageOfAHundred() async throws {
    let fixture = try Fixture(followers: 250)
    let result = try await fixture.run(["followers", "mona", "--all"])
    #expect(
      result
        == CLIResult(stdout: ExpectedOutput.followerTable(of: "mona", 1...250, loginWidth: 17), stderr: "", status: 0))
    #expect(
      fixture.pages == [
        ["page": "1", "per_page": "100"], ["page": "2", "per_page": "100"], ["page": "3", "per_page": "100"],
      ])
  }

  @Test func allWithConcurrencyPrintsPagesInOrder() async throws {
    let fixture = try Fixture(followers: 450)
    let result = try await fixture.run(["followers", "mona", "--all", "--concurrency", "4"])
    #expect(
      result
        == CLIResult(stdout: ExpectedOutput.followerTable(of: "mona", 1...450, loginWidth: 17), stderr: "", status: 0))
    #expect(fixture.server.requestCount == 5)
    #expect(fixture.pages.first == ["page": "1", "per_page": "100"])
  }

  @Test func jsonIsOneArrayWithGitHubsFieldNames() async throws {
    let fixture = try Fixture(followers: 45)
    let result = try await fixture.run(["followers", "mona", "--json", "--limit", "2"])
    let api = fixture.server.baseURL.absoluteString
    #expect(result == CLIResult(stdout: Self.twoFollowersJSON(api: api), stderr: "", status: 0))
  }

  @Test func jsonAcrossPagesIsStillOneArray() async throws {
    let fixture = try Fixture(followers: 250)
    let result = try await fixture.run(["followers", "mona", "--all", "--json"])
    #expect(result.status == 0)
    #expect(result.stderr == "")
    let decoded = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]]
    #expect(decoded?.count == 250)
    #expect(decoded?.last?["login"] as? String == "mona-follower-250")
    #expect(result.stdout.hasPrefix("[\n  {\n"))
    #expect(result.stdout.hasSuffix("\n  }\n]\n"))
  }

  @Test func emptyListIsASuccess() async throws {
    let fixture = try Fixture(followers: 0)
    let result = try await fixture.run(["followers", "mona"])
    #expect(result == CLIResult(stdout: "", stderr: "mona has no followers.\n", status: 0))
  }

  @Test func emptyListAsJSONIsAnEmptyArray() async throws {
    let fixture = try Fixture(followers: 0)
    let result = try await fixture.run(["followers", "mona", "--all", "--json"])
    #expect(result == CLIResult(stdout: "[]\n", stderr: "", status: 0))
  }

  static func twoFollowersJSON(api: String) -> String {
    """
    [
      {
        "avatar_url" : "https://avatars.githubusercontent.com/u/84563819?v=4",
        "gravatar_id" : "",
        "html_url" : "https://github.com/mona-follower-1",
        "id" : 84563819,
        "login" : "mona-follower-1",
        "node_id" : "MDQ6VXNlcjg0NTYzODE5",
        "site_admin" : false,
        "type" : "User",
        "url" : "\(api)/users/mona-follower-1",
        "user_view_type" : "public"
      },
      {
        "avatar_url" : "https://avatars.githubusercontent.com/u/96192030?v=4",
        "gravatar_id" : "",
        "html_url" : "https://github.com/mona-follower-2",
        "id" : 96192030,
        "login" : "mona-follower-2",
        "node_id" : "MDQ6VXNlcjk2MTkyMDMw",
        "site_admin" : false,
        "type" : "User",
        "url" : "\(api)/users/mona-follower-2",
        "user_view_type" : "public"
      }
    ]

    """
  }
}
