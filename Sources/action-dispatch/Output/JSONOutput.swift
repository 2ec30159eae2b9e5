import CommandLineKit
import Foundation
import GitHubFollowers

/// The JSON that `--json` prints: pretty, keys sorted, slashes unescaped, with GitHub's field
/// names (the models encode to them), so it reads like `gh api` output and pipes into `jq`.
///
/// Strings stay exact: what the server sent decodes back unchanged. `JSONEncoder` escapes the
/// C0 controls; DEL, the C1 controls, the bidi controls and the line and paragraph separators
/// (every other character ``TerminalText/needsEscaping(_:)`` names) are written as `\u007f`,
/// `\u009b`, `\u202e` … too, so that neither the JSON text nor a careless `jq -r` puts them on a
/// terminal raw.
///
/// ```swift
/// context.output.write(JSONOutput.text(viewModel.followers))
/// // [
/// //   {
/// //     "avatar_url" : "https://avatars.githubusercontent.com/u/1?v=4",
/// //     "html_url" : "https://github.com/amber-otter",
/// //     ...
/// ```
enum JSONOutput {
  /// A value as JSON text, ending with a newline.
  ///
  /// - Parameter value: A model such as `[Follower]` or `UserProfile`.
  /// - Returns: The text to write on standard output.
  static func text(_ value: some Encodable) -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    do {
      let text = escapingControls(String(decoding: try encoder.encode(value), as: UTF8.self))
      // Foundation pretty-prints an empty array as "[\n\n]"; jq and gh print "[]".
      return (text == "[\n\n]" ? "[]" : text) + "\n"
    } catch {
      // The models hold strings, numbers, booleans and URLs: encoding them cannot fail.
      preconditionFailure("could not encode \(type(of: value)) as JSON: \(error)")
    }
  }

  /// JSON text with every non-ASCII character that ``TerminalText/needsEscaping(_:)`` names
  /// written as a `\uXXXX` escape.
  ///
  /// Such characters can only be inside strings (JSON's own syntax is ASCII), where the escape
  /// means the same character, so the JSON decodes to the same values.
  ///
  /// - Parameter json: JSON text as `JSONEncoder` writes it.
  /// - Returns: The same JSON, escaped.
  static func escapingControls(_ json: String) -> String {
    func needsEscape(_ scalar: Unicode.Scalar) -> Bool { scalar.value >= 0x7F && TerminalText.needsEscaping(scalar) }
    guard json.unicodeScalars.contains(where: needsEscape) else { return json }
    var result = String.UnicodeScalarView()
    for scalar in json.unicodeScalars {
      guard needsEscape(scalar) else {
        result.append(scalar)
        continue
      }
      let hex = String(scalar.value, radix: 16)
      result.append(contentsOf: ("\\u" + String(repeating: "0", count: 4 - hex.count) + hex).unicodeScalars)
    }
    return String(result)
  }
}
