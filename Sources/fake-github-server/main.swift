import FakeGitHubServer
import Foundation

// `fake-github-server`: the in-process fake GitHub server as a process of its own, for
// scripts/browse-e2e, which drives `action-dispatch browse` in tmux against it.
//
// It prints its base URL (`http://127.0.0.1:PORT`) on its first line, then serves until killed:
// - `octocat` with 250 followers (3 pages of 100, as `browse` asks for): page 2 answers the
//   first time after 1.5 s (a slow page) with broken JSON (a failing page the client does not
//   retry, and `r` does);
// - the first profile request for a follower is a 429 with `Retry-After: 2`, which the client
//   waits out (and `browse` says so on its status line);
// - `PUT`/`DELETE /user/following/{login}`: 204 with a token;
// - `endless`, whose profile claims 3 followers and whose pages say `rel="last"` is page 3 while
//   their `next` links go on for ever (30 new followers each).
//
// With `--counting [followers]`, for counting what `browse` sends: `mona` with 100,000 followers
// (or as many as given, 12 to 1,000,000), profiles
// for `mona-follower-1`…`-12` but not `-3` (a 404), `mona-follower-2` with 5 followers;
// `cycle` with 200 followers in 2 pages whose page 2 links back to page 1 (`next`); `wide` with
// 20,000 followers sent 10,000 a page whatever `per_page` asks for (2 pages); each
// request is logged on standard error (`GET target`, ` conditional` with `If-None-Match`);
// `GET /_e2e/exhaust?seconds=S` (not logged) makes every request a primary rate limit for S seconds.
//
// With `--hostile`, a server that tries to get around the client's guards instead:
// - `octocat` with 150 followers (2 pages of 100, as `browse` asks for), whose page 2 answers
//   302 to another origin (a second server on another port, which would list `mallory-1`…);
// - the profile of `octocat-follower-2` answers 307 to that origin, and that of
//   `octocat-follower-3` is a gzip bomb of 10 MB inflating to 10 GiB, and that of
//   `octocat-follower-4` the same bomb as the body of a 302 to the profile of `octocat-follower-5`
//   (same origin: followed, so the row shows `Follower 5`);
// - following `octocat-follower-1` answers 307 to that origin, which would answer 204.

if CommandLine.arguments.dropFirst().first == "--hostile" {
  let server = try FakeGitHubServer()
  let elsewhere = try FakeGitHubServer()
  server.addUser("octocat", followers: 150, name: "The Octocat")
  for number in 1...150 {
    server.addUser("octocat-follower-\(number)", followers: 0, name: "Follower \(number)")
  }
  elsewhere.addUser("octocat", followers: 150)
  elsewhere.setHandler { request in
    if request.path.hasPrefix("/user/following/") { return FakeResponse(status: 204) }
    return .accounts((1...30).map { ("mallory-\($0)", 9_000 + $0, "User") })
  }
  let there = elsewhere.baseURL.absoluteString
  server.setHandler { request in
    switch request.path {
    case "/users/octocat/followers" where request.queryItems["page"] == "2":
      return .redirect(302, to: there + request.target)
    case "/users/octocat-follower-2":
      return .redirect(307, to: there + "/users/mallory-1")
    case "/users/octocat-follower-3":
      return .gzipBomb(inflatedSize: 10 << 30)
    case "/users/octocat-follower-4":
      return .gzipBomb(inflatedSize: 10 << 30, status: 302, location: "/users/octocat-follower-5")
    case "/user/following/octocat-follower-1":
      return .redirect(307, to: there + request.target)
    default:
      return nil
    }
  }
  FileHandle.standardOutput.write(Data((server.baseURL.absoluteString + "\n").utf8))
  while true { sleep(3600) }
}

if CommandLine.arguments.dropFirst().first == "--counting" {
  let server = try FakeGitHubServer()
  let arguments = CommandLine.arguments
  let followers = arguments.count > 2 ? min(max(Int(arguments[2]) ?? 100_000, 12), 1_000_000) : 100_000
  server.addUser("mona", followers: followers, name: "Mona")
  for number in 1...12 where number != 3 {
    server.addUser("mona-follower-\(number)", followers: number == 2 ? 5 : 0, name: "Mona Follower \(number)")
  }
  server.addUser("cycle", followers: 200, name: "Cycle", paging: .cyclingToFirstPage)
  server.addUser("wide", followers: 20_000, name: "Wide", paging: .ignoringPerPage(rows: 10_000))
  let exhaustedUntil = Guarded<Date?>(nil)
  server.setHandler { request in
    if request.path == "/_e2e/exhaust" {
      let seconds = Double(request.queryItems["seconds"] ?? "5") ?? 5
      exhaustedUntil.withLock { $0 = Date().addingTimeInterval(seconds) }
      return FakeResponse(status: 204)
    }
    let line = "\(request.method) \(request.target)\(request.header("if-none-match") == nil ? "" : " conditional")\n"
    FileHandle.standardError.write(Data(line.utf8))
    if let until = exhaustedUntil.withLock({ $0 }), until > Date() {
      return .primaryRateLimit(resetAt: until)
    }
    return nil
  }
  FileHandle.standardOutput.write(Data((server.baseURL.absoluteString + "\n").utf8))
  while true { sleep(3600) }
}

let server = try FakeGitHubServer()
server.addUser("octocat", followers: 250, name: "The Octocat")
for number in 1...250 {
  server.addUser("octocat-follower-\(number)", followers: 0, name: "Follower \(number)")
}
let firsts = Guarded(Set<String>())
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
    // Page 2, the first time: slow ("loading more…" shows), then broken.
    if request.queryItems["page"] == "2", first("failing page") {
      Thread.sleep(forTimeInterval: 1.5)
      return .brokenJSON()  // not retried by the client, unlike a 5xx
    }
  } else if request.path.hasPrefix("/users/"), request.path != "/users/octocat", first("rate limit") {
    // Long enough that a busy machine's screen still shows the countdown.
    return .secondaryRateLimit(retryAfter: 5)
  }
  return nil
}
FileHandle.standardOutput.write(Data((server.baseURL.absoluteString + "\n").utf8))
while true { sleep(3600) }

/// A value the server's connection threads share, behind a lock: `Mutex` would need macOS 15,
/// and the package runs on macOS 14.
///
/// `@unchecked Sendable`: every read and write of `value` holds `lock`.
final class Guarded<Value>: @unchecked Sendable {
  private let lock = NSLock()
  private var value: Value

  init(_ value: Value) {
    self.value = value
  }

  func withLock<Result>(_ body: (inout Value) -> Result) -> Result {
    lock.lock()
    defer { lock.unlock() }
    return body(&value)
  }
}
