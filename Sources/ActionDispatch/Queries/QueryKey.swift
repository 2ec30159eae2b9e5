/// The key of one value in a ``QueryCache``: a path of components, typed by the value it names.
///
/// Define keys where the app names its server data, so every view model that shows a profile
/// names the same one:
///
/// ```swift
/// extension QueryKey<Profile> {
///   static func profile(_ login: String) -> Self { QueryKey("users", login, "profile") }
/// }
/// ```
///
/// The type is part of the key: reading or joining it gives a `Profile`, never a value to cast.
/// The path is what invalidation matches: `cache.invalidate(prefix: "users", login)` reaches
/// every key of that user, whatever its type. Two keys are the same key when their paths and
/// value types are equal.
public struct QueryKey<Value>: Hashable, Sendable, CustomStringConvertible {
  /// The path, encoded so that a key's encoding starts with the encoding of each of its
  /// leading parts (see ``QueryKeyPath``).
  let path: QueryKeyPath

  /// Creates a key from the components of its path, outermost first.
  ///
  /// - Parameter components: The path: `"users", login, "profile"`. Any strings, empty ones included.
  public init(_ components: String...) {
    path = QueryKeyPath(components)
  }

  /// Creates a key from the components of its path, outermost first.
  ///
  /// - Parameter components: The path.
  public init(components: [String]) {
    path = QueryKeyPath(components)
  }

  /// The components of the key's path, outermost first.
  public var components: [String] { path.components }

  /// The path, components joined by `/`: `users/mona/profile`.
  public var description: String { components.joined(separator: "/") }
}

/// A key's path, encoded as one string: each component as its length in UTF-8 bytes, a colon,
/// and its text (`"users", "mona"` is `5:users4:mona`).
///
/// One string, so that a key of a few short components is stored inline with no allocation,
/// hashes in one pass, and a path's leading parts are a prefix of its encoding.
struct QueryKeyPath: Hashable, Sendable {
  /// The encoded path.
  let encoded: String

  init(_ components: [String]) {
    var encoded = ""
    for component in components {
      encoded += String(component.utf8.count)
      encoded += ":"
      encoded += component
    }
    self.encoded = encoded
  }

  /// The components, decoded (bytes, not characters: a component may start with a combining mark).
  var components: [String] {
    let bytes = Array(encoded.utf8)
    var components: [String] = []
    var index = 0
    while index < bytes.count {
      var count = 0
      while index < bytes.count, bytes[index] != UInt8(ascii: ":") {
        count = count * 10 + Int(bytes[index] &- UInt8(ascii: "0"))
        index += 1
      }
      let start = index + 1
      let end = min(start + count, bytes.count)
      components.append(String(decoding: bytes[min(start, end)..<end], as: UTF8.self))
      index = end
    }
    return components
  }

  /// Whether `prefix` is this path or its leading components.
  func starts(with prefix: QueryKeyPath) -> Bool {
    encoded.utf8.starts(with: prefix.encoded.utf8)
  }
}
