import GitHubFollowers

/// libFuzzer's entry point: checks one input and traps (via `fatalError`) when a property fails.
///
/// Properties of `GitHubUsername` on any input:
/// - `isValid` agrees with a reference predicate written from the documentation alone:
///   1 to 39 bytes, each an ASCII letter, digit or hyphen, the first not a hyphen;
/// - `validate(x)` returns x unchanged (byte for byte) when it is valid, and otherwise
///   throws `.invalidUsername(x, reason:)` naming x with a non-empty reason;
/// - `GitHubUsername(x)` agrees with `validate(x)`.
///
/// - Parameters:
///   - data: The input's bytes.
///   - size: The number of bytes.
/// - Returns: 0, as libFuzzer requires.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let name = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
  let expected = referenceIsValid(name)
  require(GitHubUsername.isValid(name) == expected, "isValid(\(name.debugDescription)) is not \(expected)")

  do throws(GitHubError) {
    let validated = try GitHubUsername.validate(name)
    require(expected, "validate accepted \(name.debugDescription)")
    require(Array(validated.utf8) == Array(name.utf8), "validate changed \(name.debugDescription)")
    let wrapped = try GitHubUsername(name)
    require(Array(wrapped.rawValue.utf8) == Array(name.utf8), "GitHubUsername changed \(name.debugDescription)")
  } catch .invalidUsername(let rejected, let reason) {
    require(!expected, "validate rejected \(name.debugDescription): \(reason)")
    require(Array(rejected.utf8) == Array(name.utf8), "the error names \(rejected.debugDescription)")
    require(!reason.isEmpty, "no reason given for rejecting \(name.debugDescription)")
    require(!GitHubError.invalidUsername(rejected, reason: reason).description.isEmpty, "empty description")
  } catch {
    require(false, "validate threw \(error) for \(name.debugDescription)")
  }
  return 0
}

/// The documented rule, byte by byte.
private func referenceIsValid(_ name: String) -> Bool {
  let bytes = Array(name.utf8)
  guard (1...39).contains(bytes.count), bytes[0] != UInt8(ascii: "-") else { return false }
  return bytes.allSatisfy { byte in
    switch byte {
    case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
      UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"):
      true
    default:
      false
    }
  }
}

private func require(_ condition: Bool, _ message: @autoclosure () -> String) {
  if !condition { fatalError("FuzzUsername property violated: \(message())") }
}
