import CommandLineKit
import Foundation
import GitHubFollowers

/// A user profile as aligned `LABEL  value` lines; fields the user left empty, and fields the
/// server did not send, are left out. Every value is written through
/// ``TerminalText/sanitized(_:)``: it comes from a server.
///
/// ```swift
/// print(ProfileText.render(profile, styleLabels: false), terminator: "")
/// // LOGIN      octocat
/// // NAME       The Octocat
/// // ...
/// ```
enum ProfileText {
  /// The profile's lines, each ending with a newline.
  ///
  /// - Parameters:
  ///   - profile: The profile.
  ///   - styleLabels: Whether labels are bold (only on a colour terminal).
  /// - Returns: The text to write on standard output.
  static func render(_ profile: UserProfile, styleLabels: Bool) -> String {
    let fields: [(String, String?)] = [
      ("LOGIN", profile.login),
      ("NAME", profile.name),
      ("TYPE", profile.type),
      ("SITE ADMIN", profile.siteAdmin == true ? "yes" : nil),
      ("BIO", profile.bio),
      ("COMPANY", profile.company),
      ("LOCATION", profile.location),
      ("EMAIL", profile.email),
      ("BLOG", profile.blog),
      ("TWITTER", profile.twitterUsername.map { "@\($0)" }),
      ("REPOS", profile.publicRepos.map(String.init)),
      ("GISTS", profile.publicGists.map(String.init)),
      ("FOLLOWERS", profile.followers.map(String.init)),
      ("FOLLOWING", profile.following.map(String.init)),
      ("JOINED", profile.createdAt.map(day)),
      ("URL", profile.htmlURL?.absoluteString),
    ]
    let shown = fields.compactMap { label, value in
      value.flatMap { $0.isEmpty ? nil : (label, $0) }
    }
    let width = shown.map(\.0.count).reduce(0, max)
    return shown.map { label, value in
      let padded = label + String(repeating: " ", count: width - label.count)
      return TextStyle.bold.apply(to: padded, when: styleLabels) + "  " + TerminalText.sanitized(oneLine(value))
        + "\n"
    }.joined()
  }

  /// `2011-01-25`, in UTC.
  private static func day(_ date: Date) -> String {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = TimeZone(secondsFromGMT: 0) ?? calendar.timeZone
    let parts = calendar.dateComponents([.year, .month, .day], from: date)
    return String(format: "%04d-%02d-%02d", parts.year ?? 0, parts.month ?? 0, parts.day ?? 0)
  }

  /// A bio can hold line breaks; keep each field on its line.
  private static func oneLine(_ text: String) -> String {
    text.split(whereSeparator: \.isNewline).joined(separator: " ")
  }
}
