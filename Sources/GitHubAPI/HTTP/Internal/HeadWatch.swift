#if canImport(FoundationNetworking)
  import Dispatch
  import Foundation
  import FoundationNetworking

  #if canImport(Glibc)
    import Glibc
  #elseif canImport(Musl)
    import Musl
  #endif

  /// Shows an ``InFlightRequest`` each line of its response head as libcurl reads it, so that a
  /// redirect is answered at the end of its head instead of after its body.
  ///
  /// FoundationNetworking keeps a 301, 302, 303 or 305–308 from the delegate until the whole body
  /// has arrived (`_NativeProtocol.didReceive(data:)` appends it to `lastRedirectBody`, copying
  /// all of it again for each 16 KiB piece; the delegate's `willPerformHTTPRedirection` is asked
  /// only when the transfer is over), so neither ``TransferBrake`` nor the size limit ever sees a
  /// redirect's body: a gzip bomb sent as one kept a core busy until the request's deadline.
  ///
  /// libcurl's debug callback is the one hook that runs while the head arrives and that
  /// FoundationNetworking leaves unused: it is set on the task's easy handle (found as
  /// ``TransferBrake`` finds it) on the task's work queue, right after FoundationNetworking
  /// configured the handle there and before any of the response can be read (see
  /// ``watch(_:for:)`` for how that moment is reached). The callback runs
  /// inside libcurl's read, on that queue; it turns decompression off at a redirect's status line
  /// and hands the head to the request at its end (``ResponseHead``). When the handle or a symbol
  /// is missing (another FoundationNetworking), nothing is watched and a redirect arrives as
  /// before, late.
  ///
  /// `curl_easy_setopt` is variadic; it is called here through fixed-argument types, which reach
  /// it as a variadic call would for one integer or pointer argument on Linux's x86-64 and arm64
  /// calling conventions.
  enum HeadWatch {
    private typealias DebugFunction =
      @convention(c) (
        UnsafeMutableRawPointer?, Int32, UnsafeMutablePointer<CChar>?, Int, UnsafeMutableRawPointer?
      ) -> Int32
    private typealias SetLong = @convention(c) (UnsafeMutableRawPointer?, Int32, Int) -> Int32
    private typealias SetPointer = @convention(c) (UnsafeMutableRawPointer?, Int32, UnsafeMutableRawPointer?) -> Int32
    private typealias SetFunction = @convention(c) (UnsafeMutableRawPointer?, Int32, DebugFunction?) -> Int32

    private static let verbose: Int32 = 41  // CURLOPT_VERBOSE
    private static let debugFunction: Int32 = 20_094  // CURLOPT_DEBUGFUNCTION
    private static let debugData: Int32 = 10_095  // CURLOPT_DEBUGDATA
    private static let contentDecoding: Int32 = 158  // CURLOPT_HTTP_CONTENT_DECODING
    private static let headerIn: Int32 = 1  // CURLINFO_HEADER_IN

    private struct Watched {
      weak var request: InFlightRequest?
    }

    private struct Registry {
      var nextID = 1
      var requests: [Int: Watched] = [:]
    }

    /// The requests being watched, by the number their handle's debug data carries (a number,
    /// not a pointer: libcurl may call back after the request has gone).
    private static let registry = LockedState(Registry())

    /// Starts watching `task`'s response head for `request`.
    ///
    /// Call only from ``SessionDelegate``'s `needNewBodyStream`, right after handing back the
    /// (empty) body: FoundationNetworking asks for it inside `startLoading`, on the task's work
    /// queue, and configures the handle (clearing any debug function) and adds it to the
    /// transfer when given it. Installed there, the watch is in place before libcurl's first
    /// read of the socket, whatever the threads' speeds: no read is queued ahead of it, and the
    /// one chance libcurl has to read before it returns, while adding the first transfer of a
    /// session, is microseconds after sending the request, long before any server answers.
    /// Installed from outside (after `resume()`), it raced the reads: a redirect's head, and
    /// its gzip-bomb body, were sometimes read before it.
    ///
    /// - Returns: The number to pass to ``forget(_:)`` when the request ends, or `nil` when
    ///   nothing is watched.
    static func watch(_ task: URLSessionTask, for request: InFlightRequest) -> Int? {
      guard let handle = TransferBrake.easyHandle(of: task), let symbol = setopt else { return nil }
      let id = registry.withLock { registry in
        defer { registry.nextID += 1 }
        registry.requests[registry.nextID] = Watched(request: request)
        return registry.nextID
      }
      let setFunction = unsafeBitCast(symbol, to: SetFunction.self)
      let setPointer = unsafeBitCast(symbol, to: SetPointer.self)
      let setLong = unsafeBitCast(symbol, to: SetLong.self)
      let callback: DebugFunction = { handle, type, data, size, context in
        guard type == HeadWatch.headerIn, let handle, let data, let context else { return 0 }
        HeadWatch.read(UnsafeRawBufferPointer(start: data, count: size), of: handle, for: Int(bitPattern: context))
        return 0
      }
      // The function first: verbose without it would print to standard error.
      guard setFunction(handle, debugFunction, callback) == 0 else {
        forget(id)
        return nil
      }
      _ = setPointer(handle, debugData, UnsafeMutableRawPointer(bitPattern: id))
      _ = setLong(handle, verbose, 1)
      return id
    }

    /// Stops watching for the request `id` named.
    static func forget(_ id: Int) {
      registry.withLock { _ = $0.requests.removeValue(forKey: id) }
    }

    /// Turns decompression off for the rest of the transfer of `handle`; call only from inside
    /// one of its callbacks.
    static func skipDecompression(of handle: UnsafeMutableRawPointer) {
      guard let symbol = setopt else { return }
      _ = unsafeBitCast(symbol, to: SetLong.self)(handle, contentDecoding, 0)
    }

    /// `curl_easy_setopt`, if libcurl is loaded.
    private static var setopt: UnsafeMutableRawPointer? {
      dlsym(UnsafeMutableRawPointer(bitPattern: 0), "curl_easy_setopt")
    }

    private static func read(_ line: UnsafeRawBufferPointer, of handle: UnsafeMutableRawPointer, for id: Int) {
      guard let request = registry.withLock({ $0.requests[id]?.request }) else { return }
      request.readHead(line, transfer: handle)
    }
  }
#endif
