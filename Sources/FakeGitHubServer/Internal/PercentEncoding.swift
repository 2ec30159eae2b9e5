/// Percent-encoding and -decoding in plain Swift, without Foundation.
///
/// The server runs a thread per connection, and hundreds of them can be answering at once.
/// Foundation's `addingPercentEncoding` and `removingPercentEncoding` bridge through CFString
/// and a lazily initialised global that every caller queues on, so under load (and under
/// ThreadSanitizer) they serialize every connection behind one lock.
enum PercentEncoding {
  /// Percent-encodes a URL path segment: what `CharacterSet.urlPathAllowed` allows, minus `/`.
  static func encodePathSegment(_ segment: String) -> String {
    var bytes: [UInt8] = []
    bytes.reserveCapacity(segment.utf8.count)
    for byte in segment.utf8 {
      if isAllowedInPathSegment(byte) {
        bytes.append(byte)
      } else {
        bytes += [UInt8(ascii: "%"), hexDigits[Int(byte >> 4)], hexDigits[Int(byte & 0x0F)]]
      }
    }
    return String(decoding: bytes, as: UTF8.self)
  }

  /// Decodes every `%XX`; `nil` when a `%` is not followed by two hex digits or the bytes are
  /// not UTF-8, as `removingPercentEncoding` does.
  ///
  /// - Parameter plusIsSpace: Whether `+` means a space, as in a form-encoded query.
  static func decode(_ text: Substring, plusIsSpace: Bool = false) -> String? {
    var bytes: [UInt8] = []
    bytes.reserveCapacity(text.utf8.count)
    var iterator = text.utf8.makeIterator()
    while let byte = iterator.next() {
      switch byte {
      case UInt8(ascii: "%"):
        guard let high = iterator.next().flatMap(hexValue), let low = iterator.next().flatMap(hexValue) else {
          return nil
        }
        bytes.append(high << 4 | low)
      case UInt8(ascii: "+") where plusIsSpace:
        bytes.append(UInt8(ascii: " "))
      default:
        bytes.append(byte)
      }
    }
    // Not `String(validating:as:)`, which needs macOS 15: a lossy decode that round-trips.
    let text = String(decoding: bytes, as: UTF8.self)
    return text.utf8.elementsEqual(bytes) ? text : nil
  }

  private static func isAllowedInPathSegment(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
      UInt8(ascii: "0")...UInt8(ascii: "9"):
      true
    default:
      // Unreserved marks, sub-delimiters, ":" and "@" (RFC 3986, pchar).
      "-._~!$&'()*+,;=:@".utf8.contains(byte)
    }
  }

  /// The digits of `%XX`, by value.
  private static let hexDigits = Array("0123456789ABCDEF".utf8)

  private static func hexValue(_ byte: UInt8) -> UInt8? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
    case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
    case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
    default: nil
    }
  }
}
