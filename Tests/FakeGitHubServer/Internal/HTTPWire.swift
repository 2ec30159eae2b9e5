import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Reason phrases for the status line.
enum HTTPStatus {
  static func reason(for status: Int) -> String {
    switch status {
    case 100: "Continue"
    case 200: "OK"
    case 201: "Created"
    case 202: "Accepted"
    case 204: "No Content"
    case 301: "Moved Permanently"
    case 302: "Found"
    case 303: "See Other"
    case 304: "Not Modified"
    case 307: "Temporary Redirect"
    case 308: "Permanent Redirect"
    case 400: "Bad Request"
    case 401: "Unauthorized"
    case 403: "Forbidden"
    case 404: "Not Found"
    case 405: "Method Not Allowed"
    case 408: "Request Timeout"
    case 409: "Conflict"
    case 410: "Gone"
    case 413: "Content Too Large"
    case 422: "Unprocessable Entity"
    case 429: "Too Many Requests"
    case 431: "Request Header Fields Too Large"
    case 500: "Internal Server Error"
    case 501: "Not Implemented"
    case 502: "Bad Gateway"
    case 503: "Service Unavailable"
    case 504: "Gateway Timeout"
    default: "Status \(status)"
    }
  }
}

/// A request as it came off the wire, before it becomes a ``FakeRequest``.
struct ParsedRequest {
  var method: String
  var target: String
  var version: String
  var headers: [(String, String)]
  var body: Data

  /// Whether the client wants the connection kept open after the response.
  var keepAlive: Bool {
    let tokens = headers.filter { $0.0 == "connection" }
      .flatMap { $0.1.lowercased().split(separator: ",").map { $0.trimmingHTTPWhitespace() } }
    if tokens.contains("close") { return false }
    return version == "HTTP/1.1" || tokens.contains("keep-alive")
  }
}

/// Reads HTTP/1.x requests from one connection, keeping bytes that arrive early
/// (pipelined requests) for the next call.
struct RequestReader {
  /// What ``next(sendContinue:)`` produced.
  enum Outcome {
    case request(ParsedRequest)
    /// The client closed the connection (or it was shut down) between or inside requests.
    case closed
    /// The bytes are not an HTTP request this server can read; answer with this status and close.
    case malformed(Int)
  }

  static let maxHeaderBytes = 64 * 1_024
  static let maxBodyBytes = 32 * 1_024 * 1_024

  let fd: Int32
  private var buffer: [UInt8] = []
  private var chunk = [UInt8](repeating: 0, count: 64 * 1_024)

  init(fd: Int32) {
    self.fd = fd
  }

  /// Reads the next complete request.
  ///
  /// - Parameter sendContinue: Called when the client waits for `100 Continue` before its body.
  mutating func next(sendContinue: () -> Void) -> Outcome {
    // Request head.
    var scanned = 0
    var headEnd: (start: Int, end: Int)?
    while true {
      // RFC 9112 §2.2: ignore empty lines before the request line.
      while buffer.starts(with: [13, 10]) { buffer.removeFirst(2) }
      while buffer.first == 10 { buffer.removeFirst() }
      if let end = Self.findHeadEnd(buffer, from: max(0, scanned - 3)) {
        headEnd = end
        break
      }
      scanned = buffer.count
      if buffer.count > Self.maxHeaderBytes { return .malformed(431) }
      if !fill() { return .closed }
    }
    guard let headEnd else { return .closed }
    let headText = String(decoding: buffer[..<headEnd.start], as: UTF8.self)
    let bodyStart = headEnd.end
    // "\r\n" is a single Character in Swift, so split on newline Characters, not on "\n".
    var lines = headText.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline)
    guard !lines.isEmpty else { return .malformed(400) }
    let requestLine = lines.removeFirst().split(separator: " ", omittingEmptySubsequences: true)
    guard requestLine.count == 3, requestLine[2].hasPrefix("HTTP/1.") else { return .malformed(400) }
    var headers: [(String, String)] = []
    for line in lines where !line.isEmpty {
      guard let colon = line.firstIndex(of: ":"), colon != line.startIndex else { return .malformed(400) }
      let name = line[..<colon].lowercased()
      let value = String(line[line.index(after: colon)...]).trimmingHTTPWhitespace()
      headers.append((name, value))
    }
    var request = ParsedRequest(
      method: String(requestLine[0]),
      target: String(requestLine[1]),
      version: String(requestLine[2]),
      headers: headers,
      body: Data()
    )
    buffer.removeFirst(bodyStart)

    // Body.
    let header = { (name: String) in headers.last(where: { $0.0 == name })?.1 }
    if header("expect")?.lowercased() == "100-continue" { sendContinue() }
    if let encoding = header("transfer-encoding"), encoding.lowercased().contains("chunked") {
      guard let body = readChunkedBody() else { return buffer.isEmpty ? .closed : .malformed(400) }
      request.body = body
    } else if let lengthText = header("content-length") {
      guard let length = Int(lengthText), length >= 0 else { return .malformed(400) }
      guard length <= Self.maxBodyBytes else { return .malformed(413) }
      while buffer.count < length {
        if !fill() { return .closed }
      }
      request.body = Data(buffer[..<length])
      buffer.removeFirst(length)
    }
    return .request(request)
  }

  /// Reads a `Transfer-Encoding: chunked` body; `nil` if the stream ends or is malformed.
  private mutating func readChunkedBody() -> Data? {
    var body = Data()
    while true {
      guard let line = readLine() else { return nil }
      let sizeText = line.split(separator: ";", maxSplits: 1).first.map(String.init) ?? ""
      guard let size = Int(sizeText.trimmingHTTPWhitespace(), radix: 16), size >= 0,
        body.count + size <= Self.maxBodyBytes
      else { return nil }
      if size == 0 {
        // Trailer fields, up to the empty line.
        while true {
          guard let trailer = readLine() else { return nil }
          if trailer.isEmpty { return body }
        }
      }
      while buffer.count < size + 2 {
        if !fill() { return nil }
      }
      body.append(contentsOf: buffer[..<size])
      buffer.removeFirst(size + 2)
    }
  }

  /// Reads one CRLF-terminated line (without the terminator).
  private mutating func readLine() -> String? {
    var scanned = 0
    while true {
      if let newline = buffer[scanned...].firstIndex(of: 10) {
        var end = newline
        if end > 0 && buffer[end - 1] == 13 { end -= 1 }
        let line = String(decoding: buffer[..<end], as: UTF8.self)
        buffer.removeFirst(newline + 1)
        return line
      }
      scanned = buffer.count
      if buffer.count > Self.maxHeaderBytes { return nil }
      if !fill() { return nil }
    }
  }

  /// Appends whatever the socket has next; `false` at end of stream.
  private mutating func fill() -> Bool {
    let count = chunk.withUnsafeMutableBytes { POSIX.receive(fd, into: $0) }
    guard count > 0 else { return false }
    buffer.append(contentsOf: chunk[..<count])
    return true
  }

  /// Finds the blank line ending the head: `start` is where it begins, `end` is past it.
  private static func findHeadEnd(_ bytes: [UInt8], from start: Int) -> (start: Int, end: Int)? {
    var index = start
    while index < bytes.count {
      if bytes[index] == 10 {
        if index + 1 < bytes.count && bytes[index + 1] == 10 { return (index, index + 2) }
        if index + 2 < bytes.count && bytes[index + 1] == 13 && bytes[index + 2] == 10 {
          return (index, index + 3)
        }
      }
      index += 1
    }
    return nil
  }
}

/// Serializes response heads.
enum ResponseWriter {
  /// The status line and header block, ending with the empty line.
  ///
  /// - Parameters:
  ///   - response: The response whose status and headers to write.
  ///   - contentLength: The length to announce.
  ///   - close: Whether to announce `Connection: close`.
  static func head(for response: FakeResponse, contentLength: Int, close: Bool) -> [UInt8] {
    var text = "HTTP/1.1 \(response.status) \(HTTPStatus.reason(for: response.status))\r\n"
    var hasDate = false
    for (name, value) in response.headers {
      let lowered = name.lowercased()
      if lowered == "content-length" || lowered == "transfer-encoding" { continue }
      if lowered == "date" { hasDate = true }
      if close && lowered == "connection" { continue }
      text += "\(name): \(value)\r\n"
    }
    if !hasDate { text += "Date: \(httpDate())\r\n" }
    text += "Content-Length: \(contentLength)\r\n"
    if close { text += "Connection: close\r\n" }
    text += "\r\n"
    return Array(text.utf8)
  }

  /// Whether the response asks for the connection to be closed after it.
  static func asksToClose(_ response: FakeResponse) -> Bool {
    response.headers.contains { $0.0.lowercased() == "connection" && $0.1.lowercased().contains("close") }
  }

  /// The current time in IMF-fixdate form, e.g. `Sun, 06 Nov 1994 08:49:37 GMT`.
  static func httpDate(_ seconds: time_t = time(nil)) -> String {
    var clock = seconds
    var parts = tm()
    gmtime_r(&clock, &parts)
    let days = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
    let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
    func two(_ value: Int32) -> String { value < 10 ? "0\(value)" : "\(value)" }
    return "\(days[Int(parts.tm_wday)]), \(two(parts.tm_mday)) \(months[Int(parts.tm_mon)]) \(parts.tm_year + 1900) "
      + "\(two(parts.tm_hour)):\(two(parts.tm_min)):\(two(parts.tm_sec)) GMT"
  }
}
