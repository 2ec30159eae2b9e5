/// A string that is usually what GitHub derives from an account's login or id, kept as a tag
/// when it is: a list of 100,000 followers then holds no copy of `https://github.com/<login>`,
/// `https://api.github.com/users/<login>`, the avatar URL or the legacy node id.
///
/// Anything else, another host's URL say, is kept as given, so nothing is lost or changed.
enum DerivableText: Sendable, Hashable {
  /// No value (`null` or missing).
  case none
  /// Exactly the derived value.
  case derived
  /// Any other value, as given.
  case other(String)

  /// Stores `text`, as ``derived`` when it equals `derived()`.
  init(_ text: String?, derived: () -> String) {
    guard let text else {
      self = .none
      return
    }
    self = text == derived() ? .derived : .other(text)
  }

  /// The text, with `derived()` for ``derived``.
  func text(derived: () -> String) -> String? {
    switch self {
    case .none: nil
    case .derived: derived()
    case .other(let text): text
    }
  }
}
