import Foundation

/// One HTTP request as the fake server received it.
///
/// The server records every request it parses, in arrival order, before deciding how to answer
/// (see ``FakeGitHubServer/requests``); handlers installed with
/// ``FakeGitHubServer/setHandler(_:)`` receive the same value.
///
/// Header names are lowercased; repeated headers are joined with `", "` as HTTP allows.
package struct FakeRequest: Sendable, Equatable {
  /// The request method, as sent (`"GET"`; the server answers nothing else but with a 404).
  package var method: String

  /// The raw request-target from the request line, e.g. `"/users/x/followers?page=2"`.
  package var target: String

  /// ``target`` without its query, still percent-encoded, e.g. `"/users/x/followers"`.
  package var path: String

  /// The query parameters, percent-decoded (`+` decodes to a space).
  ///
  /// When a name occurs more than once the last value wins.
  package var queryItems: [String: String]

  /// The request headers, keyed by lowercased name.
  package var headers: [String: String]

  /// Creates a request, deriving ``path`` and ``queryItems`` from `target`.
  ///
  /// The server builds its requests this way; tests can use it to feed a handler directly.
  ///
  /// - Parameters:
  ///   - method: The request method.
  ///   - target: The request-target, path plus optional query.
  ///   - headers: Header values by name; names are lowercased here.
  package init(method: String = "GET", target: String, headers: [String: String] = [:]) {
    self.method = method
    self.target = target
    let (path, query) = FakeRequest.split(target)
    self.path = path
    self.queryItems = FakeRequest.decodeQuery(query)
    // Names that differ only in case are one header: their values joined, in name order.
    self.headers = Dictionary(
      headers.sorted { $0.key < $1.key }.map { ($0.key.lowercased(), $0.value) },
      uniquingKeysWith: { $0 + ", " + $1 })
  }

  /// Returns the value of the header called `name`, compared case-insensitively.
  ///
  /// - Parameter name: A header name in any case, e.g. `"If-None-Match"`.
  /// - Returns: The header's value, or `nil` when the request did not carry it.
  package func header(_ name: String) -> String? {
    headers[name.lowercased()]
  }

  /// Splits a request-target into its path and raw query (without the `?`).
  static func split(_ target: String) -> (path: String, query: Substring?) {
    var rest = Substring(target)
    if let hash = rest.firstIndex(of: "#") { rest = rest[..<hash] }
    guard let mark = rest.firstIndex(of: "?") else { return (String(rest), nil) }
    return (String(rest[..<mark]), rest[rest.index(after: mark)...])
  }

  /// Decodes `a=1&b=x%20y` into a dictionary, the way a form-encoded query is read.
  static func decodeQuery(_ query: Substring?) -> [String: String] {
    guard let query else { return [:] }
    var items: [String: String] = [:]
    for pair in query.split(separator: "&", omittingEmptySubsequences: true) {
      let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
      let name = decodeComponent(parts[0])
      items[name] = parts.count > 1 ? decodeComponent(parts[1]) : ""
    }
    return items
  }

  /// Percent-decodes one query component, treating `+` as a space; keeps it raw if malformed.
  static func decodeComponent(_ component: Substring) -> String {
    PercentEncoding.decode(component, plusIsSpace: true) ?? String(component.map { $0 == "+" ? " " : $0 })
  }
}
