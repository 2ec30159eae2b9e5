import Foundation

/// ISO 8601 dates as GitHub writes them (`2011-01-25T18:44:36Z`), read and written as strings
/// so the models do not depend on a coder's date strategy.
///
/// Dates are whole seconds: fractional seconds (which GitHub never sends) are accepted and
/// dropped, so that what is read is exactly what ``string(from:)`` writes back.
enum ISO8601Date {
  static func date(from string: String) -> Date? {
    guard
      let date = (try? Date(string, strategy: Date.ISO8601FormatStyle()))
        ?? (try? Date(string, strategy: Date.ISO8601FormatStyle(includingFractionalSeconds: true)))
    else { return nil }
    return Date(timeIntervalSince1970: date.timeIntervalSince1970.rounded(.down))
  }

  static func string(from date: Date) -> String {
    date.formatted(Date.ISO8601FormatStyle())
  }

  static func decode<Key: CodingKey>(from container: KeyedDecodingContainer<Key>, forKey key: Key) throws -> Date {
    let text = try container.decode(String.self, forKey: key)
    guard let date = date(from: text) else {
      throw DecodingError.dataCorruptedError(
        forKey: key, in: container,
        debugDescription:
          "Expected an ISO 8601 date such as 2011-01-25T18:44:36Z, found \(String(reflecting: String(text.prefix(40))))"
      )
    }
    return date
  }

  static func decodeIfPresent<Key: CodingKey>(
    from container: KeyedDecodingContainer<Key>, forKey key: Key
  ) throws -> Date? {
    guard container.contains(key), try !container.decodeNil(forKey: key) else { return nil }
    return try decode(from: container, forKey: key)
  }
}
