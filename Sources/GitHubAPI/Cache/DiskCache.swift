import Foundation

/// Where and for how long a ``GitHubClient`` keeps its answers on disk between runs, as
/// `gh api --cache` does: for a command-line tool, whose every run would otherwise start with an
/// empty cache and spend the rate limit again.
///
/// An answer younger than ``maxAge`` is used without a request; an older one is revalidated with
/// `If-None-Match`, and GitHub's `304 Not Modified` costs no rate limit. Entries are keyed by the
/// API URL and a SHA-256 digest of the token (never the token), so a run with one token never
/// reads what another token fetched without asking the server. The directory is made `0700` and
/// each file `0600`; a file is written to a temporary name and renamed, so two runs at once never
/// corrupt an entry; the oldest files go once the total passes ``byteLimit``. A truncated,
/// corrupt or foreign file is ignored and replaced.
///
/// ```swift
/// var configuration = GitHubClient.Configuration()
/// if let directory = DiskCache.defaultDirectory(environment: ProcessInfo.processInfo.environment) {
///   configuration.diskCache = DiskCache(directory: directory, maxAge: .seconds(600))
/// }
/// let client = GitHubClient(configuration: configuration)
/// ```
public struct DiskCache: Sendable, Equatable {
  /// The directory the entries are kept in, made (`0700`) on first use.
  public var directory: URL
  /// How long an answer is used without asking the server again.
  public var maxAge: Duration
  /// The most bytes the entries may take together; the least recently written go first.
  public var byteLimit: Int
  /// The current time, for an entry's age: the wall clock, since entries outlive a process.
  let now: @Sendable () -> Date

  /// Creates a disk cache configuration.
  ///
  /// - Parameters:
  ///   - directory: Where the entries are kept; see ``defaultDirectory(environment:)``.
  ///   - maxAge: How long an answer is used without a request; zero revalidates every time.
  ///   - byteLimit: The most bytes the entries may take together; 64 MiB by default.
  public init(directory: URL, maxAge: Duration, byteLimit: Int = 64 << 20) {
    self.init(directory: directory, maxAge: maxAge, byteLimit: byteLimit, now: { Date() })
  }

  init(directory: URL, maxAge: Duration, byteLimit: Int, now: @escaping @Sendable () -> Date) {
    self.directory = directory
    self.maxAge = max(.zero, maxAge)
    self.byteLimit = max(0, byteLimit)
    self.now = now
  }

  /// `$XDG_CACHE_HOME/action-dispatch`, else `$HOME/.cache/action-dispatch`; `nil` when neither
  /// variable holds an absolute path.
  ///
  /// - Parameter environment: The process environment.
  /// - Returns: The directory, which may not exist yet.
  public static func defaultDirectory(environment: [String: String]) -> URL? {
    if let xdg = environment["XDG_CACHE_HOME"], xdg.hasPrefix("/") {
      return URL(fileURLWithPath: xdg, isDirectory: true).appendingPathComponent("action-dispatch", isDirectory: true)
    }
    if let home = environment["HOME"], home.hasPrefix("/") {
      return URL(fileURLWithPath: home, isDirectory: true)
        .appendingPathComponent(".cache", isDirectory: true)
        .appendingPathComponent("action-dispatch", isDirectory: true)
    }
    return nil
  }

  /// Makes the directory if needed and checks that it is a directory of this user's, closed to
  /// everyone else.
  ///
  /// The client caches nothing on disk when this fails; a tool calls it first to say why.
  ///
  /// - Throws: ``DiskCacheError`` saying what is wrong with the directory and what to do.
  public func prepareDirectory() throws(DiskCacheError) {
    try DiskCacheStore.prepare(directory)
  }

  /// Whether two configurations name the same directory, maximum age and byte limit.
  public static func == (lhs: DiskCache, rhs: DiskCache) -> Bool {
    lhs.directory == rhs.directory && lhs.maxAge == rhs.maxAge && lhs.byteLimit == rhs.byteLimit
  }
}
