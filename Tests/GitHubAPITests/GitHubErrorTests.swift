import Foundation
import GitHubAPI
import Testing

@Suite struct GitHubErrorTests {
  static let everyCase: [GitHubError] = [
    .invalidUsername("a b", reason: "it contains a space"),
    .notFound("octocat"),
    .notFound("/search/users"),
    .badCredentials,
    .rateLimited(resetAt: Date().addingTimeInterval(600), authenticated: false),
    .rateLimited(resetAt: nil, authenticated: true),
    .secondaryRateLimit(retryAfter: .seconds(30)),
    .secondaryRateLimit(retryAfter: nil),
    .serverError(status: 502),
    .undecodableResponse("the list of followers is not valid JSON"),
    .transport("Could not connect to 127.0.0.1:8080 (connection refused)"),
    .timeout,
    .unexpectedStatus(422, message: "Validation Failed"),
    .unexpectedStatus(301, message: nil),
  ]

  @Test(arguments: everyCase)
  func descriptionSaysWhatHappenedAndWhatToDo(error: GitHubError) {
    let text = error.description
    #expect(text.count > 40)
    #expect(text.hasSuffix("."))
    #expect(error.localizedDescription == text)
    #expect(error.errorDescription == text)
    let advice = ["Check", "check", "Set", "Wait", "wait", "try again", "Usernames are"]
    #expect(advice.contains { text.contains($0) }, "no advice in: \(text)")
  }

  @Test func rateLimitNamesTheResetTimeAndTheTokenHint() {
    let reset = Date().addingTimeInterval(12 * 60)
    let text = GitHubError.rateLimited(resetAt: reset, authenticated: false).description
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = TimeZone(identifier: "UTC")!
    let parts = calendar.dateComponents([.hour, .minute], from: reset)
    let clock = String(format: "%02d:%02d UTC", parts.hour!, parts.minute!)
    #expect(text.hasPrefix("GitHub's API rate limit is exhausted; it resets at \(clock) (in 12 minutes)."))
    #expect(text.contains("Set GITHUB_TOKEN to raise the limit from 60 to 5,000 requests an hour."))
  }

  @Test func authenticatedRateLimitDoesNotSuggestAToken() {
    let text = GitHubError.rateLimited(resetAt: Date().addingTimeInterval(30), authenticated: true).description
    #expect(text.contains("(in 30 seconds)") || text.contains("(in 29 seconds)"))
    #expect(!text.contains("Set GITHUB_TOKEN"))
  }

  @Test func resetFarAwayShowsTheDate() {
    let text = GitHubError.rateLimited(resetAt: Date(timeIntervalSince1970: 4_102_444_800), authenticated: false)
      .description
    #expect(text.contains("2100-01-01 00:00 UTC"))
  }

  @Test func resetInThePastSaysTryNow() {
    let text = GitHubError.rateLimited(resetAt: Date().addingTimeInterval(-5), authenticated: false).description
    #expect(text.contains("try again now"))
  }

  @Test(arguments: [
    (0, "GitHub answered with a server error (HTTP 502); the request was not retried. "),
    (1, "GitHub answered with a server error (HTTP 502), still after 1 retry. "),
    (3, "GitHub answered with a server error (HTTP 502), still after 3 retries. "),
  ])
  func serverErrorSaysWhetherItWasRetried(retries: Int, opening: String) {
    let text = GitHubError.serverError(status: 502, retries: retries).description
    #expect(text.hasPrefix(opening))
    #expect(text.hasSuffix("try again in a few minutes, and see https://www.githubstatus.com."))
  }

  @Test func transientCasesAreMarked() {
    #expect(GitHubError.serverError(status: 500).isTransient)
    #expect(GitHubError.timeout.isTransient)
    #expect(!GitHubError.rateLimited(resetAt: nil, authenticated: false).isTransient)
    #expect(!GitHubError.notFound("x").isTransient)
  }

  @Test func configurationNeverPrintsTheToken() {
    let configuration = GitHubClient.Configuration(token: "ghp_SECRET123")
    #expect(!"\(configuration)".contains("SECRET"))
    #expect(!String(reflecting: configuration).contains("SECRET"))
    var dumped = ""
    dump(configuration, to: &dumped)
    #expect(!dumped.contains("SECRET"))
    #expect("\(configuration)".contains("<redacted>"))
  }

  @Test func tokenComesFromTheEnvironment() {
    typealias Configuration = GitHubClient.Configuration
    #expect(Configuration.token(fromEnvironment: [:]) == nil)
    #expect(Configuration.token(fromEnvironment: ["GITHUB_TOKEN": "a", "GH_TOKEN": "b"]) == "a")
    #expect(Configuration.token(fromEnvironment: ["GH_TOKEN": "b"]) == "b")
    #expect(Configuration.token(fromEnvironment: ["GITHUB_TOKEN": "", "GH_TOKEN": "b"]) == "b")
    #expect(Configuration.token(fromEnvironment: ["GITHUB_TOKEN": " \n"]) == nil)
    #expect(Configuration.token(fromEnvironment: ["GITHUB_TOKEN": "tok\n"]) == "tok")
  }

  @Test func defaultsMatchTheContract() {
    let configuration = GitHubClient.Configuration()
    #expect(configuration.baseURL.absoluteString == "https://api.github.com")
    #expect(configuration.userAgent == "action-dispatch/\(ActionDispatchVersion.current)")
    #expect(configuration.maxRetries == 3)
    #expect(configuration.maxRetryWait == .seconds(60))
    #expect(configuration.token == nil)
  }
}
