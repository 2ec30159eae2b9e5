/// How the fake server pages a user's followers: as GitHub does, or in a way a real server may
/// page that a client must still follow (see ``FakeGitHubServer/addUser(_:followers:name:paging:)``).
///
/// ```swift
/// let server = try FakeGitHubServer()
/// server.addUser("wide", followers: 20_000, paging: .ignoringPerPage(rows: 10_000))   // 2 pages
/// server.addUser("cycle", followers: 200, paging: .cyclingToFirstPage)   // page 2's next is page 1
/// ```
package enum FakePaging: Sendable, Hashable {
  /// GitHub's: `per_page` rows a page (30 when absent or invalid, at most 100), with a `next`
  /// link on every page but the last.
  case github
  /// `rows` a page whatever `per_page` asks for, as a server that ignores it: the `Link`
  /// header's URLs keep the request's own `per_page`, as such a server echoes the query back.
  case ignoringPerPage(rows: Int)
  /// GitHub's pages, except that the last one (when there are two or more) has a `next` link
  /// back to page 1, in the same form as the other links: a cycle a client must stop.
  case cyclingToFirstPage
}
