/// How a run ended.
@usableFromInline
enum RunOutcome: Sendable {
  case succeeded
  case failed
  case cancelled
}
