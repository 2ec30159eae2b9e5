/// Where ``IssueInboxViewModel`` gets its issues and closes them.
public protocol IssueInboxService: Sendable {
  /// The open issues.
  func issues() async throws -> [Issue]
  /// Closes an issue.
  func close(_ issueID: Int) async throws -> Confirmation
}
