import FakeGitHubServer
import Foundation
import Testing

/// Text from a hostile server never reaches the terminal raw: every human-readable output
/// shows control characters, escape sequences and bidi controls visibly; `--json` stays exact,
/// with DEL, C1 and bidi controls escaped; a missing optional field is shown as absent.
@Suite struct HostileServerOutputTests {
  let server: FakeGitHubServer

  /// Issue 11's login: clear the screen, write the clipboard (OSC 52), ring, then reverse the text.
  static let clipboardLogin = "x\u{1B}[2J\u{1B}]52;c;ZXZpbA==\u{07}pwned\u{202E}"
  /// Carriage return and backspaces that would overwrite what was printed before.
  static let overwritingLogin = "bob\r\u{08}\u{08}\u{08}admin"

  init() throws {
    server = try FakeGitHubServer()
    server.addUser("mona", followers: 2, name: "Mona")
  }

  func run(_ arguments: [String]) async throws -> CLIResult {
    try await CLIProcess.run(arguments + ["--api-url", server.baseURL.absoluteString])
  }

  func serveHostileFollowers() {
    server.respond(
      to: "/users/mona/followers",
      with: .accounts([(Self.clipboardLogin, 1, "User\u{9B}31m"), (Self.overwritingLogin, 2, "Bot\u{7F}")]))
  }

  @Test func followersTableShowsControlsVisiblyAndAlignsWhatIsPrinted() async throws {
    serveHostileFollowers()
    let result = try await run(["followers", "mona"])
    let expected = #"""
      LOGIN                                  TYPE          URL
      x^[[2J^[]52;c;ZXZpbA==^Gpwned\u{202E}  User\u{9B}31m  https://github.com/x%1B%5B2J%1B%5D52%3Bc%3BZXZpbA%3D%3D%07pwned%E2%80%AE
      bob\r^H^H^Hadmin                       Bot^?         https://github.com/bob%0D%08%08%08admin

      """#
    #expect(result == CLIResult(stdout: expected, stderr: "", status: 0))
  }

  @Test func wideLoginsAreAlignedByTheColumnsTheyTake() async throws {
    server.respond(to: "/users/mona/followers", with: .accounts([("山田太郎", 1, "User"), ("ab", 2, "User")]))
    let result = try await run(["followers", "mona"])
    let expected = """
      LOGIN     TYPE          URL
      山田太郎  User          https://github.com/%E5%B1%B1%E7%94%B0%E5%A4%AA%E9%83%8E
      ab        User          https://github.com/ab

      """
    #expect(result == CLIResult(stdout: expected, stderr: "", status: 0))
  }

  @Test func followersWithoutTypeOrURLAreListedWithoutThem() async throws {
    server.respond(
      to: "/users/mona/followers",
      with: .jsonObject(200, [["login": "solo", "id": 1], ["login": "typed", "id": 2, "type": "Bot"]]))
    let result = try await run(["followers", "mona"])
    let expected = """
      LOGIN  TYPE          URL
      solo
      typed  Bot

      """
    #expect(result == CLIResult(stdout: expected, stderr: "", status: 0))
  }

  @Test func jsonStaysExactWithDELC1AndBidiEscaped() async throws {
    serveHostileFollowers()
    let result = try await run(["followers", "mona", "--json"])
    let expected = #"""
      [
        {
          "avatar_url" : "https://avatars.githubusercontent.com/u/1?v=4",
          "html_url" : "https://github.com/x%1B%5B2J%1B%5D52%3Bc%3BZXZpbA%3D%3D%07pwned%E2%80%AE",
          "id" : 1,
          "login" : "x\u001b[2J\u001b]52;c;ZXZpbA==\u0007pwned\u202e",
          "node_id" : "U_1",
          "site_admin" : false,
          "type" : "User\u009b31m"
        },
        {
          "avatar_url" : "https://avatars.githubusercontent.com/u/2?v=4",
          "html_url" : "https://github.com/bob%0D%08%08%08admin",
          "id" : 2,
          "login" : "bob\r\b\b\badmin",
          "node_id" : "U_2",
          "site_admin" : false,
          "type" : "Bot\u007f"
        }
      ]

      """#
    #expect(result == CLIResult(stdout: expected, stderr: "", status: 0))
    let decoded = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]]
    #expect(decoded?.map { $0["login"] as? String } == [Self.clipboardLogin, Self.overwritingLogin])
    #expect(decoded?.map { $0["type"] as? String } == ["User\u{9B}31m", "Bot\u{7F}"])
  }

  @Test func profileFieldsShowControlsVisibly() async throws {
    server.respond(
      to: "/users/mona",
      with: .jsonObject(
        200,
        [
          "login": "mona", "id": 7, "name": "Mona\u{1B}]8;;https://evil.example\u{1B}\\Lisa",
          "bio": "line one\nline two\u{1B}[1A\u{1B}[2K", "company": "\u{202E}buH", "location": "\u{9D}0;title\u{9C}",
          "blog": "https://blog.example/\u{07}", "html_url": "https://github.com/mona",
        ]))
    let result = try await run(["profile", "mona"])
    let expected = #"""
      LOGIN     mona
      NAME      Mona^[]8;;https://evil.example^[\Lisa
      BIO       line one line two^[[1A^[[2K
      COMPANY   \u{202E}buH
      LOCATION  \u{9D}0;title\u{9C}
      BLOG      https://blog.example/^G
      URL       https://github.com/mona

      """#
    #expect(result == CLIResult(stdout: expected, stderr: "", status: 0))
  }

  @Test func profileWithoutOptionalFieldsShowsThemAsAbsent() async throws {
    server.respond(
      to: "/users/mona",
      with: .jsonObject(
        200,
        [
          "login": "mona", "id": 7, "name": NSNull(), "public_repos": 3, "followers": NSNull(), "following": 1,
          "created_at": "2011-01-25T18:44:36Z",
        ]))
    let result = try await run(["profile", "mona"])
    let expected = """
      LOGIN      mona
      REPOS      3
      FOLLOWING  1
      JOINED     2011-01-25

      """
    #expect(result == CLIResult(stdout: expected, stderr: "", status: 0))
  }

  @Test func profileWithoutALoginStillNamesWhatIsWrong() async throws {
    server.respond(to: "/users/mona", with: .jsonObject(200, ["id": 7, "name": "Mona"]))
    let result = try await run(["profile", "mona"])
    let message =
      #"error: GitHub's response could not be read: in the user profile, the key "login" is missing at "#
      + "the top-level object. Check that the API URL points to a GitHub REST API (not a web page or a proxy).\n"
    #expect(result == CLIResult(stdout: "", stderr: message, status: 1))
  }

  @Test func searchResultsShowControlsVisibly() async throws {
    server.respond(
      to: "/search/users",
      with: .jsonObject(
        200,
        [
          "total_count": 1, "incomplete_results": false,
          "items": [["login": "eve\u{1B}[8m", "id": 9, "type": "User", "html_url": "https://github.com/eve"]],
        ]))
    let result = try await run(["search", "eve"])
    let expected = """
      LOGIN     TYPE          URL
      eve^[[8m  User          https://github.com/eve

      """
    #expect(result == CLIResult(stdout: expected, stderr: "", status: 0))
  }

  @Test func errorQuotingTheServersMessageShowsControlsVisibly() async throws {
    server.respond(
      to: "/users/mona/followers", with: .jsonObject(418, ["message": "teapot\u{1B}[2J\u{1B}]0;owned\u{07}\u{202E}"]))
    let result = try await run(["followers", "mona"])
    let message =
      #"error: GitHub answered with HTTP 418 (teapot^[[2J^[]0;owned^G\u{202E}), which this client does not handle. "#
      + "Check the API URL and the request, then try again.\n"
    #expect(result == CLIResult(stdout: "", stderr: message, status: 1))
  }

  /// On a terminal, only the tool's own sequences are raw: clear-line, and the styles.
  @Test func aTerminalNeverReceivesARawControlFromServerText() async throws {
    serveHostileFollowers()
    server.respond(
      to: "/users/mona/followers", with: .jsonObject(418, ["message": "\u{1B}[2J\u{9B}\u{202E}"]), times: 1)
    let arguments = ["--api-url", server.baseURL.absoluteString]
    var shown: [String] = []
    for command in [["followers", "mona"], ["followers", "mona"], ["profile", "mona"]] {
      let child = try await CLIProcess.start(command + arguments, outputs: .bothOnTerminal)
      _ = await child.result()
      shown.append(await child.terminal.waitForEnd())
    }
    #expect(shown[0].contains("x^[[2J^[]52;c;ZXZpbA==^Gpwned\\u{202E}"))
    #expect(shown[1].contains("(^[[2J\\u{9B}\\u{202E})"))
    for text in shown {
      var rest = text
      for own in ["\r\u{1B}[2K", "\u{1B}[1m", "\u{1B}[0m", "\u{1B}[36m", "\u{1B}[1;31m", "\u{1B}[1;33m", "\r\n"] {
        rest = rest.replacingOccurrences(of: own, with: "")
      }
      let raw = rest.unicodeScalars.filter { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) || $0 == "\u{202E}" }
      #expect(raw.isEmpty, "raw \(raw.map { String($0.value, radix: 16) }) in \(text.debugDescription)")
    }
  }
}
