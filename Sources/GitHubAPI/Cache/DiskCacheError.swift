/// Why a ``DiskCache`` directory cannot be used: the client then caches nothing on disk.
///
/// ```swift
/// do { try cache.prepareDirectory() } catch { print("warning: \(error)") }
/// ```
public struct DiskCacheError: Error, Sendable, Equatable, CustomStringConvertible {
  /// The directory's path.
  public var path: String
  /// What is wrong with it.
  public var problem: String

  /// Creates an error.
  ///
  /// - Parameters:
  ///   - path: The directory's path.
  ///   - problem: What is wrong with it.
  public init(path: String, problem: String) {
    self.path = path
    self.problem = problem
  }

  /// The problem and what to do, such as "cannot cache in /x: it is not a directory; ...".
  public var description: String {
    "cannot cache responses in \(path): \(problem); "
      + "set XDG_CACHE_HOME to a directory of yours, or run without --cache"
  }
}
