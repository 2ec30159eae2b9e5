import ActionDispatch
import ActionDispatchTesting
import Foundation
import GitHubFollowers
import Testing

/// A login is checked once, where its text comes in, and travels on as a `GitHubUsername` that
/// nothing checks again; text from a server is checked where it comes in, too.
@MainActor
@Suite(.serialExecutor) struct CheckedOnceTests {
  @Test func textGivenToTheViewModelIsCheckedOnceOnItsWayToTheClient() async {
    let http = twoFollowersAPI()
    let viewModel = FollowersViewModel(service: GitHubClient(httpClient: http), clock: ImmediateClock())

    let fetch = await checkedLogins { await viewModel.fetchFollowers(for: "octocat").value }
    let all = await checkedLogins { await viewModel.loadAllPages(for: "octocat").value }
    let profile = await checkedLogins { await viewModel.fetchProfile(for: "octocat").value }

    #expect(fetch == ["octocat"])
    #expect(all == ["octocat"])
    #expect(profile == ["octocat"])
    #expect(http.requestCount == 3)
    #expect(viewModel.followers.map(\.login) == ["a", "b"])
    #expect(viewModel.profile?.login == "octocat")
  }

  @Test func aCheckedLoginIsNotCheckedAgainOnItsWayToARequest() async throws {
    let user: GitHubUsername = "octocat"
    let http = twoFollowersAPI()
    let client = GitHubClient(httpClient: http)
    let viewModel = FollowersViewModel(service: client, clock: ImmediateClock())
    let stream = FollowersStreamViewModel(service: client)
    var streamed: [String] = []

    let names = await checkedLogins {
      await viewModel.fetchFollowers(for: user).value
      await viewModel.loadAllPages(for: user).value
      await viewModel.fetchProfile(for: user).value
      await stream.loadAllPages(for: user) { streamed += $0.map(\.login) }.value
      _ = try? await client.followers(of: user, page: 1, perPage: 30)
      _ = try? await client.profile(of: user)
    }

    #expect(names.isEmpty)
    #expect(http.requestCount == 6)
    #expect(viewModel.followers.map(\.login) == ["a", "b"])
    #expect(streamed == ["a", "b"])
  }

  @Test func textGivenToTheClientIsCheckedOnce() async throws {
    let http = twoFollowersAPI()
    let client = GitHubClient(httpClient: http)

    let names = await checkedLogins {
      _ = try? await client.followers(of: "octocat", page: 1, perPage: 30)
      _ = try? await client.profile(of: "mona")
      _ = try? await client.follow("hubot")
    }

    #expect(names == ["octocat", "mona", "hubot"])
    #expect(http.requestCount == 3)
  }

  @Test(arguments: ["", "../etc", "octo cat", "a/b"])
  func malformedTextFailsWhereItComesInWithTheSameErrorAndNothingIsSent(username: String) async throws {
    let expected = try #require(throws: GitHubError.self) { try GitHubUsername.validate(username) }
    let service = MockFollowersService()
    let viewModel = FollowersViewModel(service: service, clock: ImmediateClock())

    var failure: GitHubError?
    let names = await checkedLogins {
      do {
        viewModel.fetchFollowers(for: try GitHubUsername(username))
      } catch {
        failure = error as? GitHubError
      }
    }

    #expect(names == [username])
    #expect(service.callCount == 0)
    #expect(failure == expected)
    #expect(viewModel.username == nil)
  }

  @Test func aLinkFromTheServerIsCheckedWhereItComesIn() async throws {
    let user: GitHubUsername = "octocat"
    let http = twoFollowersAPI(pages: 2)
    let viewModel = FollowersViewModel(service: GitHubClient(httpClient: http), clock: ImmediateClock())

    let names = await checkedLogins { await viewModel.loadAllPages(for: user).value }

    // Page 2's URL is the server's: the login in its path is checked before it names anything.
    #expect(names == ["octocat"])
    #expect(http.requestCount == 2)
    #expect(viewModel.followers.map(\.login) == ["a", "b", "c"])
  }

  @Test func aFollowerRowsLoginIsCheckedOnceWhenItsListIsOpened() async throws {
    let service = BrowseFixtures.service(followers: 30)
    let clock = TestClock()
    let browser = BrowseViewModel(
      username: "octocat", service: service, clock: clock, loadingIndicator: .immediate)

    await browser.start().value
    // The row's profile, once the selection rested: its login is checked where it becomes that
    // request. The list's owner is the same key in the cache, so opening the list asks nothing.
    await clock.advance(by: .milliseconds(120))
    try await browser.users.waitUntilIdle(.loadProfile)

    let names = await checkedLogins {
      browser.openSelected()
      try? await browser.current.followers.waitUntilIdle(.fetchFollowers)
      try? await browser.waitUntilIdle(.fetchOwner(login: "octocat"))
      try? await browser.waitUntilIdle(.fetchOwner(login: "user-0"))
    }

    // "octocat" was checked before; "user-0" is a server's row, checked once for its list, its
    // owner's profile (fresh in the cache: not asked for) and its first page.
    #expect(names == ["user-0"])
    #expect(service.followersStub.calls.map(\.username) == ["octocat", "user-0"])
    #expect(service.profileStub.calls == ["octocat", "user-0"])
  }

  @Test func aMalformedLoginFromTheServerIsNeverSent() async throws {
    let service = BrowseFixtures.service(followers: 0)
    service.followersStub.handle { _ in
      FollowersPage(followers: [Follower(login: "../admin", id: 1, avatarURL: nil, htmlURL: nil)])
    }
    let browser = BrowseViewModel(
      username: "octocat", service: service, clock: TestClock(), loadingIndicator: .immediate)
    await browser.start().value
    try await browser.waitUntilIdle(.fetchOwner(login: "octocat"))

    browser.openSelected()

    // Checked where the row's text would become a request: no list opens, the notice says why.
    #expect(browser.stack.map(\.username) == ["octocat"])
    let error = GitHubError.invalidUsername("../admin", reason: #"it contains ".""#)
    #expect(browser.notice?.hasSuffix(error.description) == true)
    #expect(service.followersStub.calls.map(\.username) == ["octocat"])
    #expect(service.profileStub.calls == ["octocat"])
  }
}
