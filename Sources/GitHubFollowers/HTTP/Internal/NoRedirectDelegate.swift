import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// A session delegate that refuses every redirect, so the 3xx response reaches the caller.
///
/// The caller (``GitHubClient``) follows redirects itself, deciding per hop whether the
/// `Authorization` header may go to the new host; URLSession would forward it anywhere.
final class NoRedirectDelegate: NSObject, URLSessionTaskDelegate, Sendable {
  func urlSession(
    _ session: URLSession,
    task: URLSessionTask,
    willPerformHTTPRedirection response: HTTPURLResponse,
    newRequest request: URLRequest,
    completionHandler: @escaping @Sendable (URLRequest?) -> Void
  ) {
    completionHandler(nil)
  }
}
