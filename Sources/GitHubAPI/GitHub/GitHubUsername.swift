/// A GitHub login that is known to be well formed: 1 to 39 ASCII letters, digits and hyphens,
/// not starting with a hyphen.
///
/// A login is checked once, where its text comes in: a command-line argument, a search box, a
/// `Link` URL or a follower row from the server, with ``init(_:)`` and its one clear error
/// (``GitHubError/invalidUsername(_:reason:)``). From there it travels as a `GitHubUsername`:
/// ``FollowersService``, ``FollowingService``, ``GitHubClient`` and the view models take nothing
/// else, and nothing checks it again. A name such as `../admin` or `a b` never reaches the
/// network, and the user learns what is wrong at once.
///
/// ```swift
/// let login = try GitHubUsername.validate("octocat")          // "octocat"
/// _ = try? GitHubUsername.validate("../etc/passwd")           // throws .invalidUsername
/// let name = try GitHubUsername("mona-lisa")
/// print(name)                                                 // mona-lisa
/// let literal: GitHubUsername = "octocat"                     // a literal in code: checked too
/// ```
///
/// A string literal is a login written by the programmer: it is checked like any text, and a
/// malformed literal (`"a b"`) stops the program with the reason, as programmer misuse does.
/// `GitHubUsername("octocat")` with a literal is that literal too (Swift reads `T("…")` as a
/// literal of `T`), so it does not throw: text held in a `String` goes to ``init(_:)``, which
/// throws.
///
/// > Important: The check is ASCII only. `ö`, an emoji or a full-width letter are rejected even
/// > when they look like letters, because GitHub logins never contain them.
public struct GitHubUsername: Sendable, Hashable, Comparable, CustomStringConvertible {
  /// The longest login GitHub allows.
  public static let maxLength = 39

  /// The login, exactly as validated.
  public let rawValue: String

  /// Validates a login and wraps it.
  ///
  /// - Parameter raw: The login to check.
  /// - Throws: ``GitHubError/invalidUsername(_:reason:)`` when it is not a possible login.
  public init(_ raw: String) throws(GitHubError) {
    rawValue = try Self.validate(raw)
  }

  /// Checks that a string is a possible GitHub login and returns it.
  ///
  /// Accepted: 1 to 39 characters, each an ASCII letter, digit or hyphen, the first not a
  /// hyphen. Nothing is trimmed or changed: `" octocat"` is rejected, not repaired.
  ///
  /// - Parameter raw: The login to check.
  /// - Returns: `raw`, unchanged.
  /// - Throws: ``GitHubError/invalidUsername(_:reason:)`` with a reason such as
  ///   "it is empty", "it is 40 characters long" or "it contains \"/\"".
  @discardableResult
  public static func validate(_ raw: String) throws(GitHubError) -> String {
    UsernameValidationLog.current?.record(raw)
    let bytes = raw.utf8
    if bytes.isEmpty {
      throw .invalidUsername(raw, reason: "it is empty")
    }
    for scalar in raw.unicodeScalars where !isAllowed(scalar) {
      throw .invalidUsername(raw, reason: "it contains \(describe(scalar))")
    }
    // All ASCII from here on, so bytes and characters count the same.
    if bytes.count > maxLength {
      throw .invalidUsername(raw, reason: "it is \(bytes.count) characters long, and the longest is \(maxLength)")
    }
    if bytes.first == UInt8(ascii: "-") {
      throw .invalidUsername(raw, reason: "it starts with a hyphen")
    }
    return raw
  }

  /// Whether a string is a possible GitHub login; ``validate(_:)`` without the reason.
  ///
  /// - Parameter raw: The login to check.
  /// - Returns: `true` when ``validate(_:)`` would accept it.
  public static func isValid(_ raw: String) -> Bool {
    (try? validate(raw)) != nil
  }

  /// The login.
  public var description: String { rawValue }

  /// Orders logins alphabetically, ignoring case (as GitHub treats them).
  public static func < (lhs: GitHubUsername, rhs: GitHubUsername) -> Bool {
    lhs.rawValue.lowercased() < rhs.rawValue.lowercased()
  }

  private static func isAllowed(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x30...0x39, 0x41...0x5A, 0x61...0x7A, 0x2D: true
    default: false
    }
  }

  private static func describe(_ scalar: Unicode.Scalar) -> String {
    switch scalar {
    case " ": return "a space"
    case "\n", "\r": return "a line break"
    case "\t": return "a tab"
    case "/": return "\"/\" (a login is one path segment, never a path)"
    case "_": return "\"_\" (use a hyphen)"
    default:
      if scalar.value < 0x20 || scalar.value == 0x7F {
        return "the control character U+\(String(scalar.value, radix: 16, uppercase: true).leftPadded(to: 4))"
      }
      if !scalar.isASCII {
        return
          "\"\(scalar)\" (U+\(String(scalar.value, radix: 16, uppercase: true).leftPadded(to: 4)); only ASCII is allowed)"
      }
      return "\"\(scalar)\""
    }
  }
}

extension GitHubUsername: ExpressibleByStringLiteral {
  /// A login written in the code, such as `"octocat"`.
  ///
  /// The literal is checked as ``init(_:)`` checks text; a malformed one is a programmer's
  /// mistake, not input, and stops the program with the reason.
  ///
  /// - Parameter value: The login.
  public init(stringLiteral value: String) {
    do {
      try self.init(value)
    } catch {
      preconditionFailure("\(error)")
    }
  }
}

extension String {
  fileprivate func leftPadded(to width: Int) -> String {
    count >= width ? self : String(repeating: "0", count: width - count) + self
  }
}
