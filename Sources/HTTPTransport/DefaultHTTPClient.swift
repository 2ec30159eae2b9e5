#if os(Linux)
  /// The ``HTTPClient`` for production on this platform: ``CurlHTTPClient`` on Linux (libcurl,
  /// driven directly), `URLSessionHTTPClient` on Apple platforms.
  ///
  /// Both have the same initializer (`timeout:`, `maxResponseBytes:`), deadline, size limit and
  /// redirect handling, so code that names this type builds everywhere.
  ///
  /// ```swift
  /// let http = DefaultHTTPClient(timeout: .seconds(10))
  /// let response = try await http.send(.get(url: URL(string: "https://api.github.com/zen")!))
  /// ```
  public typealias DefaultHTTPClient = CurlHTTPClient

  /// The name of the production client before the Linux transport drove libcurl itself, kept
  /// so that code written against it builds.
  ///
  /// On Linux it is ``CurlHTTPClient``: URLSession is no longer used there. New code names
  /// ``DefaultHTTPClient``, the production client on every platform.
  public typealias URLSessionHTTPClient = CurlHTTPClient
#else
  /// The ``HTTPClient`` for production on this platform: ``URLSessionHTTPClient`` on Apple
  /// platforms, `CurlHTTPClient` (libcurl, driven directly) on Linux.
  ///
  /// Both have the same initializer (`timeout:`, `maxResponseBytes:`), deadline, size limit and
  /// redirect handling, so code that names this type builds everywhere.
  ///
  /// ```swift
  /// let http = DefaultHTTPClient(timeout: .seconds(10))
  /// let response = try await http.send(.get(url: URL(string: "https://api.github.com/zen")!))
  /// ```
  public typealias DefaultHTTPClient = URLSessionHTTPClient
#endif
