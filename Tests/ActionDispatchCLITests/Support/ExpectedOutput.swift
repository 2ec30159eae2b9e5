/// Expected outputs that are too long to write out, built the way the README describes them
/// rather than by calling the code under test.
enum ExpectedOutput {
  /// The table for the fake server's followers of `login` numbered `numbers`.
  ///
  /// The fake server names followers `<login>-follower-<n>`, type `User`, page
  /// `https://github.com/<name>`. LOGIN is `loginWidth` wide (the longest login of the first
  /// page); a longer login is not padded, and TYPE is 12 wide.
  static func followerTable(of login: String, _ numbers: ClosedRange<Int>, loginWidth: Int) -> String {
    var text = padded("LOGIN", loginWidth) + "  " + padded("TYPE", 12) + "  URL\n"
    for number in numbers {
      let name = "\(login)-follower-\(number)"
      text += padded(name, loginWidth) + "  " + padded("User", 12) + "  https://github.com/\(name)\n"
    }
    return text
  }

  private static func padded(_ text: String, _ width: Int) -> String {
    text + String(repeating: " ", count: max(0, width - text.count))
  }
}
