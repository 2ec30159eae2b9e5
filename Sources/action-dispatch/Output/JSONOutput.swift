import Foundation

/// The JSON that `--json` prints: pretty, keys sorted, slashes unescaped, with GitHub's field
/// names (the models encode to them), so it reads like `gh api` output and pipes into `jq`.
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
      let text = String(decoding: try encoder.encode(value), as: UTF8.self)
      // Foundation pretty-prints an empty array as "[\n\n]"; jq and gh print "[]".
      return (text == "[\n\n]" ? "[]" : text) + "\n"
    } catch {
      // The models hold strings, numbers, booleans and URLs: encoding them cannot fail.
      preconditionFailure("could not encode \(type(of: value)) as JSON: \(error)")
    }
  }
}
