/// Turns the bytes a terminal sends in raw mode into ``Key``s, whatever way they are split
/// across reads.
///
/// It knows the cursor and editing keys in their CSI (`ESC [ A`, `ESC [ 5 ~`, with modifiers)
/// and SS3 (`ESC O A`) forms, control keys, UTF-8 text and bracketed paste
/// (`ESC [ 200 ~` … `ESC [ 201 ~`). A sequence it does not know is dropped whole, and invalid
/// UTF-8 is dropped byte by byte. An incomplete sequence waits for the next read; since `Esc`
/// alone is also how every sequence starts, a lone `ESC` is held until ``flush()``, which the
/// caller invokes after a short pause with no more input (``isInPaste``: a longer one during a
/// paste, which ``flush()`` then ends with what arrived, so a paste whose end never comes does
/// not swallow the keys after it).
///
/// Ctrl-C (byte 3) is always `.control("c")`, whatever the decoder holds: in a paste or in the
/// middle of a sequence, what was held is dropped and Ctrl-C is decoded, so it always quits.
///
/// ```swift
/// var decoder = KeyDecoder()
/// decoder.decode([0x1B])              // []: Esc, or the start of a sequence?
/// decoder.decode(Array("[A".utf8))    // [.up]
/// decoder.decode([0x1B])              // []
/// decoder.flush()                     // [.escape]
/// ```
package struct KeyDecoder: Sendable {
  private static let escape: UInt8 = 0x1B
  private static let pasteEnd: [UInt8] = Array("\u{1B}[201~".utf8)
  /// The longest CSI sequence kept while waiting for its final byte; longer ones are dropped.
  private static let maxSequence = 32

  private var pending: [UInt8] = []
  private var paste: [UInt8]?

  /// Creates a decoder with nothing pending.
  package init() {}

  /// Whether bytes are held, waiting for more (or for ``flush()``).
  package var hasPending: Bool { !pending.isEmpty || paste != nil }

  /// Whether a bracketed paste has begun and not ended: ``flush()`` then ends it.
  package var isInPaste: Bool { paste != nil }

  private static let interrupt: UInt8 = 0x03

  /// Decodes newly read bytes.
  ///
  /// - Parameter bytes: The bytes, as read.
  /// - Returns: The keys they complete, in order.
  package mutating func decode(_ bytes: some Sequence<UInt8>) -> [Key] {
    pending.append(contentsOf: bytes)
    return drain()
  }

  /// Ends a pause in the input: a lone `ESC` is the `Esc` key; any other incomplete sequence is
  /// dropped; a paste still open ends with what arrived (a partial end marker is dropped).
  ///
  /// - Returns: `[.escape]` when a lone `ESC` was held, the paste when one was open, else nothing.
  package mutating func flush() -> [Key] {
    defer { pending = [] }
    if let paste {
      self.paste = nil
      return [.paste(String(decoding: paste, as: UTF8.self))]
    }
    return pending.first == Self.escape ? [.escape] : []
  }

  private mutating func drain() -> [Key] {
    var keys: [Key] = []
    var index = 0
    while index < pending.count {
      if pending[index] == Self.interrupt {
        // Ctrl-C, whatever came before it: a paste or a sequence cut short is dropped.
        paste = nil
        keys.append(.control("c"))
        index += 1
        continue
      }
      if paste != nil {
        let interrupt = pending[index...].firstIndex(of: Self.interrupt) ?? pending.count
        guard let end = Self.find(Self.pasteEnd, in: pending, from: index), end < interrupt else {
          // Up to a Ctrl-C (decoded next), or keep a tail that could start the end marker.
          let keep =
            interrupt < pending.count ? 0 : Self.partialSuffix(of: pending[index...], matching: Self.pasteEnd)
          paste?.append(contentsOf: pending[index..<(interrupt - keep)])
          index = interrupt - keep
          if interrupt < pending.count { continue }
          break
        }
        paste?.append(contentsOf: pending[index..<end])
        keys.append(.paste(String(decoding: paste ?? [], as: UTF8.self)))
        paste = nil
        index = end + Self.pasteEnd.count
        continue
      }
      guard let (key, length) = decodeOne(at: index) else { break }  // incomplete: wait
      if let key { keys.append(key) }
      index += length
    }
    pending.removeFirst(index)
    return keys
  }

  /// The key at `index` and the bytes it took (`nil` key: bytes dropped); `nil` when incomplete.
  private mutating func decodeOne(at index: Int) -> (Key?, Int)? {
    let byte = pending[index]
    switch byte {
    case Self.escape:
      return decodeEscape(at: index)
    case 0x0D, 0x0A: return (.enter, 1)
    case 0x7F, 0x08: return (.backspace, 1)
    case 0x09: return (.tab, 1)
    case 0x00..<0x20: return (.control(Character(Unicode.Scalar(byte + 0x60))), 1)
    case 0x20..<0x7F: return (.character(Character(Unicode.Scalar(byte))), 1)
    default: return decodeUTF8(at: index)
    }
  }

  private mutating func decodeEscape(at index: Int) -> (Key?, Int)? {
    guard index + 1 < pending.count else { return nil }
    switch pending[index + 1] {
    case UInt8(ascii: "["):
      var end = index + 2
      while end < pending.count, (0x20...0x3F).contains(pending[end]) { end += 1 }
      guard end < pending.count else {
        return end - index > Self.maxSequence ? (nil, end - index) : nil
      }
      let final = pending[end]
      let length = end - index + 1
      guard (0x40...0x7E).contains(final) else { return (nil, length - 1) }  // malformed: drop up to the odd byte
      let parameters = String(decoding: pending[(index + 2)..<end], as: UTF8.self)
      if final == UInt8(ascii: "~"), parameters == "200" {
        paste = []
        return (nil, length)
      }
      return (Self.csiKey(parameters: parameters, final: final), length)
    case UInt8(ascii: "O"):
      guard index + 2 < pending.count else { return nil }
      // Not a final byte (Ctrl-C typed after ESC O, say): drop ESC O and decode that byte next.
      guard (0x40...0x7E).contains(pending[index + 2]) else { return (nil, 2) }
      let key: Key? =
        switch pending[index + 2] {
        case UInt8(ascii: "A"): .up
        case UInt8(ascii: "B"): .down
        case UInt8(ascii: "C"): .right
        case UInt8(ascii: "D"): .left
        case UInt8(ascii: "H"): .home
        case UInt8(ascii: "F"): .end
        default: nil
        }
      return (key, 3)
    default:
      // Esc followed by anything else (Alt+key, or Esc typed before a key): Esc, then that key.
      return (.escape, 1)
    }
  }

  private static func csiKey(parameters: String, final: UInt8) -> Key? {
    let first = parameters.split(separator: ";").first.flatMap { Int($0) }
    switch final {
    case UInt8(ascii: "A"): return .up
    case UInt8(ascii: "B"): return .down
    case UInt8(ascii: "C"): return .right
    case UInt8(ascii: "D"): return .left
    case UInt8(ascii: "H"): return .home
    case UInt8(ascii: "F"): return .end
    case UInt8(ascii: "~"):
      switch first {
      case 1, 7: return .home
      case 4, 8: return .end
      case 3: return .delete
      case 5: return .pageUp
      case 6: return .pageDown
      default: return nil
      }
    default: return nil
    }
  }

  private func decodeUTF8(at index: Int) -> (Key?, Int)? {
    let lead = pending[index]
    let length: Int
    switch lead {
    case 0xC2...0xDF: length = 2
    case 0xE0...0xEF: length = 3
    case 0xF0...0xF4: length = 4
    default: return (nil, 1)
    }
    var end = index + 1
    while end < min(index + length, pending.count) {
      guard (0x80...0xBF).contains(pending[end]) else { return (nil, 1) }
      end += 1
    }
    guard end == index + length else { return nil }
    // UTF8's decoder refuses overlong forms and surrogates, as String(validating:) (macOS 15) would.
    var bytes = pending[index..<end].makeIterator()
    var decoder = UTF8()
    guard case .scalarValue(let scalar) = decoder.decode(&bytes) else { return (nil, 1) }
    return (.character(Character(scalar)), length)
  }

  private static func find(_ needle: [UInt8], in haystack: [UInt8], from start: Int) -> Int? {
    guard haystack.count - start >= needle.count else { return nil }
    var index = start
    while index + needle.count <= haystack.count {
      if haystack[index] == needle[0], haystack[index..<(index + needle.count)].elementsEqual(needle) { return index }
      index += 1
    }
    return nil
  }

  /// How many bytes at the end of `bytes` are a proper prefix of `marker`.
  private static func partialSuffix(of bytes: ArraySlice<UInt8>, matching marker: [UInt8]) -> Int {
    for length in stride(from: min(marker.count - 1, bytes.count), through: 1, by: -1)
    where bytes.suffix(length).elementsEqual(marker.prefix(length)) {
      return length
    }
    return 0
  }
}
