import ActionDispatch
import FakeGitHubServer
import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A running `action-dispatch` child process, with its output collected as it comes.
///
/// ```swift
/// let result = try await CLIProcess.run(["followers", "octocat", "--demo", "--limit", "2"])
/// #expect(result.status == 0)
/// ```
///
/// The child gets this process's environment without `GITHUB_TOKEN`, `GH_TOKEN`, `NO_COLOR`
/// and `TERM`, plus `ACTION_DISPATCH_MAX_RETRIES=0` so that a 5xx fails at once, then
/// `environment` on top. Its standard input is `/dev/null` and its outputs are pipes, so it is
/// never "on a terminal": no spinner, no colour.
final class CLIProcess: Sendable {
  /// The longest a child may run before it is killed, so that a hang fails one test instead of
  /// stalling the whole run.
  static let watchdog: TimeInterval = 120

  private struct ExitState {
    var ended: (status: Int32, signal: Int32?)?
    var nextWaiter: UInt64 = 0
    var waiters: [UInt64: CheckedContinuation<Void, Never>] = [:]
  }

  /// The child's process id, for `kill(2)`.
  let pid: Int32
  /// Standard output, as it arrives.
  let stdout: OutputCollector
  /// Standard error, as it arrives.
  let stderr: OutputCollector
  /// What went to the pseudo-terminal, as it arrives: empty unless ``Outputs`` put the child
  /// on one.
  let terminal: OutputCollector
  /// The pseudo-terminal, when ``Outputs`` put the child on one: for typing and resizing.
  let pseudoTerminal: PseudoTerminal?
  private let exit: LockedState<ExitState>

  private init(
    pid: Int32, stdout: OutputCollector, stderr: OutputCollector, terminal: OutputCollector,
    pseudoTerminal: PseudoTerminal?, exit: LockedState<ExitState>
  ) {
    self.pid = pid
    self.stdout = stdout
    self.stderr = stderr
    self.terminal = terminal
    self.pseudoTerminal = pseudoTerminal
    self.exit = exit
  }

  /// The environment every child starts from.
  static var baseEnvironment: [String: String] {
    var environment = ProcessInfo.processInfo.environment
    for name in ["GITHUB_TOKEN", "GH_TOKEN", "NO_COLOR", "TERM"] {
      environment[name] = nil
    }
    environment["ACTION_DISPATCH_MAX_RETRIES"] = "0"
    return environment
  }

  /// Where the child's standard output and standard error go.
  ///
  /// A terminal is opened only once a ``ChildSlots`` slot is free, just before the child
  /// starts: its descriptors then exist for microseconds before the child has them, not for as
  /// long as the test waits for a slot. (A child's spinner that landed in another test's
  /// terminal, while its own showed nothing, was `ptsname`'s shared buffer: see
  /// ``PseudoTerminal``.)
  enum Outputs {
    /// Both to pipes: the usual case, as in a script.
    case pipes
    /// Standard error to a terminal, standard output to a pipe: `action-dispatch … | jq`.
    case errorOnTerminal
    /// Both to the same terminal: an interactive shell.
    case bothOnTerminal
    /// Standard input too: a full-screen program such as `browse`, typed to through
    /// ``pseudoTerminal``.
    case interactive(rows: Int)
    /// Standard output to a file or device opened for writing, such as `/dev/full`; standard
    /// error to a pipe.
    case outputToFile(String)
  }

  /// Starts the built executable.
  ///
  /// - Parameters:
  ///   - arguments: The arguments after the executable's name.
  ///   - environment: Variables to set (or override) in the child's environment.
  ///   - outputs: Where its output goes; pipes by default. What goes to a terminal is in
  ///     ``terminal``, not in ``stdout`` or ``stderr``.
  ///   - columns: The terminal's width, when ``Outputs`` puts the child on one; unset by default.
  /// - Returns: The running child, once one of the ``ChildSlots`` is free.
  static func start(
    _ arguments: [String], environment: [String: String] = [:], outputs: Outputs = .pipes, columns: Int? = nil
  ) async throws -> CLIProcess {
    await ChildSlots.shared.acquire()
    do {
      return try launch(arguments, environment: environment, outputs: outputs, columns: columns)
    } catch {
      ChildSlots.shared.release()
      throw error
    }
  }

  private static func launch(
    _ arguments: [String], environment: [String: String], outputs: Outputs, columns: Int?
  ) throws
    -> CLIProcess
  {
    let process = Process()
    process.executableURL = CLIBinary.url
    process.arguments = arguments
    process.environment = baseEnvironment.merging(environment) { $1 }
    var outputPipe: Pipe?
    var errorPipe: Pipe?
    var outputFile: FileHandle?
    let terminal: PseudoTerminal?
    switch outputs {
    case .pipes:
      outputPipe = Pipe()
      errorPipe = Pipe()
      terminal = nil
    case .outputToFile(let path):
      guard let file = FileHandle(forWritingAtPath: path) else { throw CocoaError(.fileWriteUnknown) }
      outputFile = file
      errorPipe = Pipe()
      terminal = nil
    case .errorOnTerminal:
      outputPipe = Pipe()
      terminal = try PseudoTerminal(columns: columns)
    case .bothOnTerminal:
      terminal = try PseudoTerminal(columns: columns)
    case .interactive(let rows):
      terminal = try PseudoTerminal(columns: columns ?? 80, rows: rows)
    }
    process.standardOutput = outputPipe ?? outputFile ?? terminal?.secondary
    process.standardError = errorPipe ?? terminal?.secondary
    if case .interactive = outputs {
      process.standardInput = terminal?.secondary
    } else {
      process.standardInput = FileHandle.nullDevice
    }
    let stdout = outputPipe.map(Self.collector) ?? .empty()
    let stderr = errorPipe.map(Self.collector) ?? .empty()
    let exit = LockedState(ExitState())
    process.terminationHandler = { [terminal] process in
      for collector in [stdout, stderr, terminal?.output].compactMap({ $0 }) { collector.childExited() }
      let ended =
        process.terminationReason == .uncaughtSignal
        ? (status: 128 + process.terminationStatus, signal: Optional(process.terminationStatus))
        : (status: process.terminationStatus, signal: nil)
      let waiters = exit.withLock { state in
        state.ended = ended
        defer { state.waiters = [:] }
        return state.waiters.values
      }
      ChildSlots.shared.release()
      for waiter in waiters { waiter.resume() }
    }
    try process.run()
    // Foundation closes the parent's ends of pipes it was given, but not other handles: without
    // this, the terminal would never report the end of the child's output.
    try terminal?.secondary.close()
    try outputFile?.close()
    let pid = process.processIdentifier
    DispatchQueue.global().asyncAfter(deadline: .now() + watchdog) {
      if exit.withLock({ $0.ended == nil }) { kill(pid, SIGKILL) }
    }
    return CLIProcess(
      pid: pid,
      stdout: stdout,
      stderr: stderr,
      terminal: terminal?.output ?? .empty(),
      pseudoTerminal: terminal,
      exit: exit)
  }

  private static func collector(for pipe: Pipe) -> OutputCollector {
    let handle = pipe.fileHandleForReading
    return OutputCollector(reading: handle.fileDescriptor, from: .pipe, closingWhenDone: handle)
  }

  /// Runs the executable to the end.
  ///
  /// - Parameters:
  ///   - arguments: The arguments after the executable's name.
  ///   - environment: Variables to set in the child's environment.
  /// - Returns: Everything it wrote and how it ended.
  static func run(_ arguments: [String], environment: [String: String] = [:]) async throws -> CLIResult {
    try await start(arguments, environment: environment).result()
  }

  /// Sends a signal to the child.
  ///
  /// - Parameter signal: Such as `SIGINT`.
  func send(_ signal: Int32) {
    kill(pid, signal)
  }

  /// Waits for the child to end; returns at once when the calling task is cancelled.
  func exited() async {
    let id = exit.withLock { state in
      defer { state.nextWaiter += 1 }
      return state.nextWaiter
    }
    await withTaskCancellationHandler {
      await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
        let resumeNow = exit.withLock { state in
          if state.ended != nil || Task.isCancelled { return true }
          state.waiters[id] = continuation
          return false
        }
        if resumeNow { continuation.resume() }
      }
    } onCancel: {
      exit.withLock { $0.waiters.removeValue(forKey: id) }?.resume()
    }
  }

  /// Collects the server's requests until `count` have arrived, or until the child has exited:
  /// a child that fails early must fail the test, not leave it waiting for a request forever.
  ///
  /// - Parameters:
  ///   - arrivals: The server's requests, from `FakeGitHubServer.arrivals(answer:)`.
  ///   - count: How many to wait for.
  /// - Returns: The requests that arrived, `count` of them unless the child exited first.
  func requests(from arrivals: AsyncStream<FakeRequest>, count: Int) async -> [FakeRequest] {
    await withTaskGroup(of: [FakeRequest]?.self) { group in
      group.addTask {
        var received: [FakeRequest] = []
        for await request in arrivals {
          received.append(request)
          if received.count == count { break }
        }
        return received
      }
      group.addTask {
        await self.exited()
        return nil
      }
      var received: [FakeRequest] = []
      while let outcome = await group.next() {
        group.cancelAll()
        if let outcome { received = outcome }
      }
      return received
    }
  }

  /// Waits for the child to end and both pipes to close.
  ///
  /// - Returns: Everything it wrote and how it ended.
  func result() async -> CLIResult {
    await exited()
    let output = await stdout.waitForEnd()
    let error = await stderr.waitForEnd()
    let ended = exit.withLock { $0.ended } ?? (status: -1, signal: nil)
    return CLIResult(stdout: output, stderr: error, status: ended.status, signal: ended.signal)
  }
}
