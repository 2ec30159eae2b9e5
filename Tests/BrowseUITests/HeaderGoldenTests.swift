import ActionDispatch
import ActionDispatchTesting
import BrowseUI
import CommandLineKit
import Foundation
import GitHubFollowers
import Testing

/// The header's left part when it does not fit: the search line keeps the caret and the end of
/// the query in view, and the path keeps the current user, eliding its middle. Golden frames'
/// first lines, drawn by the renderer at a given width.
@MainActor
@Suite struct HeaderGoldenTests {
  /// Each user has one follower, the next in ``chain``: Enter goes one further each time.
  struct ChainService: FollowersService {
    static let chain = [
      "octocat", "a-rather-long-login-to-follow-one", "a-rather-long-login-to-follow-two",
      "a-rather-long-login-to-follow-six",
    ]

    func followers(of user: GitHubUsername, page: Int, perPage: Int) async throws -> FollowersPage {
      let next = Self.chain.firstIndex(of: user.rawValue).map { $0 + 1 }.flatMap {
        Self.chain.indices.contains($0) ? $0 : nil
      }
      let followers = next.map { [Follower(login: Self.chain[$0], id: $0, avatarURL: nil, htmlURL: nil)] } ?? []
      return FollowersPage(followers: followers, page: 1, lastPage: 1)
    }

    func followersPage(at url: URL) async throws -> FollowersPage {
      throw GitHubError.notFound(url.path)
    }

    func profile(of user: GitHubUsername) async throws -> UserProfile {
      let username = user.rawValue
      return UserProfile(login: username, id: 1, avatarURL: nil, htmlURL: nil, followers: 1, createdAt: nil)
    }

    func searchUsers(_ query: String) async throws -> UserSearchResult {
      UserSearchResult(totalCount: 0, items: [])
    }
  }

  private func header(_ browser: BrowseViewModel, columns: Int) -> String {
    let frame = BrowseRenderer.render(browser, size: TerminalSize(columns: columns, rows: 20))
    #expect(frame.lines.allSatisfy { Line.columns(of: $0) == columns })
    return frame.lines[0]
  }

  private func browser(
    _ service: some FollowersService, clock: TestClock = TestClock()
  ) async throws
    -> BrowseViewModel
  {
    let browser = BrowseViewModel(
      username: "octocat", service: service, clock: clock, loadingIndicator: .immediate)
    await browser.start().value
    try await browser.current.followers.waitUntilAllIdle()
    return browser
  }

  @Test func afterSeveralEntersTheHeaderKeepsTheCurrentUserAndElidesTheMiddle() async throws {
    let clock = TestClock()
    let browser = try await browser(ChainService(), clock: clock)
    try await browser.waitUntilIdle(.fetchOwner(login: "octocat"))
    for login in ChainService.chain.dropFirst() {
      browser.openSelected()
      // The owner is the opened row's key in the cache: it joins the row's profile request,
      // which waits for the selection to rest (the profile debounce).
      await clock.advance(by: .milliseconds(120))
      try await browser.current.followers.waitUntilAllIdle()
      try await browser.waitUntilIdle(.fetchOwner(login: login))
    }
    #expect(browser.stack.map(\.username.rawValue) == ChainService.chain)

    #expect(
      header(browser, columns: 100)
        == " followers of octocat › … › a-rather-long-login-to-follow-six                         0 of 1 loaded ")
    #expect(
      header(browser, columns: 80) == " followers of octocat › … › a-rather-long-login-to-follow-six     0 of 1 loaded "
    )
    #expect(header(browser, columns: 60) == " a-rather-long-login-to-follow-six            0 of 1 loaded ")
    // Narrower than the login and the count: as much of the current user as fits.
    #expect(header(browser, columns: 40) == " a-rather-long-login-to-f…0 of 1 loaded ")
    #expect(header(browser, columns: 150).hasPrefix(" followers of octocat › a-rather-long-login-to-follow-one › "))
  }

  @Test func aLongQueryShowsItsEndAndTheCaret() async throws {
    let browser = try await browser(FixedService())
    browser.beginSearch()
    browser.typeInSearch("followers:>100 language:swift location:berlin type:user")

    #expect(header(browser, columns: 60) == " search users: …:swift location:berlin type:user▏searching… ")
    #expect(
      header(browser, columns: 100).hasPrefix(" search users: followers:>100 language:swift location:berlin type:user▏")
    )
    browser.typeInSearch(" octo")
    #expect(header(browser, columns: 60) == " search users: …t location:berlin type:user octo▏searching… ")
  }
}
