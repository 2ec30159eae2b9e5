import FakeGitHubServer
import Foundation
import Synchronization

// `fake-github-server`: the in-process fake GitHub server as a process of its own, for
// scripts/browse-e2e, which drives `action-dispatch browse` in tmux against it.
//
// It prints its base URL (`http://127.0.0.1:PORT`) on its first line, then serves until killed:
// - `octocat` with 95 followers (4 pages of 30); page 2 answers after 1.5 s (a slow page), and
//   page 3 is broken JSON the first time (a failing page the client does not retry, and `r` does);
// - the first profile request for a follower is a 429 with `Retry-After: 2`, which the client
//   waits out (and `browse` says so on its status line);
// - `PUT`/`DELETE /user/following/{login}`: 204 with a token;
// - `endless`, whose profile claims 3 followers and whose pages say `rel="last"` is page 3 while
//   their `next` links go on for ever (30 new followers each).

let server = try FakeGitHubServer()
server.addUser("octocat", followers: 95, name: "The Octocat")
for number in 1...95 {
  server.addUser("octocat-follower-\(number)", followers: 0, name: "Follower \(number)")
}
let firsts = Mutex(Set<String>())
server.setHandler { request in
  let first = { (key: String) in firsts.withLock { $0.insert(key).inserted } }
  if request.path == "/users/endless/followers" {
    let page = Int(request.queryItems["page"] ?? "1") ?? 1
    let pages = server.baseURL.absoluteString + "/users/endless/followers?per_page=30&page="
    return .accounts(
      (1...30).map { ("endless-\(page)-\($0)", 1_000_000 + page * 100 + $0, "User") },
      link: "<\(pages)\(page + 1)>; rel=\"next\", <\(pages)3>; rel=\"last\"")
  }
  if request.path == "/users/octocat/followers" {
    switch request.queryItems["page"] {
    case "2" where first("slow page"):
      Thread.sleep(forTimeInterval: 1.5)
    case "3" where first("failing page"):
      return .brokenJSON()  // not retried by the client, unlike a 5xx
    default:
      break
    }
  } else if request.path.hasPrefix("/users/"), request.path != "/users/octocat", first("rate limit") {
    return .secondaryRateLimit(retryAfter: 2)
  }
  return nil
}
FileHandle.standardOutput.write(Data((server.baseURL.absoluteString + "\n").utf8))
while true { sleep(3600) }
