/// What the server answers when an ``Issue`` is closed: a third name Swift Testing uses.
public struct Confirmation: Equatable, Sendable {
  /// The issue closed.
  public let issueID: Int
  /// Who closed it.
  public let closedBy: String

  /// Creates a confirmation.
  public init(issueID: Int, closedBy: String) {
    self.issueID = issueID
    self.closedBy = closedBy
  }
}
