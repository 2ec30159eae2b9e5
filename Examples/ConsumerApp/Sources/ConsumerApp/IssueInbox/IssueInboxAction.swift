import ActionDispatch

/// The actions of ``IssueInboxViewModel``.
public enum IssueInboxAction: ActionIdType {
  case load
  case close
}
