import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Serializes response heads.
enum ResponseWriter {
  /// The status line and header block, ending with the empty line.
  ///
  /// - Parameters:
  ///   - response: The response whose status and headers to write.
  ///   - contentLength: The length to announce.
  ///   - close: Whether to announce `Connection: close`.
  static func head(for response: FakeResponse, contentLength: Int, close: Bool) -> [UInt8] {
    var text = "HTTP/1.1 \(response.status) \(reason(for: response.status))\r\n"
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

  /// The reason phrase for the statuses the server itself sends or GitHub words in a body;
  /// empty for the rest, which HTTP/1.1 allows (RFC 9112 §4) and clients ignore.
  static func reason(for status: Int) -> String {
    switch status {
    case 200: "OK"
    case 301: "Moved Permanently"
    case 302: "Found"
    case 304: "Not Modified"
    case 307: "Temporary Redirect"
    case 308: "Permanent Redirect"
    case 400: "Bad Request"
    case 404: "Not Found"
    case 431: "Request Header Fields Too Large"
    case 501: "Not Implemented"
    default: ""
    }
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
