import ActionDispatch
import ActionDispatchTesting
import Testing

@testable import ConsumerApp

/// "Showing loading without flicker", `Loadable`: one state for a list that three actions fill.
@MainActor
@Suite(.serialExecutor) struct ListingLoadableTests {
  final class MockListingService: ListingService {
    let itemsStub = Stub<Int, [String]>(returning: [])
    func items(matching filter: String, page: Int) async throws -> [String] { try await itemsStub(page) }
  }

  struct Offline: Error, CustomStringConvertible {
    var description: String { "You are offline." }
  }

  @Test func anEmptyFirstPageIsNoItemsNotNotLoaded() async {
    let service = MockListingService()
    let viewModel = ListingViewModel(service: service)
    #expect(ListingText.lines(for: viewModel.itemsState) == ["Pull to load."])

    // snippet: loadable-test
    let run = viewModel.apply(filter: "swift")
    #expect(viewModel.itemsState.phase == .loading)
    await run.value
    #expect(viewModel.itemsState.phase == .loaded([]))
    // end snippet: loadable-test
    #expect(ListingText.lines(for: viewModel.itemsState) == ["No items."])
  }

  @Test func aFailedRefreshKeepsTheListAndSaysSo() async {
    let service = MockListingService()
    service.itemsStub.succeed(with: ["a", "b"])
    let viewModel = ListingViewModel(service: service)
    await viewModel.apply(filter: "").value

    service.itemsStub.fail(with: Offline())
    let refresh = viewModel.refresh()
    #expect(ListingText.lines(for: viewModel.itemsState) == ["Refreshing…", "a", "b"])
    await refresh.value

    #expect(viewModel.itemsState.phase == .loaded(["a", "b"]))
    #expect(ListingText.lines(for: viewModel.itemsState) == ["a", "b", "Couldn't refresh: You are offline."])
  }

  @Test func theNextPageShowsItsSpinnerAndErrorOnTheSameState() async {
    let service = MockListingService()
    service.itemsStub.succeed(with: ["a"])
    let viewModel = ListingViewModel(service: service)
    await viewModel.apply(filter: "").value

    service.itemsStub.fail(with: Offline())
    let more = viewModel.loadMore()
    #expect(viewModel.itemsState.isRefreshing)
    await more.value
    #expect(viewModel.itemsState.errorMessage == "You are offline.")

    service.itemsStub.succeed(with: ["b"])
    await viewModel.loadMore().value
    #expect(viewModel.itemsState.phase == .loaded(["a", "b"]))
    #expect(viewModel.itemsState.errorMessage == nil)
  }
}
