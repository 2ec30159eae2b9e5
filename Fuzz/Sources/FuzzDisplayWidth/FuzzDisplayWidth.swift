/// libFuzzer's entry point: checks one input and traps (via `fatalError`) when a property fails.
///
/// The first byte is a width (1 to 256 columns), the rest text read as UTF-8. The text goes
/// through what `browse`'s renderer does to every cell (BrowseUI's `Line.fit`): sanitized
/// (`TerminalText.sanitized`), settled (`DisplayWidth.settled`), cut (`DisplayWidth.truncated`)
/// and padded. Properties:
/// - the cell is exactly the width given, as `DisplayWidth` measures it: never more;
/// - it is the same width when measured code point by code point (`wcwidth` summed, as tmux and
///   xterm draw), so a line of such cells keeps its columns in either kind of terminal;
/// - settling is idempotent.
///
/// - Parameters:
///   - data: The input's bytes.
///   - size: The number of bytes.
/// - Returns: 0, as libFuzzer requires.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  guard size > 0 else { return 0 }
  let bytes = UnsafeBufferPointer(start: data, count: size)
  let width = Int(bytes[0]) + 1
  let input = String(decoding: UnsafeBufferPointer(rebasing: bytes.dropFirst()), as: UTF8.self)
  let settled = DisplayWidth.settled(TerminalText.sanitized(input))
  require(DisplayWidth.settled(settled) == settled, "settling twice changed \(input.debugDescription)")

  let cut = DisplayWidth.truncated(settled, toColumns: width)
  let used = DisplayWidth.of(cut)
  let cell = used < width ? cut + String(repeating: " ", count: width - used) : cut
  require(
    DisplayWidth.of(cell) == width, "\(DisplayWidth.of(cell)) columns, not \(width), for \(input.debugDescription)")
  require(
    DisplayWidth.ofCodePoints(cell) == width,
    "\(DisplayWidth.ofCodePoints(cell)) columns code point by code point, not \(width), for \(input.debugDescription)")
  return 0
}

func require(_ condition: Bool, _ message: @autoclosure () -> String) {
  if !condition { fatalError("FuzzDisplayWidth property violated: \(message())") }
}
