import ActionDispatchTesting

@testable import ConsumerApp

/// An ``IssueInboxService`` for tests, written as `action-dispatch scaffold` writes a mock: it
/// imports ActionDispatchTesting and the app, and names `Issue` and `Confirmation` unqualified.
final class MockIssueInboxService: IssueInboxService {
  let issuesStub = Stub<Void, [Issue]>(returning: [])
  let closeStub = Stub<Int, Confirmation>(returning: Confirmation(issueID: 0, closedBy: ""))

  func issues() async throws -> [Issue] {
    try await issuesStub()
  }

  func close(_ issueID: Int) async throws -> Confirmation {
    try await closeStub(issueID)
  }
}
