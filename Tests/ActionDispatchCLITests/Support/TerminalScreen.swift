/// What a terminal of a given width shows after some output: enough of a VT100 to see lines
/// that a program meant to erase but left behind.
///
/// It follows the sequences `action-dispatch` writes: printable characters (one column each),
/// `\r`, `\n`, `ESC [ 2 K` (erase the line) and `ESC [ … m` (styles, which take no room). A
/// character written past the last column wraps to the next line, as xterm does: the cursor
/// waits in the last column until the next character.
///
/// ```swift
/// let screen = TerminalScreen(columns: 40, showing: shown)
/// #expect(screen.lines == [])      // nothing left on the screen
/// #expect(screen.wraps == 0)       // no line was ever too long
/// ```
struct TerminalScreen {
  /// The lines, without trailing spaces, up to the last one that shows anything.
  private(set) var lines: [String] = []
  /// How many times a line was too long and wrapped.
  private(set) var wraps = 0

  private var rows: [[Character]] = [[]]
  private var row = 0
  private var column = 0
  private var pendingWrap = false
  private let columns: Int

  /// Plays output onto an empty screen.
  ///
  /// - Parameters:
  ///   - columns: The width.
  ///   - output: Everything written to the terminal.
  init(columns: Int, showing output: String) {
    self.columns = columns
    var scalars = output.unicodeScalars[...]
    while let scalar = scalars.popFirst() {
      switch scalar {
      case "\r":
        column = 0
        pendingWrap = false
      case "\n":
        moveDown()
      case "\u{1B}":
        guard scalars.first == "[" else { continue }
        scalars.removeFirst()
        var parameters = ""
        while let next = scalars.popFirst() {
          if ("@"..."~").contains(next) {
            if next == "K", parameters == "2" { rows[row] = [] }
            break
          }
          parameters.unicodeScalars.append(next)
        }
      default:
        put(Character(scalar))
      }
    }
    let trimmed = rows.map { Self.trimmingTrailingSpaces(String($0)) }
    lines = Array(trimmed[..<(trimmed.lastIndex { !$0.isEmpty }.map { $0 + 1 } ?? 0)])
  }

  private mutating func put(_ character: Character) {
    if pendingWrap {
      wraps += 1
      moveDown()
      column = 0
      pendingWrap = false
    }
    while rows[row].count <= column { rows[row].append(" ") }
    rows[row][column] = character
    if column == columns - 1 {
      pendingWrap = true
    } else {
      column += 1
    }
  }

  private mutating func moveDown() {
    row += 1
    if row == rows.count { rows.append([]) }
  }

  /// A line as a screen shows it: trailing spaces are not seen.
  static func trimmingTrailingSpaces(_ line: String) -> String {
    String(line.reversed().drop { $0 == " " }.reversed())
  }
}
