import Foundation

/// The head of a response, read line by line as it arrives, to find a redirect before its body.
///
/// FoundationNetworking on Linux never hands a 301, 302, 303 or 305–308 to the delegate while
/// it arrives: it reads the whole body first (and inflates it, if compressed), appending each
/// piece to a copy of what it already holds, and only then asks the delegate whether to follow.
/// A redirect whose body is a gzip bomb, or just long, therefore burns a core until the request's
/// deadline. Read here as libcurl reads it, such a head is recognised at its last line, when
/// ``InFlightRequest`` answers with it and stops the transfer before any of the body is kept.
///
/// Lines are those libcurl reports (`HTTP/1.1 302 Found`, `Location: /x`, the empty line that
/// ends the head); an interim `1xx` head is forgotten at the next status line.
struct ResponseHead: Sendable {
  /// What a line told.
  enum Event: Equatable, Sendable {
    /// Nothing to act on.
    case none
    /// The status line of a redirect that FoundationNetworking withholds: its body need not be
    /// decompressed, since it is never read.
    case redirectStarted
    /// The end of such a redirect's head: answer with it now.
    case redirectEnded(status: Int, headers: [String: String])
  }

  /// The statuses FoundationNetworking withholds until their body has been read.
  static let withheldStatuses: Set<Int> = [301, 302, 303, 305, 306, 307, 308]

  private var status: Int?
  private var headers: [String: String] = [:]

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
      return isWithheld ? .redirectStarted : .none
    }
    guard isWithheld, let status else { return .none }
    if text.isEmpty {
      self.status = nil
      return .redirectEnded(status: status, headers: headers)
    }
    if let colon = text.firstIndex(of: ":") {
      let name = String(text[..<colon]).trimmingCharacters(in: .whitespaces)
      let value = String(text[text.index(after: colon)...]).trimmingCharacters(in: .whitespaces)
      guard !name.isEmpty else { return .none }
      headers[name] = headers[name].map { $0 + ", " + value } ?? value
    }
    return .none
  }

  private var isWithheld: Bool {
    status.map(Self.withheldStatuses.contains) ?? false
  }
}
