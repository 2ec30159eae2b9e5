import Foundation

/// Answers a hostile or broken server gives: not HTTP, too slow, too large, malformed.
///
/// Each is a ``FakeResponse/Behavior/raw(_:)`` script that writes exactly the bytes described,
/// so a client meets them as it would on the network. A script ends (and the server closes the
/// connection) as soon as the client goes away.
///
/// ```swift
/// server.respond(to: "/users/octocat/followers", with: .trickle(interval: .seconds(1)), times: nil)
/// ```
extension FakeResponse {
  /// Writes `bytes` instead of a response, then closes: a malformed or binary status line, an
  /// HTTP/0.9 answer (a body without status line or headers), a bad chunk size...
  ///
  /// - Parameter bytes: Everything the server sends.
  /// - Returns: The response.
  package static func rawBytes(_ bytes: [UInt8]) -> FakeResponse {
    FakeResponse(status: 200, behavior: .raw { $0.send(bytes) })
  }

  /// The same as ``rawBytes(_:)`` with text sent as UTF-8.
  ///
  /// - Parameter text: Everything the server sends; write `\r\n` where HTTP wants it.
  /// - Returns: The response.
  package static func rawText(_ text: String) -> FakeResponse {
    rawBytes(Array(text.utf8))
  }

  /// A 200 whose head arrives at once and whose body then trickles, one space every
  /// `interval`, for as long as the client stays: an idle timeout never fires.
  ///
  /// - Parameters:
  ///   - interval: The pause between two bytes.
  ///   - announcedLength: The `Content-Length` sent; 1,000,000 by default.
  /// - Returns: The response.
  package static func trickle(interval: Duration, announcedLength: Int = 1_000_000) -> FakeResponse {
    FakeResponse(
      status: 200,
      behavior: .raw { connection in
        guard connection.send(head(status: 200, ["Content-Length: \(announcedLength)"])) else { return }
        for _ in 0..<announcedLength {
          guard connection.pause(for: interval), connection.send(" ") else { return }
        }
      })
  }

  /// A 200 with a body of `size` bytes (a JSON array of spaces), sent as fast as the client reads.
  ///
  /// - Parameters:
  ///   - size: The body's size in bytes.
  ///   - chunked: `true` to send it with `Transfer-Encoding: chunked` (no size announced);
  ///     `false` to announce it with `Content-Length`.
  /// - Returns: The response.
  package static func largeBody(size: Int, chunked: Bool) -> FakeResponse {
    FakeResponse(
      status: 200,
      behavior: .raw { connection in
        let framing = chunked ? "Transfer-Encoding: chunked" : "Content-Length: \(size)"
        guard connection.send(head(status: 200, ["Content-Type: application/json", framing])) else { return }
        let piece = 64 * 1_024
        var sent = 0
        while sent < size {
          let count = min(piece, size - sent)
          var bytes = [UInt8](repeating: UInt8(ascii: " "), count: count)
          if sent == 0 { bytes[0] = UInt8(ascii: "[") }
          if sent + count == size { bytes[count - 1] = UInt8(ascii: "]") }
          let framed = chunked ? Array((String(count, radix: 16) + "\r\n").utf8) + bytes + [13, 10] : bytes
          guard connection.send(framed) else { return }
          sent += count
        }
        if chunked { connection.send("0\r\n\r\n") }
      })
  }

  /// A 200 with `Content-Encoding: gzip` whose body of about a thousandth of `inflatedSize`
  /// inflates to `inflatedSize` zero bytes (1 MB to 1 GiB by default): a gzip bomb.
  ///
  /// The body is made as it is sent, 64 KiB at a time, so a bomb of 10 GB inflating to 10 TB
  /// costs the server no memory. The gzip trailer's checksum is not that of the data: a client
  /// that inflates all of it also finds the stream corrupt.
  ///
  /// - Parameters:
  ///   - inflatedSize: The size after decompression.
  ///   - transfer: Told how much of the body was sent and whether the client closed the
  ///     connection before its end; `nil` to keep no record.
  ///   - status: The status; a 3xx is sent with a `Location` (a redirect whose body is the bomb).
  ///   - location: The `Location` of a 3xx; `/` by default.
  /// - Returns: The response.
  package static func gzipBomb(
    inflatedSize: Int = 1 << 30, transfer: BodyTransfer? = nil, status: Int = 200, location: String = "/"
  ) -> FakeResponse {
    let parts = GzipBomb.parts(inflatedSize: inflatedSize)
    let size = parts.head.count + parts.zeros + parts.tail.count
    return FakeResponse(
      status: status,
      behavior: .raw { connection in
        transfer?.start(bodySize: size)
        var completed = false
        defer { transfer?.finish(completed: completed) }
        let redirect = (300...399).contains(status) ? ["Location: \(location)"] : []
        let headers =
          ["Content-Type: application/json", "Content-Encoding: gzip", "Content-Length: \(size)"] + redirect
        guard connection.send(head(status: status, headers)), connection.send(parts.head) else { return }
        transfer?.sent(parts.head.count)
        let piece = [UInt8](repeating: 0, count: 64 * 1_024)
        var zeros = parts.zeros
        while zeros > 0 {
          let count = min(piece.count, zeros)
          guard connection.send(count == piece.count ? piece : Array(piece.prefix(count))) else { return }
          transfer?.sent(count)
          zeros -= count
        }
        guard connection.send(parts.tail) else { return }
        transfer?.sent(parts.tail.count)
        completed = true
      })
  }

  /// A 200 whose head carries a header field `size` bytes long (`X-Padding: aaaa…`).
  ///
  /// - Parameter size: The length of the field's value.
  /// - Returns: The response.
  package static func hugeHeaders(size: Int = 1 << 20) -> FakeResponse {
    rawText(
      head(status: 200, ["X-Padding: " + String(repeating: "a", count: size), "Content-Length: 2"]) + "[]")
  }

  /// `HTTP/1.1 <status> <reason>`, the given header lines, and the empty line.
  static func head(status: Int, _ headers: [String]) -> String {
    "HTTP/1.1 \(status) \(ResponseWriter.reason(for: status))\r\n" + headers.map { $0 + "\r\n" }.joined() + "\r\n"
  }
}

/// A deflate stream built by hand: one dynamic-Huffman block in which the length code 258 and
/// the distance code 1 are one bit each, so every 2 bits of input inflate to 258 zero bytes.
enum GzipBomb {
  /// The whole stream; for tests of the generator and small bombs.
  static func bytes(inflatedSize: Int) -> [UInt8] {
    let parts = parts(inflatedSize: inflatedSize)
    return parts.head + [UInt8](repeating: 0, count: parts.zeros) + parts.tail
  }

  /// The stream as its first bytes, a run of zero bytes (the repeated two 0 bits) and its last
  /// bytes, so that it can be sent without being held.
  static func parts(inflatedSize: Int) -> (head: [UInt8], zeros: Int, tail: [UInt8]) {
    var writer = BitWriter()
    writer.bits(1, count: 1)  // BFINAL
    writer.bits(2, count: 2)  // BTYPE: dynamic Huffman codes
    writer.bits(286 - 257, count: 5)  // HLIT: literal/length codes 0...285
    writer.bits(1 - 1, count: 5)  // HDIST: distance code 0 only
    writer.bits(18 - 4, count: 4)  // HCLEN: 18 code-length code lengths
    // Code-length code: 18 (a run of zeros) has 1 bit, 1 and 2 have 2 bits.
    let order = [16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1]
    let lengths = [18: 1, 2: 2, 1: 2]
    for symbol in order { writer.bits(lengths[symbol] ?? 0, count: 3) }
    let codeLengthCodes = [18: (0, 1), 1: (2, 2), 2: (3, 2)]
    func emit(_ symbol: Int, zeros: Int = 0) {
      let (code, count) = codeLengthCodes[symbol]!
      writer.code(code, count: count)
      if symbol == 18 { writer.bits(zeros - 11, count: 7) }
    }
    // Literal/length lengths: 0 → 2 bits, 1...255 → none, 256 → 2 bits, 257...284 → none,
    // 285 (length 258) → 1 bit; then the distance code 0 (distance 1) → 1 bit.
    emit(2)
    emit(18, zeros: 138)
    emit(18, zeros: 117)
    emit(2)
    emit(18, zeros: 28)
    emit(1)
    emit(1)
    // Canonical codes: 285 → 0, literal 0 → 10, end of block 256 → 11; distance 0 → 0.
    let repeats = max(0, (inflatedSize - 1) / 258)
    writer.code(0b10, count: 2)  // one literal zero byte
    let header: [UInt8] = [0x1F, 0x8B, 8, 0, 0, 0, 0, 0, 0, 0xFF]
    let size = UInt32(truncatingIfNeeded: 1 + 258 * repeats)
    let trailer: [UInt8] = [0, 0, 0, 0] + (0..<4).map { UInt8(truncatingIfNeeded: size >> (8 * $0)) }
    // (length 258, distance 1) `repeats` times, each two 0 bits, then the end of block.
    let end = writer.count + 2 * repeats
    let zeros = end / 8 - writer.bytes.count
    guard zeros >= 0 else {
      writer.skip(2 * repeats)
      writer.code(0b11, count: 2)
      return (header + writer.bytes, 0, trailer)
    }
    var tail = BitWriter()
    tail.skip(end % 8)
    tail.code(0b11, count: 2)
    return (header + writer.bytes, zeros, tail.bytes + trailer)
  }

  /// Writes deflate's bit stream: fields least significant bit first, Huffman codes most
  /// significant bit first.
  private struct BitWriter {
    private(set) var bytes: [UInt8] = []
    private(set) var count = 0

    mutating func bits(_ value: Int, count bitCount: Int) {
      for index in 0..<bitCount { bit((value >> index) & 1) }
    }

    mutating func code(_ value: Int, count bitCount: Int) {
      for index in (0..<bitCount).reversed() { bit((value >> index) & 1) }
    }

    mutating func skip(_ bitCount: Int) {
      count += bitCount
      let needed = (count + 7) / 8
      if needed > bytes.count { bytes.append(contentsOf: repeatElement(0, count: needed - bytes.count)) }
    }

    private mutating func bit(_ value: Int) {
      if count % 8 == 0 { bytes.append(0) }
      if value != 0 { bytes[bytes.count - 1] |= UInt8(1 << (count % 8)) }
      count += 1
    }
  }
}
