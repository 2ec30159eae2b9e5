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
      expectSuccess: """
        #expect(viewModel.followers == Array(DemoFixtures.followers.prefix(30)))
        #expect(viewModel.hasMorePages)
        """,
      stubFailure: #"service.followersStub.fail(with: GitHubError.notFound("octocat"))"#,
      failureMessage: #"GitHubError.notFound("octocat").description"#,
      expectFailure: "#expect(viewModel.followers.isEmpty)"
    ),
    ActionTestValues(
      action: "loadNextPage",
      makeService: makeService,
      makeViewModel: makeViewModel,
      prepare: loadFirstPage,
      call: "viewModel.loadNextPage()",
      expectSuccess: """
        #expect(viewModel.followers == DemoFixtures.followers)
        #expect(!viewModel.hasMorePages)
        """,
      stubFailure: "service.followersPageStub.fail(with: GitHubError.serverError(status: 502))",
      failureMessage: "GitHubError.serverError(status: 502).description",
      expectFailure: """
        #expect(viewModel.followers.count == 30, "a failed page keeps every follower already loaded")
        #expect(viewModel.hasMorePages)
        """
    ),
    ActionTestValues(
      action: "loadAllPages",
      makeService: makeService,
      makeViewModel: makeViewModel,
      call: #"viewModel.loadAllPages(for: "octocat", perPage: 20)"#,
      expectSuccess: """
        #expect(viewModel.followers == DemoFixtures.followers)
        #expect(viewModel.pagesLoaded == 3 && viewModel.lastPage == 3)
        """,
      stubFailure: "service.followersPageStub.fail(with: GitHubError.serverError(status: 502))",
      failureMessage: "GitHubError.serverError(status: 502).description",
      expectFailure: #"#expect(viewModel.followers.count == 20, "the pages before the failure stay listed")"#
    ),
    ActionTestValues(
      action: "fetchProfile",
      makeService: makeService,
      makeViewModel: makeViewModel,
      call: #"viewModel.fetchProfile(for: "octocat")"#,
      expectSuccess: "#expect(viewModel.profile == DemoFixtures.profile)",
      stubFailure: "service.profileStub.fail(with: GitHubError.badCredentials)",
      failureMessage: "GitHubError.badCredentials.description",
      expectFailure: "#expect(viewModel.profile == nil)"
    ),
    ActionTestValues(
      action: "loadProfile",
      makeService: makeService,
      makeViewModel: makeViewModel,
      call: #"viewModel.loadProfile(of: DemoFixtures.followers[0])"#,
      expectSuccess: #"#expect(viewModel.profiles["amber-otter"] == DemoFixtures.profile(of: "amber-otter"))"#,
      stubFailure: "service.profileStub.fail(with: GitHubError.badCredentials)",
      failureMessage: "GitHubError.badCredentials.description",
      expectFailure: #"""
        #expect(viewModel.profiles.failure(for: "amber-otter") == GitHubError.badCredentials.description)
        """#
    ),
    ActionTestValues(
      action: "searchUsers",
      makeService: makeService,
      makeViewModel: makeViewModel,
      call: #"viewModel.search("octo")"#,
      expectSuccess: #"#expect(viewModel.searchResults == DemoFixtures.search("octo").items)"#,
      stubFailure: "service.searchUsersStub.fail(with: GitHubError.secondaryRateLimit(retryAfter: nil))",
      failureMessage: "GitHubError.secondaryRateLimit(retryAfter: nil).description",
      expectFailure: "#expect(viewModel.searchResults.isEmpty)"
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
