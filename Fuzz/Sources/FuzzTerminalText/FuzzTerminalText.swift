/// libFuzzer's entry point: checks one input and traps (via `fatalError`) when a property fails.
///
/// Properties of `TerminalText.sanitized(_:)` on any bytes, read as UTF-8 (invalid sequences
/// become U+FFFD, as `String(decoding:as:)` makes them for every server answer):
/// - the output contains no byte below 0x20 and no 0x7F, and no character that
///   `needsEscaping` names (C1 controls, bidi controls, line and paragraph separators);
/// - an input with no such character comes back unchanged, byte for byte;
/// - sanitizing the output again changes nothing;
/// - nothing is dropped: the input's characters that need no escaping appear in the output,
///   in order.
///
/// - Parameters:
///   - data: The input's bytes.
///   - size: The number of bytes.
/// - Returns: 0, as libFuzzer requires.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let input = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
  let output = TerminalText.sanitized(input)

  for byte in output.utf8 {
    require(byte >= 0x20 && byte != 0x7F, "a control byte 0x\(String(byte, radix: 16)) in \(output.debugDescription)")
  }
  for scalar in output.unicodeScalars {
    require(
      !TerminalText.needsEscaping(scalar), "U+\(String(scalar.value, radix: 16)) left raw in \(output.debugDescription)"
    )
  }
  if !input.unicodeScalars.contains(where: TerminalText.needsEscaping) {
    require(Array(output.utf8) == Array(input.utf8), "printable input changed: \(input.debugDescription)")
  }
  require(
    Array(TerminalText.sanitized(output).utf8) == Array(output.utf8), "not idempotent on \(input.debugDescription)")

  var remaining = output.unicodeScalars[...]
  for scalar in input.unicodeScalars where !TerminalText.needsEscaping(scalar) {
    guard let index = remaining.firstIndex(of: scalar) else {
      require(false, "U+\(String(scalar.value, radix: 16)) of \(input.debugDescription) was dropped")
      return 0
    }
    remaining = remaining[remaining.index(after: index)...]
  }

  return 0
}

private func require(_ condition: Bool, _ message: @autoclosure () -> String) {
  if !condition { fatalError("FuzzTerminalText property violated: \(message())") }
}
