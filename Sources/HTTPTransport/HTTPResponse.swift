import Foundation

/// An HTTP response: status, header fields and the whole body.
///
/// Header names are matched ignoring case (HTTP/2 sends `x-ratelimit-remaining`, HTTP/1.1
/// servers often `X-RateLimit-Remaining`), so read them with ``value(forHTTPHeaderField:)``.
///
/// ```swift
/// let response = HTTPResponse(statusCode: 200, headers: ["ETag": "W/\"abc\""], body: Data("[]".utf8))
/// response.value(forHTTPHeaderField: "etag")   // "W/\"abc\""
/// ```
public struct HTTPResponse: Sendable, Hashable {
  /// The status code, such as 200 or 404.
  public var statusCode: Int
  /// The body, empty when the server sent none.
  public var body: Data
  /// The URL the response came from, if known.
  public var url: URL?
  /// The header fields, with lowercased names. Fields sent more than once are joined with `, `.
  public private(set) var headers: [String: String]

  /// Creates a response.
  ///
  /// - Parameters:
  ///   - statusCode: The status code.
  ///   - headers: The header fields, names in any case. Names that differ only in case are
  ///     joined into one field, values separated by `, `.
  ///   - body: The body.
  ///   - url: The URL the response came from.
  public init(statusCode: Int, headers: [String: String] = [:], body: Data = Data(), url: URL? = nil) {
    self.statusCode = statusCode
    self.body = body
    self.url = url
    var normalized: [String: String] = [:]
    for (name, value) in headers.sorted(by: { $0.key < $1.key }) {
      let key = name.lowercased()
      if let existing = normalized[key] {
        normalized[key] = existing + ", " + value
      } else {
        normalized[key] = value
      }
    }
    self.headers = normalized
  }

  /// The value of a header field, looked up ignoring case.
  ///
  /// - Parameter name: The field name, in any case.
  /// - Returns: The value, or `nil` when the response has no such field.
  public func value(forHTTPHeaderField name: String) -> String? {
    headers[name.lowercased()]
  }
}
