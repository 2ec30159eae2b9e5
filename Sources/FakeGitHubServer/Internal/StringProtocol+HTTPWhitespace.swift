extension StringProtocol {
  /// The text without leading and trailing spaces and tabs (HTTP's optional whitespace).
  ///
  /// Plain Swift rather than Foundation's `trimmingCharacters(in:)`, which bridges through
  /// CFString: every request's headers pass through here, on hundreds of threads at once (see
  /// ``PercentEncoding``).
  func trimmingHTTPWhitespace() -> String {
    let isWhitespace: (Character) -> Bool = { $0 == " " || $0 == "\t" }
    guard let first = firstIndex(where: { !isWhitespace($0) }), let last = lastIndex(where: { !isWhitespace($0) })
    else { return "" }
    return String(self[first...last])
  }
}
