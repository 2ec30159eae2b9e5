import Foundation

extension FakeResponse {
  /// A 200 with a JSON array of GitHub-shaped simple users, for lists whose logins, types or
  /// links a test chooses: hostile text, duplicates, pages that lie about what comes next.
  ///
  /// Each account gets `login`, `id`, `node_id`, `avatar_url`, `html_url`
  /// (`https://github.com/<login>`, percent-encoded), `type` and `site_admin`, serialized by
  /// `JSONSerialization` (so control characters in a login arrive as JSON escapes, as GitHub
  /// would send them).
  ///
  /// ```swift
  /// server.respond(
  ///   to: "/users/mona/followers",
  ///   with: .accounts([("x\u{1B}[2J", 1, "User")], link: "<http://evil.example/p2>; rel=\"next\""))
  /// ```
  ///
  /// - Parameters:
  ///   - accounts: Each account's login, id and type.
  ///   - link: The `Link` header, if any.
  /// - Returns: The response.
  package static func accounts(
    _ accounts: [(login: String, id: Int, type: String)], link: String? = nil
  ) -> FakeResponse {
    let objects = accounts.map { account -> [String: Any] in
      let path = account.login.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? "x"
      return [
        "login": account.login, "id": account.id, "node_id": "U_\(account.id)",
        "avatar_url": "https://avatars.githubusercontent.com/u/\(account.id)?v=4",
        "html_url": "https://github.com/\(path)", "type": account.type, "site_admin": false,
      ]
    }
    return .jsonObject(200, objects, headers: link.map { [("Link", $0)] } ?? [])
  }

  /// A response whose body is `object` serialized by `JSONSerialization` (keys sorted).
  ///
  /// - Parameters:
  ///   - status: The status code.
  ///   - object: A JSON-compatible value: dictionaries, arrays, strings, numbers, `NSNull()`.
  ///   - headers: More header fields, sent after `Content-Type`.
  /// - Returns: The response.
  package static func jsonObject(_ status: Int, _ object: Any, headers: [(String, String)] = []) -> FakeResponse {
    let data = (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])) ?? Data("null".utf8)
    return FakeResponse(
      status: status, headers: [("Content-Type", "application/json; charset=utf-8")] + headers, body: data)
  }
}
