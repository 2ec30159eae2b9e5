import BrowseUI
import CommandLineKit

/// What a terminal shows after the browser's output: enough of a VT100 to check frames
/// end to end (cursor moves, clearing, styles ignored, wide characters in two cells). Test
/// support only: the browser's tests and the CLI's end-to-end tests share it.
///
/// ```swift
/// var screen = VirtualScreen(size: TerminalSize(columns: 40, rows: 10))
/// screen.play(writer.update(lines, size: size))
/// screen.text   // the rows, trailing spaces dropped
/// ```
package struct VirtualScreen: Sendable {
  /// The size.
  package let size: TerminalSize
  private var cells: [[String]]
  private var row = 0
  private var column = 0

  /// An empty screen.
  ///
  /// - Parameter size: Its size.
  package init(size: TerminalSize) {
    self.size = size
    cells = Array(repeating: Array(repeating: " ", count: size.columns), count: size.rows)
  }

  /// The rows as shown, each without trailing spaces.
  package var text: [String] {
    cells.map { row in
      var line = row.joined()
      while line.hasSuffix(" ") { line.removeLast() }
      return line
    }
  }

  /// Plays output onto the screen.
  ///
  /// - Parameter output: What was written to the terminal.
  package mutating func play(_ output: String) {
    var characters = output.makeIterator()
    while let character = characters.next() {
      if character == "\u{1B}" {
        guard characters.next() == "[" else { continue }
        var parameters = ""
        var final: Character = "m"
        while let next = characters.next() {
          if next.isLetter || next == "~" || next == "@" {
            final = next
            break
          }
          parameters.append(next)
        }
        apply(parameters: parameters, final: final)
      } else if character == "\r" {
        column = 0
      } else if character == "\n" {
        row = min(row + 1, size.rows - 1)
      } else {
        put(character)
      }
    }
  }

  private mutating func apply(parameters: String, final: Character) {
    switch final {
    case "H":
      let numbers = parameters.split(separator: ";").map { Int($0) ?? 1 }
      row = min(max((numbers.first ?? 1) - 1, 0), size.rows - 1)
      column = min(max((numbers.count > 1 ? numbers[1] : 1) - 1, 0), size.columns - 1)
    case "J" where parameters == "2":
      cells = Array(repeating: Array(repeating: " ", count: size.columns), count: size.rows)
    case "K":
      for index in column..<size.columns { cells[row][index] = " " }
    default:
      break
    }
  }

  private mutating func put(_ character: Character) {
    let width = DisplayWidth.of(character)
    if width == 0 {
      if column > 0 { cells[row][column - 1] += String(character) }
      return
    }
    guard column + width <= size.columns else { return }
    cells[row][column] = String(character)
    if width == 2 { cells[row][column + 1] = "" }
    column += width
  }
}
