import CommandLineKit

extension BrowseRenderer {
  /// ` followers of a › b › c` in at most `width` columns: the current user (the last) stays in
  /// view, and the middle of the path gives way first (` followers of a › … › c`), then its start.
  ///
  /// - Parameters:
  ///   - logins: The path, sanitized, the current user last.
  ///   - width: The columns the header's left part has.
  /// - Returns: The text; cut by the caller only when even the current user alone does not fit.
  static func followersPath(_ logins: [String], width: Int) -> String {
    let prefix = " followers of "
    let full = prefix + logins.joined(separator: " › ")
    guard logins.count > 1, DisplayWidth.of(full) > width, let first = logins.first, let last = logins.last
    else { return full }
    var candidates: [String] = []
    for kept in stride(from: logins.count - 2, through: 1, by: -1) {
      candidates.append(prefix + first + " › … › " + logins.suffix(kept).joined(separator: " › "))
    }
    candidates += [prefix + "… › " + last, prefix + last, " " + last]
    return candidates.first { DisplayWidth.of($0) <= width } ?? " " + last
  }

  /// ` search users: query▏` in at most `width` columns: a query too long to show whole loses
  /// its start (`…`), so the caret and the end being typed stay in view.
  ///
  /// - Parameters:
  ///   - query: The query as typed (printable: the view model drops control characters).
  ///   - typing: Whether the search field has focus (the caret is shown).
  ///   - width: The columns the header's left part has.
  /// - Returns: The text, at most `width` columns when the label fits.
  static func searchLine(_ query: String, typing: Bool, width: Int) -> String {
    let label = " search users: "
    let caret = typing ? "▏" : ""
    let room = width - DisplayWidth.of(label) - DisplayWidth.of(caret)
    guard room > 1, DisplayWidth.of(query) > room else { return label + query + caret }
    var tail = ""
    var used = 0
    for character in query.reversed() {
      let columns = DisplayWidth.of(character)
      if used + columns > room - 1 { break }  // a column for the ellipsis
      tail.insert(character, at: tail.startIndex)
      used += columns
    }
    return label + "…" + tail + caret
  }
}
