import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A pseudo-terminal, so that a child's standard error (or output) is "a terminal" and the
/// spinner and colours can be tested.
///
/// ``CLIProcess`` opens one per child that asks for it, hands ``secondary`` to the child and
/// closes this process's copy once the child runs; ``output`` collects what the child wrote
/// until its side closes. The terminal turns each `\n` into `\r\n`.
final class PseudoTerminal: Sendable {
  /// The child's side.
  let secondary: FileHandle
  /// What the child wrote, as it arrives.
  let output: OutputCollector
  /// This process's side, for typing to the child and resizing the window.
  let primary: FileHandle

  struct Failure: Error, CustomStringConvertible {
    let call: String
    var description: String { "\(call) failed: errno \(errno)" }
  }

  /// Opens a terminal.
  ///
  /// - Parameter columns: The window's width, as `TIOCGWINSZ` reports it to the child; unset
  ///   (0, "unknown") when `nil`.
  init(columns: Int? = nil, rows: Int = 24) throws {
    // Close-on-exec: a sibling child spawned by another test must not inherit either side (and
    // keep the terminal open after this child exits); this child gets its side by dup2.
    let primary = PTY.openPrimary(O_RDWR | O_NOCTTY | O_CLOEXEC)
    guard primary >= 0 else { throw Failure(call: "posix_openpt") }
    let primaryHandle = FileHandle(fileDescriptor: primary, closeOnDealloc: true)
    guard PTY.grant(primary) == 0 else { throw Failure(call: "grantpt") }
    guard PTY.unlock(primary) == 0 else { throw Failure(call: "unlockpt") }
    // ptsname_r, not ptsname: ptsname returns a buffer shared by the whole process, so two tests
    // opening terminals at once could both open the second one's secondary side. One child then
    // wrote into another test's terminal, and its own showed nothing.
    var name = [CChar](repeating: 0, count: 128)
    guard PTY.name(primary, &name, name.count) == 0 else { throw Failure(call: "ptsname_r") }
    let fd = open(name, O_RDWR | O_NOCTTY | O_CLOEXEC)
    guard fd >= 0 else {
      let path = String(decoding: name.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
      throw Failure(call: "open(\(path))")
    }
    if let columns {
      var size = winsize(ws_row: UInt16(rows), ws_col: UInt16(columns), ws_xpixel: 0, ws_ypixel: 0)
      guard ioctl(primary, UInt(TIOCSWINSZ), &size) == 0 else { throw Failure(call: "ioctl(TIOCSWINSZ)") }
    }
    secondary = FileHandle(fileDescriptor: fd, closeOnDealloc: true)
    self.primary = primaryHandle
    output = OutputCollector(reading: primary, from: .terminal, keepingAlive: primaryHandle)
  }

  /// Types text, as a person at the terminal would.
  ///
  /// - Parameter text: The keys' bytes, escape sequences included.
  func type(_ text: String) {
    primary.write(Data(text.utf8))
  }

  /// Changes the window's size (the child learns of it by `SIGWINCH`, sent separately: it has
  /// no controlling terminal for the kernel to signal).
  ///
  /// - Parameters:
  ///   - columns: The new width.
  ///   - rows: The new height.
  func resize(columns: Int, rows: Int) throws {
    var size = winsize(ws_row: UInt16(rows), ws_col: UInt16(columns), ws_xpixel: 0, ws_ypixel: 0)
    guard ioctl(primary.fileDescriptor, UInt(TIOCSWINSZ), &size) == 0 else { throw Failure(call: "ioctl(TIOCSWINSZ)") }
  }
}

/// The POSIX pseudo-terminal calls. Glibc's module map hides them (they need `_XOPEN_SOURCE`),
/// so on Linux they are looked up in the C library at run time.
private enum PTY {
  #if canImport(Darwin)
    static let openPrimary: @convention(c) (Int32) -> Int32 = posix_openpt
    static let grant: @convention(c) (Int32) -> Int32 = grantpt
    static let unlock: @convention(c) (Int32) -> Int32 = unlockpt
    static let name: @convention(c) (Int32, UnsafeMutablePointer<CChar>?, Int) -> Int32 = ptsname_r
  #else
    static let openPrimary = symbol("posix_openpt", as: (@convention(c) (Int32) -> Int32).self)
    static let grant = symbol("grantpt", as: (@convention(c) (Int32) -> Int32).self)
    static let unlock = symbol("unlockpt", as: (@convention(c) (Int32) -> Int32).self)
    static let name = symbol(
      "ptsname_r", as: (@convention(c) (Int32, UnsafeMutablePointer<CChar>?, Int) -> Int32).self)

    private static func symbol<Function>(_ name: String, as type: Function.Type) -> Function {
      guard let handle = dlopen(nil, RTLD_NOW), let address = dlsym(handle, name) else {
        preconditionFailure("\(name) is not in the C library")
      }
      return unsafeBitCast(address, to: type)
    }
  #endif
}
