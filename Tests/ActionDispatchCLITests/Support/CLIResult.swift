/// What one run of `action-dispatch` produced: compared whole in the tests.
struct CLIResult: Sendable, Equatable, CustomStringConvertible {
  /// Everything written to standard output.
  var stdout: String
  /// Everything written to standard error.
  var stderr: String
  /// The exit status (`exit(3)`'s argument).
  var status: Int32
  /// The signal that killed the process, when it did not exit by itself.
  var signal: Int32? = nil

  var description: String {
    "status \(status)\(signal.map { " (killed by signal \($0))" } ?? "")\n"
      + "--- stdout ---\n\(stdout)--- stderr ---\n\(stderr)--- end ---"
  }
}
