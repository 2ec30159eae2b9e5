import ActionDispatch
import Observation

/// An inbox of open issues whose models are called `Issue`, `Tag` and `Confirmation`, as an app's
/// often are: its tests (`IssueInboxXCTests`) name them unqualified beside ActionDispatchTesting.
@MainActor
@Observable
public final class IssueInboxViewModel: BaseViewModel<IssueInboxAction> {
  /// The open issues.
  public private(set) var issues: [Issue] = []
  /// The server's answer to the last close.
  public private(set) var lastConfirmation: Confirmation?
  private let service: any IssueInboxService

  /// Creates the view model.
  ///
  /// - Parameters:
  ///   - service: Where the issues come from.
  ///   - clock: The clock that times a close's quiet period.
  public init(service: any IssueInboxService, clock: any Clock<Duration> = ContinuousClock()) {
    self.service = service
    super.init(clock: clock)
  }

  /// The issues labelled `tag`.
  public func issues(taggedWith tag: Tag) -> [Issue] {
    issues.filter { $0.tags.contains(tag) }
  }

  /// Loads the open issues.
  @discardableResult
  public func load() -> Task<Void, Never> {
    dispatch(actionId: .load, task: { [service] in try await service.issues() }) { viewModel, issues in
      viewModel.issues = issues
    }
  }

  /// Closes an issue after a quiet period, so a double tap sends one request; the issue leaves
  /// the inbox once the server confirms.
  @discardableResult
  public func close(_ issue: Issue) -> Task<Void, Never> {
    dispatch(
      actionId: .close, policy: .debounce(.milliseconds(300)),
      task: { [service] in try await service.close(issue.id) }
    ) { viewModel, confirmation in
      viewModel.lastConfirmation = confirmation
      viewModel.issues.removeAll { $0.id == confirmation.issueID }
    }
  }
}
