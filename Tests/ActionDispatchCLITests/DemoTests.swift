import Testing

/// `--demo`: the bundled fixtures, offline. No server runs in these tests; the outputs are the
/// ones the README and the command-line tool's article show.
@Suite struct DemoTests {
  /// The demo's 45 followers, in order: every adjective with every animal.
  static let demoFollowers: [String] = {
    let adjectives = ["amber", "brave", "calm", "clever", "daring", "eager", "fancy", "gentle", "happy"]
    let animals = ["otter", "heron", "lynx", "panda", "koala"]
    return adjectives.flatMap { adjective in animals.map { "\(adjective)-\($0)" } }
  }()

  /// The table of demo followers that arrive on one page: LOGIN as wide as the longest.
  static func table(_ logins: ArraySlice<String>) -> String {
    let width = logins.map(\.count).reduce("LOGIN".count, max)
    func padded(_ text: String, _ width: Int) -> String {
      text + String(repeating: " ", count: max(0, width - text.count))
    }
    return ([("LOGIN", "TYPE", "URL")] + logins.map { ($0, "User", "https://demo.invalid/\($0)") })
      .map { padded($0.0, width) + "  " + padded($0.1, 12) + "  " + $0.2 + "\n" }
      .joined()
  }

  @Test func followersShowsTheReadmeTable() async throws {
    let result = try await CLIProcess.run(["followers", "octocat", "--limit", "5", "--demo"])
    let expected = """
      LOGIN        TYPE          URL
      amber-otter  User          https://demo.invalid/amber-otter
      amber-heron  User          https://demo.invalid/amber-heron
      amber-lynx   User          https://demo.invalid/amber-lynx
      amber-panda  User          https://demo.invalid/amber-panda
      amber-koala  User          https://demo.invalid/amber-koala

      """
    #expect(result == CLIResult(stdout: expected, stderr: "", status: 0))
  }

  @Test func followersDefaultsToThirty() async throws {
    let result = try await CLIProcess.run(["followers", "octocat", "--demo"])
    #expect(result == CLIResult(stdout: Self.table(Self.demoFollowers[0..<30]), stderr: "", status: 0))
  }

  @Test(arguments: [["--all"], ["--all", "--concurrency", "3"], ["--limit", "100"]])
  func followersListsAllFortyFive(options: [String]) async throws {
    let result = try await CLIProcess.run(["followers", "octocat", "--demo"] + options)
    #expect(result == CLIResult(stdout: Self.table(Self.demoFollowers[...]), stderr: "", status: 0))
  }

  @Test func followersAsJSON() async throws {
    let result = try await CLIProcess.run(["followers", "octocat", "--demo", "--limit", "1", "--json"])
    let expected = """
      [
        {
          "avatar_url" : "https://demo.invalid/avatars/1001.png",
          "gravatar_id" : "",
          "html_url" : "https://demo.invalid/amber-otter",
          "id" : 1001,
          "login" : "amber-otter",
          "node_id" : "DEMO1001",
          "site_admin" : false,
          "type" : "User",
          "url" : "https://demo.invalid/users/amber-otter",
          "user_view_type" : "public"
        }
      ]

      """
    #expect(result == CLIResult(stdout: expected, stderr: "", status: 0))
  }

  @Test(arguments: [["followers", "mona", "--demo"], ["profile", "mona", "--demo"]])
  func anUnknownDemoUserIsTheDemosNotGitHubs(arguments: [String]) async throws {
    let result = try await CLIProcess.run(arguments)
    let message =
      #"error: The demo has no user "mona" (no request was sent): it has octocat and octocat's 45 followers, "#
      + "such as amber-otter.\n"
    #expect(result == CLIResult(stdout: "", stderr: message, status: 1))
  }

  @Test func aFollowerWithoutFollowers() async throws {
    let result = try await CLIProcess.run(["followers", "amber-otter", "--demo"])
    #expect(result == CLIResult(stdout: "", stderr: "amber-otter has no followers.\n", status: 0))
  }

  @Test func profileShowsTheReadmeProfile() async throws {
    let result = try await CLIProcess.run(["profile", "octocat", "--demo"])
    let expected = """
      LOGIN      octocat
      NAME       The Octocat
      TYPE       User
      BIO        A demo profile served offline by action-dispatch --demo.
      COMPANY    @github
      LOCATION   San Francisco
      BLOG       https://github.blog
      REPOS      8
      GISTS      8
      FOLLOWERS  45
      FOLLOWING  9
      JOINED     2011-01-25
      URL        https://demo.invalid/octocat

      """
    #expect(result == CLIResult(stdout: expected, stderr: "", status: 0))
  }

  @Test func searchShowsTheReadmeResults() async throws {
    let result = try await CLIProcess.run(["search", "panda", "--demo"])
    let expected = """
      LOGIN         TYPE          URL
      calm-panda    User          https://demo.invalid/calm-panda
      amber-panda   User          https://demo.invalid/amber-panda
      brave-panda   User          https://demo.invalid/brave-panda
      eager-panda   User          https://demo.invalid/eager-panda
      fancy-panda   User          https://demo.invalid/fancy-panda
      happy-panda   User          https://demo.invalid/happy-panda
      clever-panda  User          https://demo.invalid/clever-panda
      daring-panda  User          https://demo.invalid/daring-panda
      gentle-panda  User          https://demo.invalid/gentle-panda

      """
    #expect(result == CLIResult(stdout: expected, stderr: "", status: 0))
  }

  @Test(arguments: ["otter type:user", "TYPE:User otter", "otter followers:>10"])
  func searchKeepsUsersForTypeUserAndIgnoresOtherQualifiers(query: String) async throws {
    let result = try await CLIProcess.run(["search", query, "--demo"])
    let expected = """
      LOGIN         TYPE          URL
      calm-otter    User          https://demo.invalid/calm-otter
      amber-otter   User          https://demo.invalid/amber-otter
      brave-otter   User          https://demo.invalid/brave-otter
      eager-otter   User          https://demo.invalid/eager-otter
      fancy-otter   User          https://demo.invalid/fancy-otter
      happy-otter   User          https://demo.invalid/happy-otter
      clever-otter  User          https://demo.invalid/clever-otter
      daring-otter  User          https://demo.invalid/daring-otter
      gentle-otter  User          https://demo.invalid/gentle-otter

      """
    #expect(result == CLIResult(stdout: expected, stderr: "", status: 0))
  }

  @Test func searchWithTypeOrgFindsNoDemoUser() async throws {
    let result = try await CLIProcess.run(["search", "otter type:org", "--demo"])
    #expect(result == CLIResult(stdout: "", stderr: "No users match \"otter type:org\".\n", status: 0))
  }
}
