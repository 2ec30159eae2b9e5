import Foundation

/// The head of a response, read line by line as libcurl's header callback hands it over.
///
/// Lines are those libcurl reports: the status line (`HTTP/1.1 302 Found`, `HTTP/2 200`), each
/// field (`Location: /x`), and the empty line that ends the head. An interim `1xx` head (such as
/// `100 Continue`) is forgotten at its end; the final head is reported at its empty line, so that
/// the transfer can answer a redirect, or refuse an announced size, before any of the body.
///
/// Field names keep the server's case; a field sent more than once is joined with `, `, and a
/// line folded onto the next (obsolete, but allowed in HTTP/1.1) is joined with a space.
struct ResponseHead: Sendable {
  /// What a line told.
  enum Event: Equatable, Sendable {
    /// Nothing to act on yet.
    case none
    /// The end of the final head: its status and fields.
    case ended(status: Int, headers: [String: String])
  }

  private var status: Int?
  private var headers: [String: String] = [:]
  private var lastName: String?

  /// Reads one line of the head, with or without its line break.
  ///
  /// - Parameter line: The bytes of the line.
  /// - Returns: What the line means for the transfer.
  mutating func read(_ line: some Collection<UInt8>) -> Event {
    let text = String(decoding: line, as: UTF8.self).trimmingCharacters(in: CharacterSet(charactersIn: "\r\n"))
    if text.hasPrefix("HTTP/") {
      let parts = text.split(separator: " ", maxSplits: 2, omittingEmptySubsequences: true)
      status = parts.count > 1 ? Int(parts[1]) : nil
      headers = [:]
      lastName = nil
      return .none
    }
    guard let status else { return .none }
    if text.isEmpty {
      defer {
        self.status = nil
        headers = [:]
        lastName = nil
      }
      return (100...199).contains(status) ? .none : .ended(status: status, headers: headers)
    }
    if text.first == " " || text.first == "\t", let lastName, let value = headers[lastName] {
      headers[lastName] = value + " " + text.trimmingCharacters(in: .whitespaces)
      return .none
    }
    if let colon = text.firstIndex(of: ":") {
      let name = String(text[..<colon]).trimmingCharacters(in: .whitespaces)
      let value = String(text[text.index(after: colon)...]).trimmingCharacters(in: .whitespaces)
      guard !name.isEmpty else { return .none }
      headers[name] = headers[name].map { $0 + ", " + value } ?? value
      lastName = name
    }
    return .none
  }
}
