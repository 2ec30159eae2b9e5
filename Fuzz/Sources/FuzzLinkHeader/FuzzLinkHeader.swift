import Foundation
import GitHubFollowers

/// libFuzzer's entry point: checks one input and traps (via `fatalError`) when a property fails.
///
/// Properties of `LinkHeader(parsing:)` on any input:
/// - it never traps and ends (libFuzzer's -timeout catches a hang);
/// - every URL it returns was written between a "<" and the next ">" of the input;
/// - `lastPage` is nil without a `last` link, and at least 1 with one;
/// - `isEmpty` is true exactly when no relation was found;
/// - writing the links back (`headerValue`) and parsing that gives the same links.
///
/// - Parameters:
///   - data: The input's bytes.
///   - size: The number of bytes.
/// - Returns: 0, as libFuzzer requires.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
  let link = LinkHeader(parsing: text)

  let links = [("next", link.next), ("prev", link.prev), ("first", link.first), ("last", link.last)]
  let targets = bracketedTargets(in: text)
  for case (let relation, let url?) in links {
    require(targets.contains(url), "rel=\(relation) URL \(url.absoluteString) is not written in the input")
  }
  if let page = link.lastPage {
    require(link.last != nil, "lastPage \(page) without a last link")
    require(page >= 1, "lastPage \(page) is not positive")
  }
  require(link.isEmpty == links.allSatisfy { $0.1 == nil }, "isEmpty is \(link.isEmpty) for \(link)")

  let reparsed = LinkHeader(parsing: link.headerValue)
  require(reparsed == link, "headerValue \(link.headerValue) parses to \(reparsed), not \(link)")
  return 0
}

/// The URLs written as `<...>` in the input, read independently of the parser: for each "<",
/// the text up to the next ">", trimmed.
private func bracketedTargets(in text: String) -> Set<URL> {
  let bytes = Array(text.utf8)
  var urls = Set<URL>()
  for start in bytes.indices where bytes[start] == UInt8(ascii: "<") {
    guard let end = bytes[(start + 1)...].firstIndex(of: UInt8(ascii: ">")) else { break }
    let target = String(decoding: bytes[(start + 1)..<end], as: UTF8.self)
      .trimmingCharacters(in: .whitespacesAndNewlines)
    if let url = URL(string: target) { urls.insert(url) }
  }
  return urls
}

private func require(_ condition: Bool, _ message: @autoclosure () -> String) {
  if !condition { fatalError("FuzzLinkHeader property violated: \(message())") }
}
