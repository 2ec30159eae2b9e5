import Foundation

extension MockFollowersService {
  /// A mock that serves ``DemoFixtures``: `octocat` with 45 followers over GitHub-shaped
  /// pages, profiles, and a user search, all offline.
  ///
  /// Usernames are validated like the real client's; unknown users are a
  /// ``DemoUserNotFoundError``, which says that no request was sent. `next`/`last` URLs point to `https://demo.invalid` and are
  /// served by ``followersPage(at:)``, so `--all` and `--limit` work without a network.
  ///
  /// ```swift
  /// let service = MockFollowersService.demo(delay: .milliseconds(300))   // feel the spinner
  /// let page = try await service.followers(of: "octocat", page: 1, perPage: 20)
  /// print(page.next!)   // https://demo.invalid/users/octocat/followers?per_page=20&page=2
  /// ```
  ///
  /// - Parameters:
  ///   - delay: How long each call waits before answering; zero by default.
  ///   - clock: The clock to wait on.
  /// - Returns: A new mock; change its handlers to add failures.
  public static func demo(
    delay: Duration = .zero, clock: any Clock<Duration> = ContinuousClock()
  ) -> MockFollowersService {
    let mock = MockFollowersService(delay: delay, clock: clock)
    mock.followersHandler = { username, page, perPage in
      try DemoFixtures.followersPage(of: username, page: page, perPage: perPage)
    }
    mock.followersPageHandler = { url in
      try DemoFixtures.followersPage(at: url)
    }
    mock.profileHandler = { username in
      guard let profile = DemoFixtures.profile(of: username) else { throw DemoUserNotFoundError(login: username) }
      return profile
    }
    mock.searchHandler = { query in
      DemoFixtures.search(query)
    }
    return mock
  }
}
