import ActionDispatch
import ActionDispatchTesting
import Testing

@testable import ConsumerApp

/// A UIKit or terminal client's stand-ins: what the articles' `observe` examples drive.
@MainActor
final class Spinner {
  private(set) var starts = 0
  private(set) var isSpinning = false
  func start() {
    starts += 1
    isSpinning = true
  }
  func stop() { isSpinning = false }
}

@MainActor
final class Table {
  private(set) var rows: [String] = []
  func reload(_ rows: [String]) { self.rows = rows }
  func append(_ rows: [String]) { self.rows += rows }
}

@MainActor
final class Banner {
  private(set) var messages: [String] = []
  func show(_ error: any Error) { messages.append("\(error)") }
}

/// `observe` in ActionDispatch's overview and "What listeners
/// see" (Streaming actions), run as they are quoted.
@MainActor
@Suite(.serialExecutor) struct ObservingTests {
  @Test func handlersFollowALoad() async {
    let service = MockFollowerListService()
    service.fetchFollowersStub.succeed(with: ["mona"])
    let viewModel = FollowerListViewModel(service: service)
    let (spinner, table, banner) = (Spinner(), Table(), Banner())
    // snippet: observe
    let token = viewModel.observe {
      On(.fetchFollowers)
        .started { spinner.start() }
        .succeeded { (followers: [String]) in table.reload(followers) }
        .failed { error in banner.show(error) }
        .finished { spinner.stop() }
    }
    // end snippet: observe
    await viewModel.fetchFollowers(for: "octocat").value
    service.fetchFollowersStub.fail(with: ServiceError())
    await viewModel.fetchFollowers(for: "octocat").value
    token.cancel()

    #expect(spinner.starts == 2)
    #expect(!spinner.isSpinning)
    #expect(table.rows == ["mona"])
    #expect(banner.messages == ["The server is unreachable."])
  }

  @Test func elementHandlersSeeEveryPage() async {
    let service = MockFollowerListService()
    service.followerPagesStub.succeed(with: [["mona"], ["hubot"]])
    let viewModel = FollowerListViewModel(service: service)
    let (spinner, table) = (Spinner(), Table())
    // snippet: observe-elements
    let token = viewModel.observe {
      On(.loadAllPages)
        .element { (page: [String]) in table.append(page) }
        .finished { spinner.stop() }
    }
    // end snippet: observe-elements
    spinner.start()
    await viewModel.loadAllPages(for: "octocat").value
    token.cancel()

    #expect(table.rows == ["mona", "hubot"])
    #expect(!spinner.isSpinning)
  }
}
