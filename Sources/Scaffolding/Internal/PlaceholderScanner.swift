/// Splits one line of a template into text and `{{name}}` placeholders.
///
/// `{{` not followed by a name and `}}` is text, so Swift such as `{ { } }` passes through.
enum PlaceholderScanner {
  /// A run of text, or one placeholder.
  enum Segment: Equatable {
    case text(Substring)
    case placeholder(String)
  }

  /// The line's segments, in order; adjacent text is one segment.
  ///
  /// - Parameter line: One line, without its newline.
  /// - Returns: The segments; text segments are never empty.
  static func segments(of line: Substring) -> [Segment] {
    var segments: [Segment] = []
    var textStart = line.startIndex
    var index = line.startIndex
    while let open = line[index...].firstRange(of: "{{") {
      guard let (name, end) = placeholder(in: line, after: open.upperBound) else {
        index = line.index(after: open.lowerBound)
        continue
      }
      if textStart < open.lowerBound {
        segments.append(.text(line[textStart..<open.lowerBound]))
      }
      segments.append(.placeholder(name))
      textStart = end
      index = end
    }
    if textStart < line.endIndex {
      segments.append(.text(line[textStart...]))
    }
    return segments
  }

  /// The name and the index after `}}`, when `name}}` starts at `start`.
  private static func placeholder(in line: Substring, after start: Substring.Index) -> (String, Substring.Index)? {
    guard let close = line[start...].firstRange(of: "}}") else { return nil }
    let name = line[start..<close.lowerBound]
    guard let first = name.first, first == "_" || (first.isASCII && first.isLetter),
      name.allSatisfy({ $0 == "_" || ($0.isASCII && ($0.isLetter || $0.isNumber)) })
    else { return nil }
    return (String(name), close.upperBound)
  }
}
