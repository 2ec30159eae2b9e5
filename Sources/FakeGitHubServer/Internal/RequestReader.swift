import Foundation

/// A request as it came off the wire, before it becomes a ``FakeRequest``.
struct ParsedRequest {
  var method: String
  var target: String
  var version: String
  var headers: [(String, String)]

  /// Whether the client wants the connection kept open after the response.
  var keepAlive: Bool {
    let tokens = headers.filter { $0.0 == "connection" }
      .flatMap { $0.1.lowercased().split(separator: ",").map { $0.trimmingHTTPWhitespace() } }
    if tokens.contains("close") { return false }
    return version == "HTTP/1.1" || tokens.contains("keep-alive")
  }
}

/// Reads bodiless HTTP/1.x requests from one connection, keeping bytes that arrive early
/// (pipelined requests) for the next call.
///
/// The client under test sends only `GET`s, so a request that announces a body
/// (`Content-Length` other than 0, or `Transfer-Encoding`) is answered with 501 and the
/// connection closed: its framing is not something this reader follows.
struct RequestReader {
  /// What ``next()`` produced.
  enum Outcome {
    case request(ParsedRequest)
    /// The client closed the connection (or it was shut down) between or inside requests.
    case closed
    /// The bytes are not a request this server can read; answer with this status and close.
    case malformed(Int)
  }

  static let maxHeaderBytes = 64 * 1_024
  private static let headTerminator: [UInt8] = Array("\r\n\r\n".utf8)

  let fd: Int32
  private var buffer: [UInt8] = []
  private var chunk = [UInt8](repeating: 0, count: 64 * 1_024)

  init(fd: Int32) {
    self.fd = fd
  }

  /// Reads the next complete request.
  mutating func next() -> Outcome {
    var scanned = 0
    var found = Self.find(Self.headTerminator, in: buffer, from: 0)
    while found == nil {
      if buffer.count > Self.maxHeaderBytes { return .malformed(431) }
      scanned = buffer.count
      if !fill() { return .closed }
      found = Self.find(Self.headTerminator, in: buffer, from: max(0, scanned - 3))
    }
    guard let headEnd = found else { return .closed }
    let headText = String(decoding: buffer[..<headEnd], as: UTF8.self)
    buffer.removeFirst(headEnd + Self.headTerminator.count)

    // "\r\n" is a single Character in Swift, so split on newline Characters, not on "\n".
    var lines = headText.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline)
    let requestLine = lines.removeFirst().split(separator: " ", omittingEmptySubsequences: true)
    guard requestLine.count == 3, requestLine[2].hasPrefix("HTTP/1.") else { return .malformed(400) }
    var headers: [(String, String)] = []
    for line in lines where !line.isEmpty {
      guard let colon = line.firstIndex(of: ":"), colon != line.startIndex else { return .malformed(400) }
      let name = line[..<colon].lowercased()
      let value = String(line[line.index(after: colon)...]).trimmingHTTPWhitespace()
      if name == "transfer-encoding" || (name == "content-length" && value != "0") { return .malformed(501) }
      headers.append((name, value))
    }
    return .request(
      ParsedRequest(
        method: String(requestLine[0]), target: String(requestLine[1]), version: String(requestLine[2]),
        headers: headers))
  }

  /// Appends whatever the socket has next; `false` at end of stream.
  private mutating func fill() -> Bool {
    let count = chunk.withUnsafeMutableBytes { POSIX.receive(fd, into: $0) }
    guard count > 0 else { return false }
    buffer.append(contentsOf: chunk[..<count])
    return true
  }

  /// The index where `pattern` first starts in `bytes` at or after `start`.
  private static func find(_ pattern: [UInt8], in bytes: [UInt8], from start: Int) -> Int? {
    guard bytes.count >= pattern.count, start <= bytes.count - pattern.count else { return nil }
    return (start...(bytes.count - pattern.count)).first { bytes[$0..<$0 + pattern.count].elementsEqual(pattern) }
  }
}
