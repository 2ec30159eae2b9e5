import Foundation
import GitHubAPITestSupport

@testable import GitHubAPI
@testable import GitHubFollowers

/// The logins `GitHubUsername.validate(_:)` checked while `body` ran, in order, in its task and
/// every task started from it.
///
/// ```swift
/// let names = await checkedLogins { await viewModel.fetchFollowers(for: "octocat").value }
/// #expect(names == ["octocat"])
/// ```
@MainActor
func checkedLogins(during body: @MainActor () async -> Void) async -> [String] {
  let log = UsernameValidationLog()
  await UsernameValidationLog.$current.withValue(log) { await body() }
  return log.names
}

/// A GitHub API on a stub: `GET /users/{login}/followers` lists `a` and `b` (with a `next` link
/// to page 2 when `pages` is 2), `GET /users/{login}` is octocat's profile.
///
/// - Parameter pages: 1 or 2.
/// - Returns: The stub; count its requests.
func twoFollowersAPI(pages: Int = 1) -> StubHTTPClient {
  StubHTTPClient { request in
    let url = request.absoluteURL?.absoluteString ?? ""
    guard url.contains("/followers") else { return .json(GitHubJSON.octocatProfile) }
    if url.contains("page=2") { return .json(GitHubJSON.followers(["c"], firstID: 3)) }
    let next = "<https://api.github.com/users/octocat/followers?per_page=100&page=2>; rel=\"next\""
    return .json(GitHubJSON.followers(["a", "b"]), headers: pages == 2 ? ["Link": next] : [:])
  }
}
