import CommandLineKit
import GitHubFollowers

/// Lays out accounts as an aligned `LOGIN  TYPE  URL` table, one batch at a time, so rows can
/// be printed as pages arrive.
///
/// The header comes with the first batch. Column widths cannot wait for the last page, so:
///
/// - LOGIN is as wide as the longest login of the first batch (at least `LOGIN`). GitHub logins
///   have at most 39 characters; a later login longer than every login of the first batch
///   widens its own row only. Nothing is ever truncated.
/// - Every cell comes from a server, so it is written through ``TerminalText/sanitized(_:)``,
///   and widths are counted in terminal columns of what is printed (escapes included).
/// - TYPE is 12 wide, room for every account type GitHub sends (`User`, `Bot`, `Mannequin`,
///   `Organization`).
/// - URL (the account's page) comes last and is not padded, so lines have no trailing spaces.
///
/// ```swift
/// var table = FollowerTable(styleHeader: false)
/// print(table.render(page1.followers), terminator: "")   // header + rows
/// print(table.render(page2.followers), terminator: "")   // rows, same widths
/// ```
struct FollowerTable: Sendable {
  /// The width of the TYPE column: `Organization`, the longest account type.
  static let typeWidth = "Organization".count
  /// The spaces between columns.
  static let gap = "  "

  private let styleHeader: Bool
  private var loginWidth: Int?

  /// Creates a table that has printed nothing yet.
  ///
  /// - Parameter styleHeader: Whether the header row is bold (only on a colour terminal).
  init(styleHeader: Bool) {
    self.styleHeader = styleHeader
  }

  /// The lines for the next batch of accounts, each ending with a newline; with the header
  /// before them the first time.
  ///
  /// - Parameter accounts: The accounts, in order.
  /// - Returns: The text to write; empty for an empty batch.
  mutating func render(_ accounts: some Collection<Follower>) -> String {
    guard !accounts.isEmpty else { return "" }
    var text = ""
    let width: Int
    if let loginWidth {
      width = loginWidth
    } else {
      width = accounts.map { DisplayWidth.of(TerminalText.sanitized($0.login)) }.reduce("LOGIN".count, max)
      loginWidth = width
      let header = line(login: "LOGIN", type: "TYPE", url: "URL", loginWidth: width)
      text += (styleHeader ? TextStyle.bold.apply(to: header, when: true) : header) + "\n"
    }
    for account in accounts {
      let cells = [account.login, account.type ?? "", account.htmlURL?.absoluteString ?? ""].map(TerminalText.sanitized)
      text += line(login: cells[0], type: cells[1], url: cells[2], loginWidth: width) + "\n"
    }
    return text
  }

  /// One row; a server may leave out the type and URL, and the row then ends with the last
  /// cell it has, without trailing spaces.
  private func line(login: String, type: String, url: String, loginWidth: Int) -> String {
    guard !url.isEmpty else {
      return type.isEmpty ? login : Self.padded(login, to: loginWidth) + Self.gap + type
    }
    return Self.padded(login, to: loginWidth) + Self.gap + Self.padded(type, to: Self.typeWidth) + Self.gap + url
  }

  private static func padded(_ text: String, to width: Int) -> String {
    let columns = DisplayWidth.of(text)
    return columns >= width ? text : text + String(repeating: " ", count: width - columns)
  }
}
