#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// A failed system call, with the `errno` it left.
struct SocketError: Error, CustomStringConvertible {
  let operation: String
  let code: Int32

  init(_ operation: String, _ code: Int32 = errno) {
    self.operation = operation
    self.code = code
  }

  var description: String {
    "FakeGitHubServer: \(operation) failed: \(String(cString: strerror(code))) (errno \(code))"
  }
}

/// Thin, EINTR-safe wrappers over the BSD socket calls the server needs.
///
/// Every descriptor is made close-on-exec, so a child process that a test spawns (the CLI
/// end-to-end tests run the built binary) never inherits a listener or a connection. Writes
/// never raise SIGPIPE: Linux passes `MSG_NOSIGNAL`, Darwin sets `SO_NOSIGPIPE` on the socket.
///
/// ``makeStreamSocket()`` and ``withLoopbackAddress(port:_:)`` are `package` so that the
/// server's self-tests open their raw client sockets the same way.
package enum POSIX {
  #if canImport(Glibc)
    private static let streamType = Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue)
    private static let sendFlags = Int32(MSG_NOSIGNAL)
  #elseif canImport(Musl)
    private static let streamType = SOCK_STREAM | SOCK_CLOEXEC
    private static let sendFlags = Int32(MSG_NOSIGNAL)
  #else
    private static let streamType = SOCK_STREAM
    private static let sendFlags: Int32 = 0
  #endif

  /// Opens a listening TCP socket on 127.0.0.1 with a port the kernel picks.
  ///
  /// The listener sets `SO_REUSEPORT` (as well as `SO_REUSEADDR`) so that, when the server
  /// stops, ``reservePort(_:)`` can take the port over before the listener closes.
  ///
  /// - Returns: The listening descriptor and the port it is bound to.
  static func makeLoopbackListener() throws -> (fd: Int32, port: Int) {
    let fd = try makeLoopbackSocket(port: 0, options: [("SO_REUSEADDR", SO_REUSEADDR), ("SO_REUSEPORT", SO_REUSEPORT)])
    do {
      guard listen(fd, 128) == 0 else { throw SocketError("listen") }
      var address = sockaddr_in()
      var length = socklen_t(MemoryLayout<sockaddr_in>.size)
      let named = withUnsafeMutablePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
      }
      guard named == 0 else { throw SocketError("getsockname") }
      return (fd, Int(UInt16(bigEndian: address.sin_port)))
    } catch {
      _ = close(fd)
      throw error
    }
  }

  /// Binds a socket that never listens to 127.0.0.1:`port`, while that port's listener is
  /// still open, so that the port refuses connections once the listener closes.
  ///
  /// Without it, a stopped server's port goes back to the kernel, and the next server that
  /// asks for an ephemeral port (another test running in parallel) can get it: a client that
  /// should find nothing there gets that server's answers instead. A bound socket keeps the
  /// kernel from handing the port out, and connecting to a port with no listener is refused.
  ///
  /// - Returns: The descriptor to close when the port may be reused, or `nil` if the system
  ///   refused the bind (the port is then merely released).
  static func reservePort(_ port: Int) -> Int32? {
    try? makeLoopbackSocket(port: port, options: [("SO_REUSEPORT", SO_REUSEPORT)])
  }

  /// A close-on-exec TCP socket with the given `SOL_SOCKET` options on, bound to
  /// 127.0.0.1:`port` (0 lets the kernel pick).
  private static func makeLoopbackSocket(port: Int, options: [(name: String, value: Int32)]) throws -> Int32 {
    let fd = makeStreamSocket()
    guard fd >= 0 else { throw SocketError("socket") }
    do {
      var yes: Int32 = 1
      for option in options {
        guard setsockopt(fd, SOL_SOCKET, option.value, &yes, socklen_t(MemoryLayout<Int32>.size)) == 0 else {
          throw SocketError("setsockopt(\(option.name))")
        }
      }
      let bound = withLoopbackAddress(port: port) { bind(fd, $0, $1) }
      guard bound == 0 else { throw SocketError("bind(127.0.0.1:\(port))") }
      return fd
    } catch {
      _ = close(fd)
      throw error
    }
  }

  /// A new close-on-exec IPv4 TCP socket, or -1 with `errno` set.
  package static func makeStreamSocket() -> Int32 {
    let fd = socket(AF_INET, streamType, 0)
    if fd >= 0 { setCloseOnExec(fd) }
    return fd
  }

  /// Calls `body` with 127.0.0.1:`port` as a `sockaddr` and its length.
  package static func withLoopbackAddress<Result>(
    port: Int, _ body: (UnsafePointer<sockaddr>, socklen_t) -> Result
  ) -> Result {
    var address = sockaddr_in()
    #if canImport(Darwin)
      address.sin_len = UInt8(MemoryLayout<sockaddr_in>.size)
    #endif
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = UInt16(port).bigEndian
    address.sin_addr.s_addr = UInt32(0x7F00_0001).bigEndian
    return withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { body($0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
    }
  }

  /// Creates the pipe `stop()` writes to so the accept loop's `poll` wakes up.
  static func makeWakePipe() throws -> (read: Int32, write: Int32) {
    var fds: [Int32] = [-1, -1]
    guard pipe(&fds) == 0 else { throw SocketError("pipe") }
    setCloseOnExec(fds[0])
    setCloseOnExec(fds[1])
    return (fds[0], fds[1])
  }

  /// What ``waitForConnection(listener:wake:)`` saw.
  enum AcceptResult {
    case connection(Int32)
    case retry
    case woken
  }

  /// Blocks until a client connects or a byte arrives on `wake`.
  static func waitForConnection(listener: Int32, wake: Int32) -> AcceptResult {
    var fds = [
      pollfd(fd: listener, events: Int16(POLLIN), revents: 0),
      pollfd(fd: wake, events: Int16(POLLIN), revents: 0),
    ]
    let ready = poll(&fds, 2, -1)
    if ready < 0 {
      return errno == EINTR ? .retry : .woken
    }
    if fds[1].revents != 0 { return .woken }
    if fds[0].revents & Int16(POLLIN) == 0 {
      // POLLERR / POLLNVAL on the listener: nothing more will come.
      return fds[0].revents == 0 ? .retry : .woken
    }
    // (accept4 is not exported by the Glibc module, so close-on-exec is set right after.)
    let client = accept(listener, nil, nil)
    guard client >= 0 else {
      switch errno {
      case EMFILE, ENFILE, ENOBUFS, ENOMEM:
        // Out of descriptors: back off instead of spinning.
        usleep(10_000)
        return .retry
      default:
        // EINTR, ECONNABORTED, EAGAIN and friends: the next connection is unaffected.
        return .retry
      }
    }
    setCloseOnExec(client)
    var yes: Int32 = 1
    _ = setsockopt(client, Int32(IPPROTO_TCP), TCP_NODELAY, &yes, socklen_t(MemoryLayout<Int32>.size))
    #if canImport(Darwin)
      _ = setsockopt(client, SOL_SOCKET, SO_NOSIGPIPE, &yes, socklen_t(MemoryLayout<Int32>.size))
    #endif
    return .connection(client)
  }

  /// Reads what is available (blocking until something is), retrying on EINTR.
  ///
  /// - Returns: The number of bytes read; 0 at end of stream or on any error.
  static func receive(_ fd: Int32, into buffer: UnsafeMutableRawBufferPointer) -> Int {
    while true {
      let count = recv(fd, buffer.baseAddress, buffer.count, 0)
      if count >= 0 { return count }
      if errno == EINTR { continue }
      return 0
    }
  }

  /// Writes all of `bytes`, coping with partial writes and EINTR.
  ///
  /// - Returns: `false` when the peer went away (or the socket was shut down) first.
  @discardableResult
  static func sendAll(_ fd: Int32, _ bytes: [UInt8]) -> Bool {
    bytes.withUnsafeBytes { raw in
      var offset = 0
      while offset < raw.count {
        let count = send(fd, raw.baseAddress! + offset, raw.count - offset, sendFlags)
        if count > 0 {
          offset += count
        } else if count < 0 && errno == EINTR {
          continue
        } else {
          return false
        }
      }
      return true
    }
  }

  /// Writes one byte to wake a `poll` on the other end of a pipe.
  static func poke(_ fd: Int32) {
    var byte: UInt8 = 1
    while write(fd, &byte, 1) < 0 && errno == EINTR {}
  }

  /// Shuts both directions down: wakes any thread blocked reading or writing `fd`.
  static func shutdownBoth(_ fd: Int32) {
    _ = shutdown(fd, Int32(SHUT_RDWR))
  }

  /// Prepares a polite close: send FIN, then drain what the client still sends (for at most
  /// a second of silence or 1 MiB). The caller closes the descriptor afterwards.
  ///
  /// Closing a socket with unread input makes the kernel send RST, which can destroy a
  /// response the client has not read yet; draining first avoids that.
  static func finishSending(_ fd: Int32) {
    _ = shutdown(fd, Int32(SHUT_WR))
    var timeout = timeval(tv_sec: 1, tv_usec: 0)
    _ = setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
    var scratch = [UInt8](repeating: 0, count: 4096)
    var drained = 0
    while drained < 1 << 20 {
      let count = scratch.withUnsafeMutableBytes { receive(fd, into: $0) }
      if count == 0 { break }
      drained += count
    }
  }

  /// Closes `fd` (once; EINTR is not retried, as POSIX leaves the descriptor closed).
  static func closeDescriptor(_ fd: Int32) {
    _ = close(fd)
  }

  private static func setCloseOnExec(_ fd: Int32) {
    _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
  }
}
