/// Swift source with its comments and string literals blanked out, so that a declaration that
/// appears in a doc comment or a test's expected output is not taken for one.
enum SwiftCodeText {
  /// The text with every comment and string literal replaced by spaces; newlines are kept.
  static func code(_ text: String) -> String {
    var output = ""
    output.reserveCapacity(text.utf8.count)
    let characters = Array(text)
    var index = 0
    func blank(_ character: Character) { output.append(character == "\n" ? "\n" : " ") }
    func starts(_ prefix: String) -> Bool {
      var offset = index
      for character in prefix {
        guard offset < characters.count, characters[offset] == character else { return false }
        offset += 1
      }
      return true
    }
    while index < characters.count {
      if starts("//") {
        while index < characters.count, characters[index] != "\n" {
          blank(characters[index])
          index += 1
        }
      } else if starts("/*") {
        while index < characters.count, !starts("*/") {
          blank(characters[index])
          index += 1
        }
        for _ in 0..<2 where index < characters.count {
          blank(characters[index])
          index += 1
        }
      } else if starts("#\"\"\"") || starts("\"\"\"") {
        let closing = starts("#") ? "\"\"\"#" : "\"\"\""
        for _ in 0..<closing.count {
          blank(characters[index])
          index += 1
        }
        while index < characters.count, !starts(closing) {
          blank(characters[index])
          index += 1
        }
        for _ in 0..<closing.count where index < characters.count {
          blank(characters[index])
          index += 1
        }
      } else if characters[index] == "\"" {
        blank(characters[index])
        index += 1
        while index < characters.count, characters[index] != "\"", characters[index] != "\n" {
          if characters[index] == "\\", index + 1 < characters.count {
            blank(characters[index])
            index += 1
          }
          blank(characters[index])
          index += 1
        }
        if index < characters.count {
          blank(characters[index])
          index += 1
        }
      } else {
        output.append(characters[index])
        index += 1
      }
    }
    return output
  }
}
