import ActionDispatch
import ActionDispatchTesting
import Foundation
import GitHubFollowers
import Testing

/// A service takes `GitHubUsername`s: a checked login reaches it as it is, and its own
/// `allFollowers` (or the default pager) is what the view models use.
@MainActor
@Suite(.serialExecutor) struct ServiceFormsTests {
  private static func logins(
    _ stream: AsyncThrowingStream<FollowersPage, any Error>
  ) async throws -> [String] {
    var logins: [String] = []
    for try await page in stream { logins += page.followers.map(\.login) }
    return logins
  }

  /// A mock whose answers check nothing (by default it answers through the demo, which checks).
  private static func uncheckingService() -> MockFollowersService {
    let service = MockFollowersService()
    let followers = [1, 2].map { Follower(login: "f\($0)", id: $0, avatarURL: nil, htmlURL: nil) }
    service.followersStub.handle { _ in FollowersPage(followers: followers, page: 1, lastPage: 1) }
    service.profileStub.handle { user in
      UserProfile(login: user.rawValue, id: 1, avatarURL: nil, htmlURL: nil, name: nil, followers: 2, createdAt: nil)
    }
    return service
  }

  @Test func aServiceWrittenAgainstTheStringFormsGetsACheckedLoginsText() async throws {
    let user: GitHubUsername = "octocat"
    let service = Self.uncheckingService()
    let following = MockFollowingService()

    let names = await checkedLogins {
      _ = try? await service.followers(of: user, page: 1, perPage: 30)
      _ = try? await service.profile(of: user)
      try? await following.follow(user)
      try? await following.unfollow(user)
    }

    #expect(names.isEmpty)
    #expect(service.followersStub.calls.map(\.username) == ["octocat"])
    #expect(service.profileStub.calls == ["octocat"])
    #expect(following.followStub.calls == ["octocat"])
    #expect(following.unfollowStub.calls == ["octocat"])
  }

  @Test func aStringFormAllFollowersIsUsedForACheckedLogin() async throws {
    let user: GitHubUsername = "octocat"
    let service = PagesService(ids: [[1, 2]])
    var logins: [String] = []

    let names = await checkedLogins {
      logins = (try? await Self.logins(service.allFollowers(of: user, perPage: 50, concurrency: 2))) ?? []
    }

    #expect(names.isEmpty)
    #expect(logins == ["f1", "f2"])
    #expect(service.calls.map(\.username) == ["octocat"])
    #expect(service.calls.map(\.perPage) == [50])
  }

  @Test func aGitHubUsernameFormAllFollowersIsUsedFromTheStringFormAndTheViewModel() async throws {
    let service = TypedPagesService()
    let viewModel = FollowersViewModel(service: service, clock: ImmediateClock())
    var logins: [String] = []

    let names = await checkedLogins {
      logins = (try? await Self.logins(service.allFollowers(of: "octocat", perPage: 100, concurrency: 1))) ?? []
      await viewModel.loadAllPages(for: "mona").value
    }

    #expect(names == ["octocat", "mona"])
    #expect(logins == ["f1", "f2"])
    #expect(service.logins == ["octocat", "mona"])
    #expect(viewModel.followers.map(\.login) == ["f1", "f2"])
  }

  @Test func withNeitherFormTheDefaultPagerChecksTextOnceAndACheckedLoginNever() async throws {
    let user: GitHubUsername = "octocat"
    let service = Self.uncheckingService()
    var fromText: [String] = []
    var fromUser: [String] = []

    let textNames = await checkedLogins {
      fromText = (try? await Self.logins(service.allFollowers(of: "octocat", perPage: 100, concurrency: 1))) ?? []
    }
    let userNames = await checkedLogins {
      fromUser = (try? await Self.logins(service.allFollowers(of: user, perPage: 100, concurrency: 1))) ?? []
    }

    #expect(textNames == ["octocat"])
    #expect(userNames.isEmpty)
    #expect(fromText == ["f1", "f2"])
    #expect(fromUser == fromText)
    #expect(service.followersStub.calls.map(\.username) == ["octocat", "octocat"])
  }

  @Test func malformedTextFailsWhereItComesInBeforeAnyRequest() async throws {
    let service = MockFollowersService()

    await #expect(throws: GitHubError.invalidUsername("a b", reason: "it contains a space")) {
      let text = "a b"
      _ = try await Self.logins(service.allFollowers(of: try GitHubUsername(text), perPage: 100, concurrency: 1))
    }
    #expect(service.callCount == 0)
  }
}
