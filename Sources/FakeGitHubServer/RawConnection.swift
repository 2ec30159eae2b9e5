/// A connection handed to a ``FakeResponse/Behavior/raw(_:)`` script, after its request was read.
///
/// The script writes bytes exactly as given, nothing added, and may pause between writes; the
/// server closes the connection when the script returns. Every call returns `false` once the
/// client has gone or the server is stopping: a script stops there.
///
/// ```swift
/// server.respond(to: "/users/octocat", with: FakeResponse(status: 200, behavior: .raw { connection in
///   _ = connection.send("HTTX/1.1 200 OK\r\n\r\n")
/// }))
/// ```
package struct RawConnection: Sendable {
  let fd: Int32
  let core: ServerCore

  /// Sends bytes as they are.
  ///
  /// - Parameter bytes: The bytes.
  /// - Returns: `false` when the client has gone or the server is stopping.
  @discardableResult
  package func send(_ bytes: [UInt8]) -> Bool {
    !core.isStopped && POSIX.sendAll(fd, bytes)
  }

  /// Sends text as UTF-8, exactly as given (write `\r\n` where HTTP wants it).
  ///
  /// - Parameter text: The text.
  /// - Returns: `false` when the client has gone or the server is stopping.
  @discardableResult
  package func send(_ text: String) -> Bool {
    send(Array(text.utf8))
  }

  /// Waits, unless the server stops first.
  ///
  /// - Parameter duration: How long.
  /// - Returns: `false` when the server stopped during the wait.
  @discardableResult
  package func pause(for duration: Duration) -> Bool {
    core.pause(for: duration)
  }
}
