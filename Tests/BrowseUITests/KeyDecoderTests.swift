import BrowseUI
import Testing

/// The key decoder: every sequence it knows, whole and split at every byte, and what it drops.
@Suite struct KeyDecoderTests {
  struct Case: Sendable, CustomTestStringConvertible {
    let bytes: [UInt8]
    let keys: [Key]
    var testDescription: String { "\(bytes) → \(keys)" }

    init(_ text: String, _ keys: [Key]) {
      self.bytes = Array(text.utf8)
      self.keys = keys
    }

    init(bytes: [UInt8], _ keys: [Key]) {
      self.bytes = bytes
      self.keys = keys
    }
  }

  static let cases: [Case] = [
    Case("j", [.character("j")]),
    Case("G/q", [.character("G"), .character("/"), .character("q")]),
    Case("\u{1B}[A", [.up]), Case("\u{1B}[B", [.down]), Case("\u{1B}[C", [.right]), Case("\u{1B}[D", [.left]),
    Case("\u{1B}OA", [.up]), Case("\u{1B}OB", [.down]), Case("\u{1B}OH", [.home]), Case("\u{1B}OF", [.end]),
    Case("\u{1B}[H", [.home]), Case("\u{1B}[F", [.end]), Case("\u{1B}[1~", [.home]), Case("\u{1B}[4~", [.end]),
    Case("\u{1B}[7~", [.home]), Case("\u{1B}[8~", [.end]), Case("\u{1B}[5~", [.pageUp]),
    Case("\u{1B}[6~", [.pageDown]), Case("\u{1B}[3~", [.delete]), Case("\u{1B}[1;5B", [.down]),
    Case("\r", [.enter]), Case("\n", [.enter]), Case(bytes: [0x7F], [.backspace]), Case(bytes: [0x08], [.backspace]),
    Case("\t", [.tab]), Case(bytes: [0x03], [.control("c")]), Case(bytes: [0x04], [.control("d")]),
    Case(bytes: [0x15], [.control("u")]), Case(bytes: [0x1A], [.control("z")]),
    Case("é日😀", [.character("é"), .character("日"), .character("😀")]),
    Case("\u{1B}[200~paste \u{1B}[A\r日\u{1B}[201~j", [.paste("paste \u{1B}[A\r日"), .character("j")]),
    Case("j\u{1B}[Bk", [.character("j"), .down, .character("k")]),
    Case(bytes: [0x1B], [.escape]),
    Case("\u{1B}x", [.escape, .character("x")]),
    Case("\u{1B}\u{1B}[A", [.escape, .up]),
  ]

  /// Sequences the decoder does not know are dropped whole; what follows them still decodes.
  static let ignored: [Case] = [
    Case("\u{1B}[2~j", [.character("j")]), Case("\u{1B}[99;99zj", [.character("j")]),
    Case("\u{1B}[Zj", [.character("j")]),
    Case("\u{1B}Oxj", [.character("j")]), Case(bytes: [0xFF, 0x61], [.character("a")]),
    Case(bytes: [0xC3, 0x61], [.character("a")]), Case(bytes: [0xE6, 0x97, 0x61], [.character("a")]),
    Case(bytes: [0x80, 0xBF, 0x6B], [.character("k")]),
    // Well formed in shape but not UTF-8: an overlong form, a surrogate, a scalar past U+10FFFF.
    Case(bytes: [0xE0, 0x80, 0x80, 0x61], [.character("a")]),
    Case(bytes: [0xED, 0xA0, 0x80, 0x62], [.character("b")]),
    Case(bytes: [0xF4, 0x90, 0x80, 0x80, 0x63], [.character("c")]),
  ]

  /// Decodes `chunks` one after another, then flushes as a pause in the input would.
  private func decode(_ chunks: [ArraySlice<UInt8>]) -> [Key] {
    var decoder = KeyDecoder()
    var keys: [Key] = []
    for chunk in chunks { keys += decoder.decode(chunk) }
    return keys + decoder.flush()
  }

  @Test(arguments: cases + ignored)
  func decodesTheSameWholeAndSplitAtEveryByte(_ example: Case) {
    let bytes = example.bytes[...]
    #expect(decode([bytes]) == example.keys)
    #expect(decode(bytes.indices.map { bytes[$0...$0] }) == example.keys, "one byte at a time")
    for split in bytes.indices.dropFirst() {
      #expect(decode([bytes[..<split], bytes[split...]]) == example.keys, "split before byte \(split)")
    }
  }

  /// What a decoder may hold when Ctrl-C comes: a paste, a sequence cut short, half a character.
  static let held: [Case] = [
    Case("\u{1B}[200~", []), Case("\u{1B}[200~half a paste", []), Case("\u{1B}[200~text\u{1B}[20", []),
    Case("\u{1B}[", []), Case("\u{1B}[1;", []), Case("\u{1B}O", []), Case("\u{1B}", [.escape]),
    Case(bytes: [0xE6, 0x97], []), Case("\u{1B}[200~paste\u{1B}[201~\u{1B}[200~", [.paste("paste")]),
  ]

  @Test(arguments: held)
  func ctrlCIsDecodedAtOnceWhateverIsHeld(_ example: Case) {
    var decoder = KeyDecoder()
    #expect(
      decoder.decode(example.bytes + [0x03, UInt8(ascii: "q")]) == example.keys + [.control("c"), .character("q")])
    #expect(!decoder.hasPending)
  }

  @Test func aPasteWithoutItsEndIsEndedByAFlushAndTheKeysAfterItDecode() {
    var decoder = KeyDecoder()
    #expect(decoder.decode(Array("\u{1B}[200~octo\u{1B}[20".utf8)).isEmpty)
    #expect(decoder.isInPaste)
    #expect(decoder.decode(Array("1".utf8)).isEmpty, "part of the paste until it ends")
    #expect(decoder.flush() == [.paste("octo")])
    #expect(!decoder.isInPaste)
    #expect(decoder.decode(Array("q".utf8)) == [.character("q")])
  }

  @Test func aLoneEscapeWaitsForTheRestOfItsSequence() {
    var decoder = KeyDecoder()
    #expect(decoder.decode([0x1B]).isEmpty)
    #expect(decoder.hasPending)
    #expect(decoder.decode(Array("[B".utf8)) == [.down])
    #expect(!decoder.hasPending)
  }

  @Test func aRunawaySequenceIsDroppedAndDecodingGoesOn() {
    var decoder = KeyDecoder()
    let runaway = [0x1B, UInt8(ascii: "[")] + Array(repeating: UInt8(ascii: "1"), count: 100)
    #expect(decoder.decode(runaway).isEmpty)
    #expect(decoder.decode(Array("j".utf8)) == [.character("j")])
  }
}
