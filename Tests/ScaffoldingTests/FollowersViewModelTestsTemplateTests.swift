import Scaffolding
import Testing

/// `Tests/GitHubFollowersTests/FollowersViewModelTests.swift`, written by hand, is what the
/// action template produces for FollowersViewModel's five actions: the template is proven on
/// real code, and neither can change without the other.
@Suite struct FollowersViewModelTestsTemplateTests {
  static let makeService = "MockFollowersService()"
  static let makeViewModel = "FollowersViewModel(service: service, clock: ImmediateClock())"
  static let loadFirstPage = #"await viewModel.fetchFollowers(for: "octocat").value"#

  /// The placeholder values the hand-written file uses, action by action.
  static let actions: [ActionTestValues] = [
    ActionTestValues(
      action: "fetchFollowers",
      makeService: makeService,
      makeViewModel: makeViewModel,
      call: #"viewModel.fetchFollowers(for: "octocat")"#,
      successChanges: """
        harness.expect(
          .set(\\.username, to: "octocat"), .set(\\.followers, to: Array(DemoFixtures.followers.prefix(30))),
          .set(\\.hasMorePages, to: true), .set(\\.pagesLoaded, to: 1), .set(\\.lastPage, to: 2),
          .stoppedLoading(.fetchFollowers))
        """,
      stubFailure: #"service.followersStub.fail(with: GitHubError.notFound("octocat"))"#,
      failureMessage: #"GitHubError.notFound("octocat").description"#
    ),
    ActionTestValues(
      action: "loadNextPage",
      makeService: makeService,
      makeViewModel: makeViewModel,
      prepare: loadFirstPage,
      call: "viewModel.loadNextPage()",
      successChanges: """
        harness.expect(
          .stoppedLoading(.loadNextPage), .set(\\.followers, to: DemoFixtures.followers),
          .set(\\.hasMorePages, to: false), .set(\\.pagesLoaded, to: 2))
        """,
      stubFailure: "service.followersPageStub.fail(with: GitHubError.serverError(status: 502))",
      failureMessage: "GitHubError.serverError(status: 502).description",
      expectFailure: """
        #expect(viewModel.followers.count == 30, "a failed page keeps every follower already loaded")
        """
    ),
    ActionTestValues(
      action: "loadAllPages",
      makeService: makeService,
      makeViewModel: makeViewModel,
      call: #"viewModel.loadAllPages(for: "octocat", perPage: 20)"#,
      startChanges: #"harness.expect(.set(\.username, to: "octocat"), .startedLoading(.loadAllPages))"#,
      successChanges: """
        harness.expect(
          .set(\\.followers, to: DemoFixtures.followers), .set(\\.pagesLoaded, to: 3), .set(\\.lastPage, to: 3),
          .stoppedLoading(.loadAllPages))
        """,
      stubFailure: "service.followersPageStub.fail(with: GitHubError.serverError(status: 502))",
      failureMessage: "GitHubError.serverError(status: 502).description",
      failureChanges: """
        harness.expect(  // the pages before the failure stay listed
          .set(\\.followers, to: Array(DemoFixtures.followers.prefix(20))), .set(\\.hasMorePages, to: true),
          .set(\\.pagesLoaded, to: 1), .set(\\.lastPage, to: 3),
          .failed(.loadAllPages, GitHubError.serverError(status: 502).description), .stoppedLoading(.loadAllPages))
        """
    ),
    ActionTestValues(
      action: "fetchProfile",
      makeService: makeService,
      makeViewModel: makeViewModel,
      call: #"viewModel.fetchProfile(for: "octocat")"#,
      successChanges: "harness.expect(.set(\\.profile, to: DemoFixtures.profile), .stoppedLoading(.fetchProfile))",
      stubFailure: "service.profileStub.fail(with: GitHubError.badCredentials)",
      failureMessage: "GitHubError.badCredentials.description"
    ),
    ActionTestValues(
      action: "loadProfile",
      makeService: makeService,
      makeViewModel: makeViewModel,
      call: #"viewModel.loadProfile(of: DemoFixtures.followers[0])"#,
      successChanges: """
        harness.skipChanges()  // the profile is in the view model's cache: checked below
        #expect(!viewModel.isLoading(for: .loadProfile))
        """,
      expectSuccess: #"#expect(viewModel.cachedProfile(of: "amber-otter") == DemoFixtures.profile(of: "amber-otter"))"#,
      stubFailure: "service.profileStub.fail(with: GitHubError.badCredentials)",
      failureMessage: "GitHubError.badCredentials.description",
      failureChanges: """
        harness.skipChanges()  // the failure is in the view model's cache: checked below
        #expect(viewModel.errorMessage(for: .loadProfile) == GitHubError.badCredentials.description)
        """,
      expectFailure: #"""
        #expect(viewModel.profileError(of: DemoFixtures.followers[0]) == GitHubError.badCredentials.description)
        """#
    ),
    ActionTestValues(
      action: "searchUsers",
      makeService: makeService,
      makeViewModel: makeViewModel,
      call: #"viewModel.search("octo")"#,
      successChanges: """
        harness.expect(
          .set(\\.searchResults, to: DemoFixtures.search("octo").items), .set(\\.searchResultsQuery, to: "octo"),
          .stoppedLoading(.searchUsers))
        """,
      stubFailure: "service.searchUsersStub.fail(with: GitHubError.secondaryRateLimit(retryAfter: nil))",
      failureMessage: "GitHubError.secondaryRateLimit(retryAfter: nil).description"
    ),
  ]

  @Test func templateReproducesFollowersViewModelTestsByteForByte() throws {
    let file = TestFile(module: "GitHubFollowers", suiteName: "FollowersViewModelTests", actions: Self.actions)
    let handWritten = try PackageRoot.read("Tests/GitHubFollowersTests/FollowersViewModelTests.swift")
    let rendered = file.render()
    #expect(rendered == handWritten)
    if rendered != handWritten {
      let renderedLines = rendered.split(separator: "\n", omittingEmptySubsequences: false)
      let fileLines = handWritten.split(separator: "\n", omittingEmptySubsequences: false)
      let first =
        Array(zip(renderedLines, fileLines)).firstIndex { $0 != $1 } ?? min(renderedLines.count, fileLines.count)
      Issue.record("first difference at line \(first + 1)")
    }
  }

  @Test func theTestsCoverEveryActionOfFollowersAction() throws {
    let source = try PackageRoot.read("Sources/GitHubFollowers/ViewModel/FollowersAction.swift")
    let cases = source.split(separator: "\n")
      .map { $0.trimmingPrefix(while: \.isWhitespace) }
      .filter { $0.hasPrefix("case ") }
      .map { String($0.dropFirst("case ".count)) }
    #expect(cases == Self.actions.map(\.action))
  }
}
