import ActionDispatchTesting
import ConsumerApp

/// A ``RepoListService`` for tests: one `Stub` per method, named after the method.
final class MockRepoListService: RepoListService {
  let reposStub = Stub<Int, RepoPage>(returning: RepoPage(repos: [], nextPage: nil))
  let setStarredStub = Stub<(starred: Bool, id: Int), Void>(returning: ())

  func repos(page: Int) async throws -> RepoPage {
    try await reposStub(page)
  }

  func setStarred(_ starred: Bool, repo id: Int) async throws {
    try await setStarredStub((starred, id))
  }
}
