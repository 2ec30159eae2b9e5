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

  /// The name of the production client before the Linux transport drove libcurl itself.
  ///
  /// On Linux it is ``CurlHTTPClient``: URLSession is no longer used there.
  @available(*, deprecated, renamed: "DefaultHTTPClient", message: "on Linux the transport is CurlHTTPClient")
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
