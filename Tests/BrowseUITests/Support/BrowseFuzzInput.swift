import Foundation
import GitHubFollowers

/// A fuzzer's bytes read as a browser's world: a terminal size, what to do, and random text for
/// every field the renderer shows. Shared by `Fuzz/Sources/FuzzBrowseRenderer` (through a symbolic
/// link) and `BrowseRendererFuzzTests`, which replays the seeds and every finding.
///
/// Layout: byte 0 is the columns (1–160), byte 1 the rows (1–40), byte 2 flags (see the
/// properties), byte 3 the rows moved down (low 4 bits) and the lists opened (high bits, 0–3);
/// the rest is fields separated by 0xFF (a byte UTF-8 never contains, so a field can hold any
/// text, controls and escapes included), read as UTF-8 with replacement: the query, the
/// profile's name, company, location and bio, the texts of the profile, next-page, search and
/// follow errors, a notice, the logins of the path (letters, digits and hyphens kept, one per
/// `/`), the followers' type, then one login per field.
struct BrowseFuzzInput: Sendable {
  var columns = 80
  var rows = 24
  var flags: UInt8 = 0
  var movesDown = 0
  var depth = 0
  var fields: [String] = []

  /// Reads an input; any bytes make one.
  init(_ bytes: some Collection<UInt8>) {
    let bytes = Array(bytes)
    guard bytes.count >= 4 else { return }
    columns = Int(bytes[0] % 160) + 1
    rows = Int(bytes[1] % 40) + 1
    flags = bytes[2]
    movesDown = Int(bytes[3] & 0x0F)
    depth = Int(bytes[3] >> 4) % 4
    fields = bytes.dropFirst(4).split(separator: 0xFF, omittingEmptySubsequences: false).map {
      String(decoding: $0, as: UTF8.self)
    }
  }

  private func field(_ index: Int) -> String { index < fields.count ? fields[index] : "" }

  var query: String { field(0) }
  var name: String { field(1) }
  var company: String { field(2) }
  var location: String { field(3) }
  var bio: String { field(4) }
  var profileError: String? { flags & 0x40 != 0 ? field(5) : nil }
  var pageError: String { field(6) }
  var searchError: String? { flags & 0x80 != 0 ? field(7) : nil }
  var notice: String { field(8) }
  var followError: String { field(9) }
  var type: String { field(11) }
  var logins: [String] { fields.count > 12 ? Array(fields[12...]) : ["octocat-follower"] }

  var showsEvents: Bool { flags & 0x02 != 0 }
  var follows: Bool { flags & 0x04 != 0 }
  var searches: Bool { flags & 0x08 != 0 }
  var commitsSearch: Bool { flags & 0x10 != 0 }
  var hasMorePages: Bool { flags & 0x20 != 0 }

  /// The logins of the path, level by level: possible GitHub logins, as only those open a list.
  func pathLogin(_ level: Int) -> String {
    let parts = field(10).split(separator: "/", omittingEmptySubsequences: false)
    let raw = level < parts.count ? String(parts[level]) : ""
    let kept = raw.unicodeScalars.filter {
      $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "-")
    }
    let login = String(String.UnicodeScalarView(kept).drop { $0 == "-" }.prefix(39))
    return login.isEmpty ? "user\(level)" : login
  }
}
