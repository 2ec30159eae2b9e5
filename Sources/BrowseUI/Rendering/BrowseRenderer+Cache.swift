import ActionDispatch
import CommandLineKit
import GitHubFollowers

extension BrowseRenderer.Context {
  /// The cache pane (`c`), as TanStack Query's devtools show a cache: a summary, then one line
  /// a key — its status, how many view models watch it, its age and its time to be forgotten —
  /// the keys fetched or set last first, as many as fit and how many more.
  ///
  /// Ages and times count on, so a frame showing the pane animates (it is drawn again each
  /// tick). A key holds logins, the server's text: it is sanitized like every other.
  mutating func cacheLines() -> [String] {
    let snapshots = Array(viewModel.cache.snapshot().reversed())
    if !snapshots.isEmpty { animates = true }
    let watched = snapshots.count(where: { $0.watchers > 0 })
    let summary =
      "\(snapshots.count) \(snapshots.count == 1 ? "key" : "keys") · \(watched) watched · "
      + "unwatched kept \(BrowseRenderer.shortDuration(viewModel.cache.gcTime))"
    var lines = [
      summary, BrowseRenderer.cacheColumns(status: "STATUS", watchers: "W", age: "AGE", forgottenIn: "GONE IN") + "KEY",
    ]
    let room = max(0, layout.bodyRows - lines.count)
    let fits = snapshots.count <= room ? snapshots.count : max(0, room - 1)
    for snapshot in snapshots.prefix(fits) {
      let columns = BrowseRenderer.cacheColumns(
        status: snapshot.status.rawValue, watchers: String(snapshot.watchers),
        age: snapshot.age.map(BrowseRenderer.shortDuration) ?? "—",
        forgottenIn: snapshot.forgottenIn.map(BrowseRenderer.shortDuration) ?? "—")
      let keyWidth = max(0, layout.paneWidth - 1 - DisplayWidth.of(columns))
      lines.append(columns + Line.fitUntrusted(snapshot.description, width: keyWidth))
    }
    if fits < snapshots.count { lines.append("… \(snapshots.count - fits) more") }
    return lines
  }
}

extension BrowseRenderer {
  /// The fixed columns of a cache line: status, watchers, age, time to be forgotten.
  static func cacheColumns(status: String, watchers: String, age: String, forgottenIn: String) -> String {
    Line.fit(status, width: 9) + Line.fit(watchers, width: 3) + Line.fit(age, width: 7)
      + Line.fit(forgottenIn, width: 8)
  }

  /// A duration as the cache pane shows it: `12s`, `4m05s`, `1h02m`, rounded down.
  static func shortDuration(_ duration: Duration) -> String {
    let seconds = max(0, Int(duration.components.seconds))
    func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
    if seconds < 60 { return "\(seconds)s" }
    if seconds < 3_600 { return "\(seconds / 60)m\(two(seconds % 60))s" }
    return "\(seconds / 3_600)h\(two(seconds / 60 % 60))m"
  }

  /// The keys pane (`?`): every key of the list and the search results, and what it does.
  static let keyLines: [String] = [
    "j/k ↓/↑      move",
    "PgDn/PgUp    a screenful (Ctrl-D/U half)",
    "g/G          first / last (every page)",
    "⏎ → l        open the user's followers",
    "h ← ⌫        back",
    "/            search users (Esc leaves)",
    "f / u        follow / unfollow",
    "r            retry what failed",
    "R            refresh what is on screen",
    "e            the events of every action",
    "c            the cache, key by key",
    "?            these keys",
    "q Ctrl-C     quit",
  ]
}
