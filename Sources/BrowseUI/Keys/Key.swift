/// A key the browser acts on, decoded from the bytes a terminal sends by ``KeyDecoder``.
///
/// ```swift
/// var decoder = KeyDecoder()
/// decoder.decode(Array("j\u{1B}[B".utf8))   // [.character("j"), .down]
/// ```
package enum Key: Hashable, Sendable {
  /// A printable character, typed (UTF-8 decoded).
  case character(Character)
  /// `↑`.
  case up
  /// `↓`.
  case down
  /// `←`.
  case left
  /// `→`.
  case right
  /// `Home`.
  case home
  /// `End`.
  case end
  /// `PgUp`.
  case pageUp
  /// `PgDn`.
  case pageDown
  /// `Enter` (carriage return or line feed).
  case enter
  /// `Esc` on its own (after a short pause, since it also starts every sequence).
  case escape
  /// `Backspace` (DEL or BS).
  case backspace
  /// `Tab`.
  case tab
  /// `Delete` (forward delete).
  case delete
  /// A control key, by its lowercase letter: `.control("c")` is Ctrl-C.
  case control(Character)
  /// Text pasted while bracketed paste was on, as one piece.
  case paste(String)
}
