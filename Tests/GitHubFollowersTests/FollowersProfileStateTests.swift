import ActionDispatchTesting
import Testing

@testable import GitHubFollowers

/// Issue 31, item 5: `profileState` is the profile with `fetchProfile`'s loading and error; the
/// last profile stays while a new one loads and after one fails.
@MainActor
@Suite(.serialExecutor) struct FollowersProfileStateTests {
  @Test func theLastProfileStaysWhileANewOneLoadsAndAfterItFails() async throws {
    let service = MockFollowersService()
    let viewModel = FollowersViewModel(service: service, clock: ImmediateClock())
    #expect(viewModel.profileState.value == nil && !viewModel.profileState.isLoading)
    await viewModel.fetchProfile(for: "octocat").value
    let octocat = try #require(viewModel.profileState.value)

    let gate = Gate()
    service.profileStub.handle { _ in
      try await gate.pass()
      throw GitHubError.badCredentials
    }
    let reload = viewModel.fetchProfile(for: "octocat")
    #expect(viewModel.profileState.isRefreshing)
    #expect(viewModel.profileState.value == octocat)
    gate.open()
    await reload.value

    #expect(viewModel.profileState.value == octocat)
    #expect(viewModel.profileState.errorMessage == GitHubError.badCredentials.description)
    #expect(!viewModel.profileState.isLoading)
  }
}
