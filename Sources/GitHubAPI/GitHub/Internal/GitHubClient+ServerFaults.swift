import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

extension GitHubClient {
  /// What the server did wrong, from libcurl's description of a failed transfer, or `nil`
  /// when the error says nothing about the server's answer.
  ///
  /// The transport maps most of libcurl's errors to `URLError.unknown` (or, for an answer
  /// without an HTTP status line, to `.unsupportedURL`, which would blame the user's URL), as
  /// FoundationNetworking did; `NSLocalizedDescriptionKey` keeps libcurl's own words, such as "Received HTTP/0.9 when not
  /// allowed" or "transfer closed with 96 bytes remaining to read". Each known one becomes a
  /// sentence that names the fault; another is quoted, escaped, after a general sentence.
  ///
  /// - Parameters:
  ///   - error: The error from the HTTP client.
  ///   - place: `host:port` of the server.
  /// - Returns: The sentence, without a final period.
  static func serverFault(in error: URLError, place: String) -> String? {
    guard let detail = error.userInfo[NSLocalizedDescriptionKey] as? String, !detail.isEmpty else { return nil }
    let lowered = detail.lowercased()
    func has(_ text: String) -> Bool { lowered.contains(text) }
    if has("http/0.9") || has("weird server reply") || has("invalid status line") || has("unsupported http version") {
      return "\(place) did not answer with an HTTP status line (such as \"HTTP/1.1 200 OK\"): "
        + "what it sent is not an HTTP response"
    }
    if has("transfer closed with") && has("remaining") {
      return "\(place) closed the connection before the end of the body its Content-Length announced"
    }
    if has("content-length") {
      return "\(place) sent an invalid Content-Length header"
    }
    if has("chunk") {
      return "\(place) sent a malformed chunked body (a chunk size that is not a hexadecimal number)"
    }
    if has("unencoding") || has("content encoding") || has("decoding") {
      return "\(place) sent a compressed body (Content-Encoding) that cannot be decompressed"
    }
    if has("too large response headers") || has("header") || (has("out of memory") && error.code == .unknown) {
      // libcurl 7.x answers headers past its 100 KB cap with "Out of memory"; 8.x names them.
      return "\(place) sent response headers larger than a client accepts (more than 100 KB)"
    }
    if has("empty reply") {
      return "\(place) closed the connection without sending a response"
    }
    guard error.code == .unknown || error.code == .unsupportedURL else { return nil }
    return "\(place) sent an answer that cannot be read as HTTP (libcurl: \(quotedDetail(detail)))"
  }

  /// libcurl's text, escaped so that no control character reaches a terminal, at most 200 characters.
  private static func quotedDetail(_ detail: String) -> String {
    let shown = detail.count > 200 ? String(detail.prefix(200)) + "…" : detail
    var text = ""
    for scalar in shown.unicodeScalars {
      if scalar.properties.generalCategory == .control || scalar.properties.generalCategory == .format {
        text += "\\u{\(String(scalar.value, radix: 16))}"
      } else {
        text.unicodeScalars.append(scalar)
      }
    }
    return "\"\(text)\""
  }
}
