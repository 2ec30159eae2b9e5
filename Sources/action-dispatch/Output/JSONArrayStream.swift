import GitHubFollowers

/// One JSON array written piece by piece as pages arrive: `[`, the elements, `]`, laid out
/// exactly as ``JSONOutput/text(_:)`` lays out the whole array.
///
/// Each batch is encoded on its own and then dropped, so memory does not grow with the array.
/// ``close()`` ends the array whenever the list ends, after an error too, so the output is
/// always one valid JSON array: `[]` when nothing was written.
///
/// ```swift
/// var json = JSONArrayStream()
/// output.write(json.append(page1.followers))   // "[\n  {\n ... }"
/// output.write(json.append(page2.followers))   // ",\n  {\n ... }"
/// output.write(json.close())                   // "\n]\n"
/// ```
struct JSONArrayStream {
  /// How many elements were written.
  private(set) var count = 0

  /// The text for the next elements: the array's opening with the first ones, a comma before
  /// later ones.
  ///
  /// - Parameter elements: The elements, in order.
  /// - Returns: The text to write; empty for no elements.
  mutating func append(_ elements: [Follower]) -> String {
    guard !elements.isEmpty else { return "" }
    // JSONOutput writes "[\n" + elements (each line indented) + "\n]\n": keep the middle.
    let whole = JSONOutput.text(elements)
    let body = whole.dropFirst("[\n".count).dropLast("\n]\n".count)
    defer { count += elements.count }
    return (count == 0 ? "[\n" : ",\n") + body
  }

  /// The text that ends the array: `]`, or `[]` when no element was written; with a newline.
  ///
  /// - Returns: The text to write.
  func close() -> String {
    count == 0 ? "[]\n" : "\n]\n"
  }
}
