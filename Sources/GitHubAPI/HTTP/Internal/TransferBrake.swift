#if canImport(FoundationNetworking)
  import Foundation
  import FoundationNetworking

  #if canImport(Glibc)
    import Glibc
  #elseif canImport(Musl)
    import Musl
  #endif

  /// Stops libcurl reading a response at once, from inside its write callback.
  ///
  /// `URLSessionTask.cancel()` cannot stop a body that keeps arriving: it waits for the session's
  /// work queue, and libcurl holds that queue for as long as the socket has data (each read asks
  /// to be run again at once), inflating a gzip bomb to its end — 10 GiB in about a minute of
  /// CPU. Pausing the transfer from its own write callback (the delegate runs there, see
  /// ``InlineOperationQueue``) ends libcurl's read loop after the piece in hand; the work queue
  /// then frees up and the cancellation that follows closes the connection.
  ///
  /// FoundationNetworking has no API for this: the task's libcurl handle is found by reflection
  /// (`_protocolStorage` → `easyHandle` → `rawHandle`) and `curl_easy_pause` by `dlsym`. When
  /// either is missing (another FoundationNetworking), nothing is paused and the cancellation
  /// alone ends the transfer, later.
  enum TransferBrake {
    private typealias Pause = @convention(c) (UnsafeMutableRawPointer?, Int32) -> Int32
    /// `CURLPAUSE_RECV | CURLPAUSE_SEND`.
    private static let pauseAll: Int32 = 1 | 4

    /// Pauses `task`'s transfer; call only from a delegate callback made inline by libcurl.
    ///
    /// - Returns: Whether libcurl paused it.
    @discardableResult
    static func stop(_ task: URLSessionTask) -> Bool {
      guard let handle = easyHandle(of: task) else { return false }
      return stop(handle: handle)
    }

    /// Pauses the transfer of libcurl's easy `handle`; call only from inside one of its callbacks.
    ///
    /// - Returns: Whether libcurl paused it.
    @discardableResult
    static func stop(handle: UnsafeMutableRawPointer) -> Bool {
      guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "curl_easy_pause") else { return false }
      let pause = unsafeBitCast(symbol, to: Pause.self)
      return pause(handle, pauseAll) == 0
    }

    /// The libcurl easy handle of `task`'s transfer, while it has one; use it only on the
    /// session's work queue (or inside a libcurl callback, which runs there).
    static func easyHandle(of task: URLSessionTask) -> UnsafeMutableRawPointer? {
      guard let storage = field("_protocolStorage", of: task),
        let urlProtocol = Mirror(reflecting: storage).children.first(where: { $0.label == "existing" })?.value,
        let easy = field("easyHandle", of: urlProtocol).flatMap(unwrapped),
        let raw = field("rawHandle", of: easy).flatMap(unwrapped)
      else { return nil }
      return raw as? UnsafeMutableRawPointer
    }

    /// A stored property of `value` or of one of its superclasses.
    static func field(_ name: String, of value: Any) -> Any? {
      var mirror: Mirror? = Mirror(reflecting: value)
      while let current = mirror {
        if let child = current.children.first(where: { $0.label == name }) { return child.value }
        mirror = current.superclassMirror
      }
      return nil
    }

    /// The value inside an `Optional`, or the value itself.
    private static func unwrapped(_ value: Any) -> Any? {
      let mirror = Mirror(reflecting: value)
      guard mirror.displayStyle == .optional else { return value }
      return mirror.children.first?.value
    }
  }
#endif
