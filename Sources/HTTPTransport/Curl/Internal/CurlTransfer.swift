#if os(Linux)
  import Foundation
  import FoundationNetworking

  /// How many times each libcurl callback ran for one transfer: what the canary tests check.
  struct CurlCallbackCounts: Sendable, Equatable {
    /// `CURLOPT_HEADERFUNCTION`: once a line of the head.
    var header = 0
    /// `CURLOPT_WRITEFUNCTION`: once a piece of the (decoded) body.
    var write = 0
    /// `CURLOPT_XFERINFOFUNCTION`: at least once while the transfer runs.
    var progress = 0
  }

  /// One request's transfer: what the caller asked for, the continuation it waits on, and what
  /// libcurl's callbacks have read so far.
  ///
  /// Made by the caller and handed to ``CurlLoop``, whose one thread creates its easy handle and
  /// runs every callback. The callbacks find it through the user-data pointer libcurl hands back
  /// (`CURLOPT_WRITEDATA`, `HEADERDATA`, `XFERINFODATA`, `PRIVATE`): an unretained pointer, valid
  /// because the loop holds the transfer for as long as its handle is in the multi handle.
  ///
  /// - The **head** is read line by line (``ResponseHead``). At the end of a redirect's head
  ///   (301, 302, 303, 305–308) the caller is answered with it and an empty body, and the header
  ///   callback returns short, which makes libcurl end the transfer: the body of a redirect (a
  ///   gzip bomb, or just long) is never read or inflated. A `Content-Length` over the limit is
  ///   refused at the same moment.
  /// - The **body** arrives decoded (libcurl inflates gzip and deflate), and is counted as it
  ///   arrives: past the limit the write callback returns short and the transfer ends there,
  ///   compressed or not, so a bomb costs at most the limit.
  /// - **Ending early** (cancelled, refused) answers the caller at once; the progress callback
  ///   then stops a transfer libcurl is still running, and the loop removes its handle.
  ///
  /// `@unchecked Sendable`: the caller and the loop share only ``shared``, behind its lock; the
  /// other mutable properties are used on the loop's thread alone (its callbacks run there).
  final class CurlTransfer: @unchecked Sendable {
    /// What a finished transfer gives its caller.
    struct Outcome: Sendable {
      var response: HTTPResponse
      var calls: CurlCallbackCounts
    }

    /// The redirects answered at their head; 300 and 304 are ordinary responses.
    static let redirectStatuses: Set<Int> = [301, 302, 303, 305, 306, 307, 308]

    let url: URL
    let method: HTTPMethod
    let headers: [String: String]
    let maxBytes: Int
    let timeoutMilliseconds: Int

    private struct Shared {
      var continuation: CheckedContinuation<Outcome, any Error>?
      var isEnded = false
    }

    private let shared = LockedState(Shared())

    // On the loop's thread only.
    var easy: OpaquePointer?
    var headerList: OpaquePointer?
    /// `CURLOPT_ERRORBUFFER`: libcurl's words for a failure (`CURL_ERROR_SIZE` bytes).
    let errorBuffer = UnsafeMutablePointer<CChar>.allocate(capacity: CurlOption.errorSize)
    private var head = ResponseHead()
    private var final: (status: Int, headers: [String: String])?
    private var body = Data()
    private var received = 0
    private(set) var calls = CurlCallbackCounts()

    init(url: URL, method: HTTPMethod, headers: [String: String], maxBytes: Int, timeout: Duration) {
      self.url = url
      self.method = method
      self.headers = headers
      self.maxBytes = maxBytes
      let (seconds, attoseconds) = timeout.components
      let milliseconds = seconds.multipliedReportingOverflow(by: 1000)
      let whole = milliseconds.overflow ? Int64.max : milliseconds.partialValue
      // Rounded up, and at least 1: libcurl reads 0 as "no timeout".
      self.timeoutMilliseconds = Int(max(1, whole.addingReportingOverflow(attoseconds > 0 ? 1 : 0).partialValue))
      errorBuffer.initialize(repeating: 0, count: CurlOption.errorSize)
    }

    deinit {
      errorBuffer.deallocate()
    }

    /// Keeps the caller's continuation, unless the request already ended (cancelled before it
    /// began): then the caller is answered with `CancellationError` at once.
    ///
    /// - Returns: Whether the transfer goes ahead.
    func wait(with continuation: CheckedContinuation<Outcome, any Error>) -> Bool {
      let goesAhead = shared.withLock { shared -> Bool in
        if shared.isEnded { return false }
        shared.continuation = continuation
        return true
      }
      if !goesAhead { continuation.resume(throwing: CancellationError()) }
      return goesAhead
    }

    /// Whether the caller has been answered (or has gone).
    var isEnded: Bool {
      shared.withLock { $0.isEnded }
    }

    /// Answers the caller, once; later calls do nothing.
    ///
    /// - Returns: Whether this call ended the request.
    @discardableResult
    func end(_ result: Result<Outcome, any Error>) -> Bool {
      let (ended, continuation) = shared.withLock { shared in
        defer {
          shared.isEnded = true
          shared.continuation = nil
        }
        return (!shared.isEnded, shared.continuation)
      }
      continuation?.resume(with: result)
      return ended
    }

    // MARK: - libcurl's callbacks, on the loop's thread

    /// A line of the head. Returns whether libcurl goes on.
    func header(_ line: UnsafeRawBufferPointer) -> Bool {
      calls.header += 1
      if isEnded { return false }
      // Trailers after a chunked body, if any, are not part of the head.
      guard final == nil else { return true }
      guard case .ended(let status, let fields) = head.read(line) else { return true }
      if Self.redirectStatuses.contains(status) {
        end(.success(Outcome(response: HTTPResponse(statusCode: status, headers: fields, url: url), calls: calls)))
        return false
      }
      let length = fields.first { $0.key.caseInsensitiveCompare("Content-Length") == .orderedSame }
        .flatMap { Int($0.value.trimmingCharacters(in: .whitespaces)) }
      if let length, length > maxBytes {
        end(.failure(HTTPResponseTooLargeError(limit: maxBytes, received: length, announced: true)))
        return false
      }
      final = (status, fields)
      // One buffer of the announced size (up to 4 MiB) instead of one regrown per piece: a long
      // paging run otherwise leaves the heap fragmented by every page's copies.
      if let length, length > 0 { body.reserveCapacity(min(length, 4 << 20)) }
      return true
    }

    /// A piece of the body, decoded. Returns whether libcurl goes on.
    func write(_ piece: UnsafeRawBufferPointer) -> Bool {
      calls.write += 1
      if isEnded { return false }
      received += piece.count
      guard received <= maxBytes else {
        body = Data()
        end(.failure(HTTPResponseTooLargeError(limit: maxBytes, received: maxBytes + 1, announced: false)))
        return false
      }
      body.append(contentsOf: piece)
      return true
    }

    /// libcurl's progress call. Returns whether libcurl goes on: not once the caller has gone.
    func progress() -> Bool {
      calls.progress += 1
      return !isEnded
    }

    /// libcurl finished the transfer with `code`: answer the caller, unless that was done.
    func complete(code: Int32, curl: LibCurl) {
      defer { body = Data() }
      guard !isEnded else { return }
      if code == CurlCode.ok {
        guard let final else {
          end(.failure(URLError(.badServerResponse)))
          return
        }
        let response = HTTPResponse(statusCode: final.status, headers: final.headers, body: body, url: url)
        end(.success(Outcome(response: response, calls: calls)))
        return
      }
      let buffered = String(cString: errorBuffer)
      let detail = buffered.isEmpty ? curl.describe(code) : buffered
      end(.failure(CurlFailure.urlError(code: code, detail: detail)))
    }
  }
#endif
