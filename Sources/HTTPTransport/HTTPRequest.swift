import Foundation

/// A description of an HTTP request: method, path or URL, query and headers.
///
/// A request is a value built with chained calls. Its path is resolved against a base URL only
/// when it is sent, so the same request works against `https://api.github.com`, a GitHub
/// Enterprise server (`https://ghe.example/api/v3`) or a loopback test server.
///
/// ```swift
/// let request = HTTPRequest.get("/users/octocat/followers")
///   .query("per_page", "100")
///   .query("page", "2")
///   .header("Accept", "application/vnd.github+json")
/// let url = try request.url(relativeTo: URL(string: "https://ghe.example/api/v3")!)
/// // https://ghe.example/api/v3/users/octocat/followers?per_page=100&page=2
/// ```
///
/// > Important: Path segments are percent-encoded by ``url(relativeTo:)``: pass them unencoded.
/// > A `?` or `#` in a path is part of a segment (`%3F`, `%23`), never a query or fragment; add
/// > query items with ``query(_:_:)``.
public struct HTTPRequest: Sendable, Hashable {
  private enum Target: Sendable, Hashable {
    case path(String)
    case url(URL)
  }

  private struct QueryItem: Sendable, Hashable {
    var name: String
    var value: String
  }

  /// The request method: ``HTTPMethod/get``, the one method the client sends.
  public var method: HTTPMethod

  private var target: Target
  private var queryItems: [QueryItem] = []

  /// The header fields to send, with the name case of their last ``header(_:_:)`` call.
  ///
  /// Names are unique ignoring case: setting `accept` replaces `Accept`.
  public private(set) var headers: [String: String] = [:]

  private init(method: HTTPMethod, target: Target) {
    self.method = method
    self.target = target
  }

  /// A `GET` request for a path relative to a base URL.
  ///
  /// The path is split at `/`; each segment is percent-encoded when the URL is built, and
  /// empty segments are dropped (`/users//x/` is `/users/x`).
  ///
  /// - Parameter path: A path such as `/users/octocat`, unencoded.
  /// - Returns: The request.
  public static func get(_ path: String) -> HTTPRequest {
    HTTPRequest(method: .get, target: .path(path))
  }

  /// A `GET` request for an absolute URL, sent exactly as given (plus any query items added).
  ///
  /// Used to follow a `Link` header's URLs, which GitHub asks clients not to rebuild. A relative
  /// URL is resolved against the base URL like a browser would.
  ///
  /// - Parameter url: The URL to request.
  /// - Returns: The request.
  public static func get(url: URL) -> HTTPRequest {
    HTTPRequest(method: .get, target: .url(url))
  }

  /// The path given to ``get(_:)``, or `nil` for a request built from a URL.
  public var path: String? {
    if case .path(let path) = target { return path }
    return nil
  }

  /// The URL given to ``get(url:)`` with this request's query items appended, or `nil` for a
  /// request built from a path (which needs a base URL: ``url(relativeTo:)``).
  ///
  /// An ``HTTPClient`` sends requests that have one: a GitHub client resolves every path
  /// against its base URL before it calls ``HTTPClient/send(_:)``.
  public var absoluteURL: URL? {
    guard case .url(let url) = target, url.scheme != nil else { return nil }
    return try? appendingQuery(to: url)
  }

  /// Appends a query item; a `nil` value adds nothing.
  ///
  /// Items are appended, never replaced: the query of a URL given to ``get(url:)`` is kept, and
  /// a name added twice is sent twice. Names and values are percent-encoded (`+` is `%2B`).
  ///
  /// - Parameters:
  ///   - name: The item's name, unencoded.
  ///   - value: The item's value, unencoded; `nil` to skip the item.
  /// - Returns: A copy of the request with the item.
  public func query(_ name: String, _ value: String?) -> HTTPRequest {
    guard let value else { return self }
    var copy = self
    copy.queryItems.append(QueryItem(name: name, value: value))
    return copy
  }

  /// Sets a header field, replacing one of the same name in any letter case.
  ///
  /// Carriage returns and line feeds are removed from the value, so a value cannot smuggle in
  /// another header.
  ///
  /// - Parameters:
  ///   - name: The field name, such as `Accept`.
  ///   - value: The field value.
  /// - Returns: A copy of the request with the field.
  public func header(_ name: String, _ value: String) -> HTTPRequest {
    var copy = self
    for key in copy.headers.keys where key.caseInsensitiveCompare(name) == .orderedSame {
      copy.headers[key] = nil
    }
    copy.headers[name] = value.filter { $0 != "\r" && $0 != "\n" && $0 != "\r\n" }
    return copy
  }

  /// Removes a header field, whatever its letter case.
  ///
  /// - Parameter name: The field name.
  /// - Returns: A copy of the request without the field.
  public func removingHeader(_ name: String) -> HTTPRequest {
    var copy = self
    for key in copy.headers.keys where key.caseInsensitiveCompare(name) == .orderedSame {
      copy.headers[key] = nil
    }
    return copy
  }

  /// The value of a header field, looked up ignoring case.
  ///
  /// - Parameter name: The field name.
  /// - Returns: The value, or `nil` when the field is not set.
  public func value(forHTTPHeaderField name: String) -> String? {
    headers.first { $0.key.caseInsensitiveCompare(name) == .orderedSame }?.value
  }

  /// Builds the URL to send.
  ///
  /// A path request is appended to the base URL's own path, so a base of
  /// `https://ghe.example/api/v3` and a path of `/users/x` give
  /// `https://ghe.example/api/v3/users/x`; each segment is percent-encoded. A URL request is
  /// used as it is (resolved against the base only if it is relative). Query items are appended
  /// to any query already there.
  ///
  /// - Parameter base: The API's base URL, with or without a path and trailing slash.
  /// - Returns: The absolute URL.
  /// - Throws: ``HTTPRequestError`` when the base URL has no scheme or host, a path segment is
  ///   `.` or `..`, or no valid URL can be formed.
  public func url(relativeTo base: URL) throws(HTTPRequestError) -> URL {
    switch target {
    case .url(let url):
      guard let absolute = URL(string: url.absoluteString, relativeTo: base)?.absoluteURL else {
        throw HTTPRequestError("The URL \"\(url.absoluteString)\" cannot be resolved against \(base.absoluteString).")
      }
      return try appendingQuery(to: absolute)
    case .path(let path):
      guard var components = URLComponents(url: base, resolvingAgainstBaseURL: true),
        let scheme = components.scheme, !scheme.isEmpty,
        let host = components.host, !host.isEmpty
      else {
        throw HTTPRequestError(
          "The base URL \"\(base.absoluteString)\" has no scheme or host; use a full URL such as https://api.github.com."
        )
      }
      let segments = path.split(separator: "/", omittingEmptySubsequences: true).map(String.init)
      if let dots = segments.first(where: { $0 == "." || $0 == ".." }) {
        throw HTTPRequestError(
          "The request path \"\(path)\" contains the segment \"\(dots)\", which would leave the API's base path; remove it."
        )
      }
      var basePath = components.percentEncodedPath
      while basePath.hasSuffix("/") { basePath.removeLast() }
      components.percentEncodedPath = basePath + "/" + segments.map(PercentEncoding.encode).joined(separator: "/")
      components.fragment = nil
      guard let url = components.url else {
        throw HTTPRequestError("No valid URL can be built from \(base.absoluteString) and \"\(path)\".")
      }
      return try appendingQuery(to: url)
    }
  }

  private func appendingQuery(to url: URL) throws(HTTPRequestError) -> URL {
    guard !queryItems.isEmpty else { return url }
    guard var components = URLComponents(url: url, resolvingAgainstBaseURL: true) else {
      throw HTTPRequestError("The URL \"\(url.absoluteString)\" is not valid; query items cannot be added to it.")
    }
    let added =
      queryItems
      .map { PercentEncoding.encode($0.name) + "=" + PercentEncoding.encode($0.value) }
      .joined(separator: "&")
    if let existing = components.percentEncodedQuery, !existing.isEmpty {
      components.percentEncodedQuery = existing + "&" + added
    } else {
      components.percentEncodedQuery = added
    }
    guard let result = components.url else {
      throw HTTPRequestError("The URL \"\(url.absoluteString)\" is not valid; query items cannot be added to it.")
    }
    return result
  }
}
