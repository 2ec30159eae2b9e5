import ActionDispatch
import ActionDispatchTesting
import ConsumerApp
import Testing

/// What the scaffolded tests of ``RepoListViewModel`` leave out: paging on, and a star's rollback.
@MainActor
@Suite(.serialExecutor) struct RepoListViewModelTests {
  static let first = RepoPage(repos: [Repo(id: 1, name: "one"), Repo(id: 2, name: "two")], nextPage: 2)

  @Test func theNextPageIsAppendedWithoutTheRowsAlreadyListed() async {
    let service = MockRepoListService()
    service.reposStub.succeed(with: Self.first)
    let viewModel = RepoListViewModel(service: service)
    await viewModel.load().value

    service.reposStub.succeed(
      with: RepoPage(repos: [Repo(id: 2, name: "two"), Repo(id: 3, name: "three")], nextPage: nil))
    await viewModel.loadNextPage().value

    #expect(viewModel.repos.map(\.id) == [1, 2, 3])
    #expect(viewModel.nextPage == nil)
    #expect(service.reposStub.calls == [1, 2])
    let recorder = EventRecorder(viewModel)
    await viewModel.loadNextPage().value
    #expect(recorder.events == [.dropped(.loadNextPage)], "after the last page there is nothing to load")
  }

  @Test func aFailedStarIsRolledBack() async {
    let service = MockRepoListService()
    service.reposStub.succeed(with: Self.first)
    let viewModel = RepoListViewModel(service: service)
    await viewModel.load().value
    service.setStarredStub.fail(with: StubError("offline"))

    let run = viewModel.toggleStar(2)
    #expect(viewModel.repos[1].isStarred, "the star shows at once")
    await run.value

    #expect(!viewModel.repos[1].isStarred)
    #expect(service.setStarredStub.calls.map(\.id) == [2])
    #expect(viewModel.errorMessage(for: .toggleStar(2)) == "offline")
  }
}
