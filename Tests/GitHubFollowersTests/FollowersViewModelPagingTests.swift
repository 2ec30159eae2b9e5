import ActionDispatch
import ActionDispatchTesting
import Foundation
import GitHubFollowers
import Testing

/// `loadNextPage()` against pages that cannot be trusted: it stops with a message instead of
/// requesting a page again, leaving the origin, or following empty pages forever, as the pager
/// of `followers --all` does (it is the same pager).
@MainActor
@Suite(.serialExecutor) struct FollowersViewModelPagingTests {
  private func viewModel(secondPage: FollowersPage) async -> (FollowersViewModel, MockFollowersService) {
    let everyone = BrowseFixtures.followers(60)
    let service = MockFollowersService()
    service.followersStub.handle { _ in BrowseFixtures.page(1, of: everyone) }
    service.followersPageStub.handle { _ in secondPage }
    let viewModel = FollowersViewModel(service: service, clock: ImmediateClock())
    await viewModel.fetchFollowers(for: "octocat").value
    await viewModel.loadNextPage().value
    return (viewModel, service)
  }

  @Test func aNextLinkBackToALoadedPageStopsPagingWithoutARequest() async {
    let everyone = BrowseFixtures.followers(60)
    let page = FollowersPage(
      followers: Array(everyone[30...]), next: BrowseFixtures.pageURL(2), page: 2)
    let (viewModel, service) = await viewModel(secondPage: page)

    await viewModel.loadNextPage().value

    #expect(service.followersPageStub.callCount == 1)
    #expect(viewModel.pagingStopped?.contains("links back to a page already fetched") == true)
    #expect(!viewModel.hasMorePages)
    #expect(viewModel.followers.count == 60)
  }

  @Test func aNextLinkToAnotherOriginStopsPagingWithoutARequest() async {
    let everyone = BrowseFixtures.followers(60)
    let page = FollowersPage(
      followers: Array(everyone[30...]),
      next: URL(string: "https://elsewhere.test/users/octocat/followers?page=3")!, page: 2)
    let (viewModel, service) = await viewModel(secondPage: page)

    await viewModel.loadNextPage().value

    #expect(service.followersPageStub.calls == [BrowseFixtures.pageURL(2)])
    #expect(viewModel.pagingStopped?.contains("elsewhere.test") == true)
  }

  @Test func anEmptyPageThatLinksOnStopsPaging() async {
    let page = FollowersPage(followers: [], next: BrowseFixtures.pageURL(3), page: 2)
    let (viewModel, service) = await viewModel(secondPage: page)

    await viewModel.loadNextPage().value

    #expect(service.followersPageStub.callCount == 1)
    #expect(viewModel.pagingStopped?.contains("is empty but links to another") == true)
  }

  @Test func followersListedOnTwoPagesAreShownOnce() async {
    let everyone = BrowseFixtures.followers(60)
    let page = FollowersPage(followers: Array(everyone[20..<50]), page: 2)
    let (viewModel, _) = await viewModel(secondPage: page)

    #expect(viewModel.followers.map(\.id) == everyone[0..<50].map(\.id))
    #expect(viewModel.repeatedFollowers == 10)
    #expect(viewModel.pagingStopped == nil)
  }

  @Test func aPaginationStoppedErrorFromTheServiceStopsPaging() async {
    let everyone = BrowseFixtures.followers(60)
    let service = MockFollowersService()
    service.followersStub.handle { _ in BrowseFixtures.page(1, of: everyone) }
    service.followersPageStub.fail(with: GitHubError.paginationStopped("a page link leads to elsewhere"))
    let viewModel = FollowersViewModel(service: service, clock: ImmediateClock())
    await viewModel.fetchFollowers(for: "octocat").value

    await viewModel.loadNextPage().value
    await viewModel.loadNextPage().value

    #expect(service.followersPageStub.callCount == 1)
    #expect(viewModel.pagingStopped?.contains("a page link leads to elsewhere") == true)
  }
}
