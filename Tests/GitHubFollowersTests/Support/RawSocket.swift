import FakeGitHubServer
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// A blocking TCP client for what URLSession won't do: pipelining, garbage, hanging up early.
final class RawSocket {
  private let fd: Int32

  init(port: Int) throws {
    fd = POSIX.makeStreamSocket()
    try #require(fd >= 0)
    var timeout = timeval(tv_sec: 10, tv_usec: 0)
    setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
    let connected = POSIX.withLoopbackAddress(port: port) { [fd] address, length in
      connect(fd, address, length)
    }
    try #require(connected == 0)
  }

  deinit { close() }

  private var closed = false

  func close() {
    guard !closed else { return }
    closed = true
    #if canImport(Glibc)
      _ = Glibc.close(fd)
    #elseif canImport(Musl)
      _ = Musl.close(fd)
    #else
      _ = Darwin.close(fd)
    #endif
  }

  func send(_ text: String) {
    let bytes = Array(text.utf8)
    var offset = 0
    while offset < bytes.count {
      let sent = bytes[offset...].withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
      guard sent > 0 else { return }
      offset += sent
    }
  }

  /// Reads until the server closes the connection (or 10 s pass without data).
  func readAll() -> String {
    var received: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 4_096)
    while true {
      let count = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
      guard count > 0 else { break }
      received += chunk[..<count]
    }
    return String(decoding: received, as: UTF8.self)
  }

  /// Reads one response with a Content-Length body.
  func readResponse() -> String? {
    var received: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 4_096)
    while true {
      let text = String(decoding: received, as: UTF8.self)
      if let headEnd = text.range(of: "\r\n\r\n") {
        let head = text[..<headEnd.lowerBound].lowercased()
        let length =
          head.split(separator: "\r\n")
          .first { $0.hasPrefix("content-length:") }
          .flatMap { Int($0.dropFirst("content-length:".count).trimmingCharacters(in: .whitespaces)) } ?? 0
        if text.utf8.count - text.utf8.distance(from: text.startIndex, to: headEnd.upperBound) >= length {
          return text
        }
      }
      let count = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
      guard count > 0 else { return nil }
      received += chunk[..<count]
    }
  }
}

/// One-shot socket calls that report the `errno` they end with (0 on success).
enum SocketProbe {
  /// Connects to 127.0.0.1:`port` and hangs up.
  static func errnoConnecting(toPort port: Int) -> Int32 {
    withSocket(port: port) { fd, address, length in connect(fd, address, length) }
  }

  /// Binds 127.0.0.1:`port` with `SO_REUSEADDR` on, as a server about to listen would.
  static func errnoBinding(toPort port: Int) -> Int32 {
    withSocket(port: port) { fd, address, length in
      var yes: Int32 = 1
      setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
      return bind(fd, address, length)
    }
  }

  /// Runs `call` on a fresh socket and 127.0.0.1:`port`, closes the socket, and returns
  /// `errno` if `call` failed.
  private static func withSocket(
    port: Int, _ call: (Int32, UnsafePointer<sockaddr>, socklen_t) -> Int32
  ) -> Int32 {
    let fd = POSIX.makeStreamSocket()
    guard fd >= 0 else { return errno }
    defer { _ = close(fd) }
    let result = POSIX.withLoopbackAddress(port: port) { call(fd, $0, $1) }
    return result == 0 ? 0 : errno
  }
}
