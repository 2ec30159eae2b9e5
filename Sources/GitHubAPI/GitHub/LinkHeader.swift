import Foundation

/// The pagination links of a GitHub response's `Link` header.
///
/// GitHub pages lists and says where the other pages are in a header such as:
///
/// ```
/// Link: <https://api.github.com/user/583231/followers?page=2>; rel="next",
///       <https://api.github.com/user/583231/followers?page=4>; rel="last"
/// ```
///
/// Parsing never fails and never traps: anything that is not a well-formed link is skipped,
/// so garbage gives a header with no links. Follow these URLs as they are rather than
/// building page URLs yourself (GitHub's advice; the URL shapes differ between endpoints).
///
/// ```swift
/// let link = LinkHeader(parsing: response.value(forHTTPHeaderField: "Link"))
/// if let next = link.next {
///   let page = try await client.followersPage(at: next)
/// }
/// print(link.lastPage ?? 1)   // 4
/// ```
public struct LinkHeader: Sendable, Hashable {
  /// The URL of the next page (`rel="next"`), or `nil` on the last page.
  public var next: URL?
  /// The URL of the previous page (`rel="prev"`), or `nil` on the first page.
  public var prev: URL?
  /// The URL of the first page (`rel="first"`).
  public var first: URL?
  /// The URL of the last page (`rel="last"`); GitHub omits it when the total is unknown.
  public var last: URL?

  /// Creates links from URLs.
  ///
  /// - Parameters:
  ///   - next: The next page.
  ///   - prev: The previous page.
  ///   - first: The first page.
  ///   - last: The last page.
  public init(next: URL? = nil, prev: URL? = nil, first: URL? = nil, last: URL? = nil) {
    self.next = next
    self.prev = prev
    self.first = first
    self.last = last
  }

  /// Parses a `Link` header value; total, so any string (or none) gives a value.
  ///
  /// Understands RFC 8288 as GitHub writes it and a little more: several links separated by
  /// commas (also inside one string over several lines), parameters in any order and case,
  /// quoted or bare `rel` values, several relations in one `rel="next last"`, and commas or
  /// semicolons inside the `<...>` URL. Unknown relations and malformed links are ignored; when
  /// a relation appears twice, the first wins.
  ///
  /// - Parameter header: The header's value, or `nil` when the response had none.
  public init(parsing header: String?) {
    self.init()
    guard let header else { return }
    for (target, relations) in Self.links(in: Array(header.utf8)) {
      let trimmed = target.trimmingCharacters(in: .whitespacesAndNewlines)
      guard !trimmed.isEmpty, let url = URL(string: trimmed) else { continue }
      for relation in relations {
        switch relation {
        case "next" where next == nil: next = url
        case "prev" where prev == nil, "previous" where prev == nil: prev = url
        case "first" where first == nil: first = url
        case "last" where last == nil: last = url
        default: break
        }
      }
    }
  }

  /// The page number in the ``last`` URL's `page` query item, when there is one.
  ///
  /// - Returns: A positive page number, or `nil` without a `last` link or a readable `page`.
  public var lastPage: Int? {
    Self.pageNumber(in: last)
  }

  /// Whether no relation was found.
  public var isEmpty: Bool {
    next == nil && prev == nil && first == nil && last == nil
  }

  /// The links written back as a `Link` header value, in GitHub's order (prev, next, last, first).
  ///
  /// Useful for stubs and fakes: `LinkHeader(next: url).headerValue` is `<url>; rel="next"`.
  public var headerValue: String {
    [("prev", prev), ("next", next), ("last", last), ("first", first)]
      .compactMap { name, url in url.map { "<\($0.absoluteString)>; rel=\"\(name)\"" } }
      .joined(separator: ", ")
  }

  /// The positive integer in a URL's `page` query item.
  package static func pageNumber(in url: URL?) -> Int? {
    guard let url, let components = URLComponents(url: url, resolvingAgainstBaseURL: true) else { return nil }
    guard let value = components.queryItems?.first(where: { $0.name == "page" })?.value,
      let page = Int(value), page > 0
    else { return nil }
    return page
  }

  // MARK: - Parsing

  private static let lessThan = UInt8(ascii: "<")
  private static let greaterThan = UInt8(ascii: ">")
  private static let comma = UInt8(ascii: ",")
  private static let semicolon = UInt8(ascii: ";")
  private static let equals = UInt8(ascii: "=")
  private static let quote = UInt8(ascii: "\"")
  private static let backslash = UInt8(ascii: "\\")

  private static func isSpace(_ byte: UInt8) -> Bool {
    byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\r") || byte == UInt8(ascii: "\n")
  }

  /// Every `<target>; params` link in the header with its lowercased relation names.
  /// One pass, every loop advances `index`, so any input ends in linear time.
  private static func links(in bytes: [UInt8]) -> [(String, [String])] {
    var result: [(String, [String])] = []
    var index = 0
    let count = bytes.count
    while index < count {
      // Find the next "<" that starts a link; anything before it is garbage.
      while index < count, bytes[index] != lessThan { index += 1 }
      guard index < count else { break }
      let targetStart = index + 1
      var targetEnd = targetStart
      while targetEnd < count, bytes[targetEnd] != greaterThan { targetEnd += 1 }
      guard targetEnd < count else { break }
      let target = String(decoding: bytes[targetStart..<targetEnd], as: UTF8.self)
      index = targetEnd + 1
      var relations: [String]?
      // Parameters: ; name [= value] ... up to the "," that ends this link.
      while index < count {
        let byte = bytes[index]
        if byte == comma || byte == lessThan { break }
        if byte != semicolon {
          index += 1
          continue
        }
        index += 1
        while index < count, isSpace(bytes[index]) { index += 1 }
        let nameStart = index
        while index < count, !isSpace(bytes[index]),
          ![equals, semicolon, comma, lessThan].contains(bytes[index])
        {
          index += 1
        }
        let name = String(decoding: bytes[nameStart..<index], as: UTF8.self).lowercased()
        while index < count, isSpace(bytes[index]) { index += 1 }
        var value = ""
        if index < count, bytes[index] == equals {
          index += 1
          while index < count, isSpace(bytes[index]) { index += 1 }
          if index < count, bytes[index] == quote {
            index += 1
            var valueBytes: [UInt8] = []
            while index < count, bytes[index] != quote {
              if bytes[index] == backslash, index + 1 < count { index += 1 }
              valueBytes.append(bytes[index])
              index += 1
            }
            if index < count { index += 1 }  // the closing quote
            value = String(decoding: valueBytes, as: UTF8.self)
          } else {
            let valueStart = index
            while index < count, !isSpace(bytes[index]), bytes[index] != semicolon, bytes[index] != comma {
              index += 1
            }
            value = String(decoding: bytes[valueStart..<index], as: UTF8.self)
          }
        }
        if name == "rel", relations == nil {
          relations = value.lowercased().split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
        }
      }
      if index < count, bytes[index] == comma { index += 1 }
      result.append((target, relations ?? []))
    }
    return result
  }
}
