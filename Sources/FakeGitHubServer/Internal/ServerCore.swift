import Foundation

/// One scripted answer queued with ``FakeGitHubServer/respond(to:with:times:)``.
struct Override: Sendable {
  var response: FakeResponse
  /// How many more requests it answers; `nil` for all of them.
  var remaining: Int?
}

/// Everything the server's threads share, guarded by one ``LockBox``.
struct ServerState: Sendable {
  var latency: Duration
  var stopped = false
  var listenerExited = false
  /// The socket that keeps a stopped server's port refusing connections; see
  /// ``POSIX/reservePort(_:)``. Closed when the core is deinitialized.
  var portReservation: Int32?
  /// Connections still owned by their threads; `stop()` shuts these down.
  var connections: Set<Int32> = []
  /// Users by lowercased login (GitHub logins are case-insensitive).
  var users: [String: FakeUser] = [:]
  /// Lowercased logins in the order they were added, for search results.
  var userOrder: [String] = []
  /// Generated follower pages, by login and range: generating them costs more than the
  /// client under test spends, and would show up in the HTTP benchmark as the client's time.
  /// At most ``followerPageBytesLimit`` bytes of bodies, the oldest dropped first, so that a
  /// user with a million followers is served page by page without all of them in memory.
  var followerPages: [String: (body: Data, etag: String)] = [:]
  /// The keys of ``followerPages``, oldest first.
  var followerPageOrder: [String] = []
  /// The bytes of the bodies in ``followerPages``.
  var followerPageBytes = 0
  /// How many bytes of generated pages are kept: every page of 100,000 followers (about
  /// 110 MB), so that the benchmarks' repeated runs measure the client, not the generator.
  static let followerPageBytesLimit = 128 << 20
  var overrides: [String: [Override]] = [:]
  var handler: (@Sendable (FakeRequest) -> FakeResponse?)?
  var requests: [FakeRequest] = []
  /// Requests counted against each rate-limit resource ("core", "search").
  var rateLimitUsed: [String: Int] = [:]

  /// Keeps a generated page, dropping the oldest ones beyond ``followerPageBytesLimit``.
  mutating func keepFollowerPage(_ entry: (body: Data, etag: String), for key: String) {
    guard followerPages.updateValue(entry, forKey: key) == nil else { return }
    followerPageOrder.append(key)
    followerPageBytes += entry.body.count
    var dropped = 0
    while followerPageBytes > Self.followerPageBytesLimit, dropped < followerPageOrder.count - 1 {
      followerPageBytes -= followerPages.removeValue(forKey: followerPageOrder[dropped])?.body.count ?? 0
      dropped += 1
    }
    if dropped > 0 { followerPageOrder.removeFirst(dropped) }
  }

  /// Forgets every generated page.
  mutating func forgetFollowerPages() {
    followerPages.removeAll()
    followerPageOrder.removeAll()
    followerPageBytes = 0
  }

  /// Takes the first override queued for `path`, consuming one of its uses.
  mutating func takeOverride(for path: String) -> FakeResponse? {
    guard var queue = overrides[path], !queue.isEmpty else { return nil }
    let response = queue[0].response
    if let remaining = queue[0].remaining {
      if remaining <= 1 {
        queue.removeFirst()
      } else {
        queue[0].remaining = remaining - 1
      }
    }
    overrides[path] = queue.isEmpty ? nil : queue
    return response
  }
}

/// The server's engine: the listener thread, the connection threads and the shared state.
///
/// ``FakeGitHubServer`` is a thin facade over this object. The threads retain the core, never
/// the facade, so dropping the last reference to a server runs its `deinit`, which stops it.
final class ServerCore: Sendable {
  let port: Int
  let baseURL: URL
  /// `baseURL` as text without a trailing slash, for building links.
  let base: String
  /// When every rate-limit window of this server resets (epoch seconds).
  let rateLimitReset: Int
  let state: LockBox<ServerState>
  private let listener: Int32
  private let wakeRead: Int32
  private let wakeWrite: Int32

  init(latency: Duration) throws {
    let (listener, port) = try POSIX.makeLoopbackListener()
    let wake: (read: Int32, write: Int32)
    do {
      wake = try POSIX.makeWakePipe()
    } catch {
      POSIX.closeDescriptor(listener)
      throw error
    }
    self.listener = listener
    self.wakeRead = wake.read
    self.wakeWrite = wake.write
    self.port = port
    self.base = "http://127.0.0.1:\(port)"
    self.baseURL = URL(string: base)!
    self.rateLimitReset = Int(Date().timeIntervalSince1970) + 3_600
    self.state = LockBox(ServerState(latency: latency))

    let thread = Thread { [self] in acceptLoop() }
    thread.name = "FakeGitHubServer:\(port) listener"
    thread.start()
  }

  deinit {
    if let reservation = state.withLock({ $0.portReservation }) {
      POSIX.closeDescriptor(reservation)
    }
  }

  /// Stops listening, wakes and closes every connection, and waits (briefly) for the
  /// listener thread to close the listener. Safe to call any number of times, from any thread.
  ///
  /// The port stays reserved until the core is deinitialized, so it refuses connections
  /// rather than reaching whichever server the kernel would give it to next.
  func stop() {
    let first = state.withLockBroadcasting { state -> Bool in
      guard !state.stopped else { return false }
      state.stopped = true
      // Reserve the port before the listener closes, so that it is never free in between.
      state.portReservation = POSIX.reservePort(port)
      if !state.listenerExited { POSIX.poke(wakeWrite) }
      // Only shut down here; each connection thread closes its own descriptor, so a
      // descriptor number is never closed twice or reused under a running thread.
      for fd in state.connections { POSIX.shutdownBoth(fd) }
      return true
    }
    guard first else { return }
    _ = state.wait(until: .now + .seconds(5)) { $0.listenerExited }
    POSIX.closeDescriptor(wakeWrite)
  }

  var isStopped: Bool {
    state.withLock { $0.stopped }
  }

  /// Sleeps for `duration` unless the server stops first.
  ///
  /// - Returns: `true` if the full duration passed with the server still running.
  func pause(for duration: Duration) -> Bool {
    guard duration > .zero else { return !isStopped }
    let interrupted = state.wait(until: .now + duration) { $0.stopped }
    return !interrupted
  }

  // MARK: Threads

  private func acceptLoop() {
    defer {
      POSIX.closeDescriptor(listener)
      POSIX.closeDescriptor(wakeRead)
      state.withLockBroadcasting { $0.listenerExited = true }
    }
    while true {
      switch POSIX.waitForConnection(listener: listener, wake: wakeRead) {
      case .woken:
        return
      case .retry:
        if isStopped { return }
      case .connection(let fd):
        let accepted = state.withLock { state -> Bool in
          guard !state.stopped else { return false }
          state.connections.insert(fd)
          return true
        }
        guard accepted else {
          POSIX.closeDescriptor(fd)
          return
        }
        let thread = Thread { [self] in serve(fd) }
        thread.name = "FakeGitHubServer:\(port) connection \(fd)"
        thread.start()
      }
    }
  }

  /// Serves requests on one connection until either side closes it.
  private func serve(_ fd: Int32) {
    var closeGracefully = true
    defer {
      // Drain while still registered, so stop() can cut the drain short.
      if closeGracefully { POSIX.finishSending(fd) }
      state.withLock { _ = $0.connections.remove(fd) }
      POSIX.closeDescriptor(fd)
    }
    var reader = RequestReader(fd: fd)
    while true {
      let parsed: ParsedRequest
      switch reader.next() {
      case .closed:
        closeGracefully = false
        return
      case .malformed(let status):
        let response = FakeResponse.json(status, #"{"message":"\#(ResponseWriter.reason(for: status))"}"#)
        POSIX.sendAll(
          fd, ResponseWriter.head(for: response, contentLength: response.body.count, close: true) + response.body)
        return
      case .request(let request):
        parsed = request
      }

      // Latency counts from the request's arrival: the server's own work happens inside it,
      // as on a real server, so a benchmark's per-request overhead is the client's alone.
      let arrival = ContinuousClock.now
      let request = FakeRequest(
        method: parsed.method,
        target: parsed.target,
        headers: Dictionary(parsed.headers, uniquingKeysWith: { $0 + ", " + $1 })
      )
      let response = respond(to: request)
      let latency = state.withLock { $0.latency }
      // RFC 9110 §15.3.5, §15.4.5: a 204 or 304 has no body.
      let body = response.status == 204 || response.status == 304 ? [] : [UInt8](response.body)
      guard pause(for: max(latency - (ContinuousClock.now - arrival), .zero)) else {
        closeGracefully = false
        return
      }

      switch response.behavior {
      case .normal:
        let close = !parsed.keepAlive
        let head = ResponseWriter.head(for: response, contentLength: body.count, close: close)
        guard POSIX.sendAll(fd, head + body), !close else { return }
      case .closeMidBody:
        let head = ResponseWriter.head(for: response, contentLength: body.count, close: false)
        POSIX.sendAll(fd, head + body.prefix(body.count / 2))
        return
      case .neverRespond:
        // Hold the connection: read and discard until the client gives up or stop() shuts
        // the socket down.
        var scratch = [UInt8](repeating: 0, count: 4_096)
        while scratch.withUnsafeMutableBytes({ POSIX.receive(fd, into: $0) }) > 0 {}
        closeGracefully = false
        return
      case .raw(let script):
        script(RawConnection(fd: fd, core: self))
        return
      }
    }
  }

  // MARK: Answering

  /// Records `request` and picks its answer: handler, then overrides, then GitHub routes.
  func respond(to request: FakeRequest) -> FakeResponse {
    let handler = state.withLock { state in
      state.requests.append(request)
      return state.handler
    }
    if let handler, let response = handler(request) { return response }
    if let response = state.withLock({ $0.takeOverride(for: request.path) }) { return response }
    return route(request)
  }
}
