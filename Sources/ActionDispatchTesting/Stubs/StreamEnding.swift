/// How a stream of a ``StreamStub`` ended.
public enum StreamEnding: Sendable, Hashable {
  /// The consumer saw the end the test sent with ``StreamStub/finish(limit:)``.
  case finished
  /// The consumer saw the error the test sent with ``StreamStub/fail(with:limit:)``.
  case failed
  /// The consumer's task was cancelled while the stream was open: the view model cancelled the
  /// run, a newer run superseded it, or the view model was released.
  case cancelled
}
