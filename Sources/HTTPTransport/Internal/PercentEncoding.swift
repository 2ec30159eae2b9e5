/// Percent-encoding for URL path segments and query components (RFC 3986).
///
/// Only the unreserved characters (`A–Z a–z 0–9 - . _ ~`) are left as they are; everything else,
/// `/ ? # % + & =` and every non-ASCII byte included, becomes `%XX`. That is stricter than
/// `URLComponents`, which leaves `+` and `/` alone in a query.
enum PercentEncoding {
  static func encode(_ string: String) -> String {
    var result = ""
    result.reserveCapacity(string.utf8.count)
    for byte in string.utf8 {
      if isUnreserved(byte) {
        result.unicodeScalars.append(Unicode.Scalar(byte))
      } else {
        result += "%"
        result.unicodeScalars.append(hexDigit(byte >> 4))
        result.unicodeScalars.append(hexDigit(byte & 0x0F))
      }
    }
    return result
  }

  private static func isUnreserved(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
      UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."),
      UInt8(ascii: "_"), UInt8(ascii: "~"):
      true
    default:
      false
    }
  }

  private static func hexDigit(_ value: UInt8) -> Unicode.Scalar {
    Unicode.Scalar(value < 10 ? UInt8(ascii: "0") + value : UInt8(ascii: "A") + value - 10)
  }
}
