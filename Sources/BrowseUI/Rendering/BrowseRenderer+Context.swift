import ActionDispatch
import CommandLineKit
import Foundation
import GitHubFollowers

extension BrowseRenderer {
  /// One frame being drawn: the state, the layout, and whether a spinner was drawn.
  @MainActor
  struct Context {
    let viewModel: BrowseViewModel
    let layout: BrowseLayout
    /// The first list row shown.
    let top: Int
    let spinner: Character
    let styled: Bool
    var animates = false

    init(viewModel: BrowseViewModel, layout: BrowseLayout, top: Int, spinner: Character, styled: Bool) {
      self.viewModel = viewModel
      self.layout = layout
      self.top = top
      self.spinner = spinner
      self.styled = styled
    }

    private var columns: Int { layout.size.columns }

    private func style(_ text: String, _ code: String) -> String {
      styled ? "\u{1B}[\(code)m" + text + "\u{1B}[0m" : text
    }

    /// A spinner when `showing`, else a space; marks the frame as animating.
    private mutating func spinner(_ showing: Bool) -> String {
      guard showing else { return " " }
      animates = true
      return String(spinner)
    }

    // MARK: - Header

    func header() -> String {
      let left: (Int) -> String
      let right: String
      switch viewModel.mode {
      case .followers:
        let list = viewModel.current
        let path = viewModel.stack.map { TerminalText.sanitized($0.username.rawValue) }
        left = { BrowseRenderer.followersPath(path, width: $0) }
        let loaded = list.followers.followers.count
        // A count is what was loaded; the server's total only when it is not less.
        if let total = viewModel.profile(of: list.username.rawValue)?.followers, total >= loaded {
          right = "\(loaded) of \(total) loaded "
        } else {
          right = "\(loaded)\(list.followers.hasMorePages ? "+" : "") loaded "
        }
      case .searchTyping, .searchResults:
        let (query, typing) = (viewModel.query, viewModel.mode == .searchTyping)
        left = { BrowseRenderer.searchLine(query, typing: typing, width: $0) }
        right = viewModel.isSearching ? "searching… " : "\(viewModel.rows.count) found "
      }
      let rightWidth = DisplayWidth.of(right)
      let leftWidth = max(0, columns - rightWidth)
      let line = Line.fit(left(leftWidth), width: leftWidth) + (rightWidth <= columns ? right : "")
      return style(Line.fit(line, width: columns), "1")
    }

    func titles() -> String {
      let typeTitle = layout.typeWidth > 0 ? " " + Line.fit("TYPE", width: layout.typeWidth) : ""
      let list = Line.fit("    LOGIN", width: layout.listWidth - DisplayWidth.of(typeTitle)) + typeTitle
      guard layout.showsPane else { return style(list, "2") }
      let title =
        switch viewModel.pane {
        case .events: " EVENTS"
        case .cache: " CACHE"
        case .keys: " KEYS"
        default: " PROFILE"
        }
      let pane = Line.fit(title, width: layout.paneWidth)
      return style(list + "│" + pane, "2")
    }

    // MARK: - List

    mutating func listCells() -> [String] {
      let rows = viewModel.rows
      let selected = viewModel.selectedIndex
      var cells: [String] = []
      cells.reserveCapacity(layout.bodyRows)
      let blank = String(repeating: " ", count: layout.listWidth)
      for offset in 0..<layout.bodyRows {
        let index = top + offset
        if index < rows.count {
          cells.append(row(rows[index], selected: index == selected))
        } else if index == rows.count {
          cells.append(Line.fit(footer(isEmpty: rows.isEmpty), width: layout.listWidth))
        } else {
          cells.append(blank)
        }
      }
      return cells
    }

    private mutating func row(_ follower: Follower, selected: Bool) -> String {
      let mark: String
      switch viewModel.rowState(for: follower.login) {
      case .working: mark = spinner(true)
      case .failed: mark = "!"
      case .following: mark = "✓"
      case .idle: mark = " "
      }
      let typeWidth = layout.typeWidth
      let gap = typeWidth > 0 ? 1 : 0
      let login = Line.fitUntrusted(follower.login, width: layout.listWidth - 4 - typeWidth - gap)
      let type = typeWidth > 0 ? " " + Line.fitUntrusted(Self.typeName(follower.type), width: typeWidth) : ""
      let cell = (selected ? "›" : " ") + " " + mark + " " + login + type
      return selected ? style(cell, "7") : cell
    }

    private static func typeName(_ type: String?) -> String {
      switch type {
      case "Organization": "Org"
      case let type?: type
      case nil: ""
      }
    }

    private mutating func footer(isEmpty: Bool) -> String {
      switch viewModel.mode {
      case .followers:
        let followers = viewModel.current.followers
        if isEmpty {
          if let error = followers.errorMessage(for: .fetchFollowers) {
            return "  ! " + TerminalText.sanitized(error) + " (r retries)"
          }
          if followers.isLoading(for: .fetchFollowers) {
            return "  " + spinner(followers.isShowingLoading(for: .fetchFollowers)) + " loading followers…"
          }
          return "  no followers"
        }
        if followers.isShowingLoading(for: .loadNextPage) {
          return "  " + spinner(true) + " loading more…"
        }
        if let error = followers.errorMessage(for: .loadNextPage) {
          return "  ! next page failed: " + TerminalText.sanitized(error) + " (r retries)"
        }
        if let stopped = followers.pagingStopped {
          return "  ■ " + TerminalText.sanitized(stopped)
        }
        return ""
      case .searchTyping, .searchResults:
        if viewModel.trimmedQueryIsEmpty { return "  type to search users" }
        if let error = viewModel.users.errorMessage(for: .searchUsers) {
          return "  ! search failed: " + TerminalText.sanitized(error) + " (r retries)"
        }
        if viewModel.isSearching {
          return "  " + spinner(viewModel.users.isShowingLoading(for: .searchUsers)) + " searching…"
        }
        return isEmpty ? "  no users match" : ""
      }
    }

    // MARK: - Pane

    mutating func paneCells() -> [String] {
      var lines: [String]
      switch viewModel.pane {
      case .events: lines = eventLines()
      case .cache: lines = cacheLines()
      case .keys: lines = BrowseRenderer.keyLines
      default: lines = profileLines()
      }
      let width = layout.paneWidth
      if lines.count > layout.bodyRows { lines.removeLast(lines.count - layout.bodyRows) }
      while lines.count < layout.bodyRows { lines.append("") }
      return lines.map { " " + Line.fit($0, width: width - 1) }
    }

    private mutating func profileLines() -> [String] {
      guard let follower = viewModel.selectedFollower else { return [] }
      var lines = [TerminalText.sanitized(follower.login), ""]
      if let profile = viewModel.selectedProfile {
        func field(_ label: String, _ value: String?) {
          lines.append(Line.fit(label, width: 11) + TerminalText.sanitized(value ?? "—"))
        }
        field("Name", profile.name)
        field("Company", profile.company)
        field("Location", profile.location)
        field("Repos", profile.publicRepos.map(String.init))
        field("Followers", profile.followers.map(String.init))
        field("Following", profile.following.map(String.init))
        field("Joined", profile.createdAt.map(Self.day))
      } else if let error = viewModel.selectedProfileError {
        lines += TextWrapping.lines(
          "! " + TerminalText.sanitized(error), width: layout.paneWidth - 1, longWords: .split, maxLines: 4)
        lines.append("r retries")
      } else {
        lines.append(spinner(viewModel.users.isShowingLoading(for: .loadProfile)) + " loading profile…")
      }
      if case .failed(let error) = viewModel.rowState(for: follower.login) {
        lines.append("")
        lines += TextWrapping.lines(
          "! follow failed: " + TerminalText.sanitized(error), width: layout.paneWidth - 1, longWords: .split,
          maxLines: 3)
      }
      return lines
    }

    private func eventLines() -> [String] {
      let shown = viewModel.events.suffix(layout.bodyRows)
      return shown.map { event in
        var text = Self.clockTime(event.time) + " " + TerminalText.sanitized(event.action) + " " + event.kindName
        if let duration = event.duration { text += " " + Self.milliseconds(duration) }
        return text
      }
    }

    // MARK: - Bottom lines

    /// The notice (an error or a wait) on the left, the rate limit on the right: requests left
    /// and when they reset where the notice leaves room, or, once used up, always, a countdown
    /// to the reset (the frame then animates).
    mutating func noticeLine() -> String {
      let limited = viewModel.isRateLimited
      if limited { animates = true }
      let status = viewModel.rateLimitStatus.map { $0 + " " } ?? ""
      let statusWidth = DisplayWidth.of(status)
      guard let notice = viewModel.notice else {
        guard statusWidth > 0, statusWidth <= columns else { return String(repeating: " ", count: columns) }
        let line = String(repeating: " ", count: columns - statusWidth) + status
        return limited ? style(line, "33") : style(line, "2")
      }
      let text = " ! " + TerminalText.sanitized(notice)
      // The notice comes first: the counters only where it leaves room, the countdown always.
      let room = columns - statusWidth - 2
      guard statusWidth > 0, room >= 20, limited || DisplayWidth.of(text) <= room else {
        return style(Line.fit(text, width: columns), "31")
      }
      return style(Line.fit(text, width: room), "31") + "  " + style(status, limited ? "33" : "2")
    }

    func keysLine() -> String {
      let keys =
        switch viewModel.mode {
        case .followers:
          " j/k move  g/G top/end  ⏎ open  h back  / search  f/u follow  e events  c cache  ? keys  q quit"
        case .searchTyping: " type to search  ⏎ keep results  ↑/↓ move  Esc back"
        case .searchResults: " j/k move  ⏎ open  / edit search  f/u follow/unfollow  Esc back  q quit"
        }
      return style(Line.fit(keys, width: columns), "2")
    }

    // MARK: - Formatting

    /// "2011-01-25", in UTC.
    static func day(_ date: Date) -> String {
      let days = Int((date.timeIntervalSince1970 / 86_400).rounded(.down))
      // Civil-from-days (Howard Hinnant's algorithm), to avoid a Calendar per frame.
      let shifted = days + 719_468
      let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
      let dayOfEra = shifted - era * 146_097
      let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
      let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
      let monthIndex = (5 * dayOfYear + 2) / 153
      let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
      let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
      let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
      return "\(year)-\(Self.padded(month, 2))-\(Self.padded(day, 2))"
    }

    /// "20:31:05.123", in UTC.
    static func clockTime(_ date: Date) -> String {
      let milliseconds = Int((date.timeIntervalSince1970 * 1000).rounded(.down))
      let ofDay = ((milliseconds % 86_400_000) + 86_400_000) % 86_400_000
      return Self.padded(ofDay / 3_600_000, 2) + ":" + Self.padded(ofDay / 60_000 % 60, 2) + ":"
        + Self.padded(ofDay / 1000 % 60, 2) + "." + Self.padded(ofDay % 1000, 3)
    }

    static func milliseconds(_ duration: Duration) -> String {
      let (seconds, attoseconds) = duration.components
      return "\(seconds * 1000 + attoseconds / 1_000_000_000_000_000)ms"
    }

    private static func padded(_ value: Int, _ width: Int) -> String {
      let text = String(value)
      return text.count >= width ? text : String(repeating: "0", count: width - text.count) + text
    }
  }
}
