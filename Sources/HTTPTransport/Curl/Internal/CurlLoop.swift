#if os(Linux)
  import Foundation
  import FoundationNetworking

  /// libcurl's multi interface driven by one thread of its own: every transfer of the process
  /// runs here, and nothing else touches a libcurl handle.
  ///
  /// The thread loops: take the transfers submitted and the ones ended early; create, configure
  /// and add the new ones' easy handles, remove the ended ones'; `curl_multi_perform`; answer the
  /// finished ones (`curl_multi_info_read`); then `curl_multi_poll`, which sleeps until a socket is
  /// ready, libcurl's next timeout (a transfer's deadline) is due, or another thread calls
  /// `curl_multi_wakeup` (the one libcurl call made from other threads; it is thread-safe). A
  /// request waiting on a silent server therefore costs no CPU while it waits.
  ///
  /// Connections stay in the multi handle between transfers (keep-alive), up to six a host.
  final class CurlLoop: @unchecked Sendable {
    // `@unchecked`: ``inbox`` is behind its lock; the multi handle and ``active`` are used on the
    // loop's thread alone.

    /// The loop of the process, started at its first use; a failure when libcurl cannot be loaded.
    static let shared: Result<CurlLoop, CurlUnavailableError> = start(library: LibCurl.defaultLibrary)

    let curl: LibCurl
    private let multi: OpaquePointer

    private struct Inbox {
      var submitted: [CurlTransfer] = []
      var ended: [CurlTransfer] = []
    }

    private let inbox = LockedState(Inbox())
    private var active: [OpaquePointer: CurlTransfer] = [:]

    private init(curl: LibCurl, multi: OpaquePointer) {
      self.curl = curl
      self.multi = multi
    }

    /// Loads `library`, makes the multi handle and starts the thread.
    static func start(library: String) -> Result<CurlLoop, CurlUnavailableError> {
      LibCurl.load(library).flatMap { curl in
        // Thread-safe from libcurl 7.84.0; FoundationNetworking, if the process uses URLSession
        // too, calls it as well (and a second call only counts).
        let initialized = curl.globalInit(CurlOption.globalAll)
        guard initialized == CurlCode.ok else {
          return .failure(CurlUnavailableError("curl_global_init failed: \(curl.describe(initialized))"))
        }
        guard let multi = curl.multiInit() else {
          return .failure(CurlUnavailableError("curl_multi_init returned no handle"))
        }
        _ = curl.multiSetLong(multi, CurlOption.multiMaxHostConnections, 6)
        let loop = CurlLoop(curl: curl, multi: multi)
        let thread = Thread { loop.run() }
        thread.name = "HTTPTransport.CurlLoop"
        thread.start()
        return .success(loop)
      }
    }

    /// Hands `transfer` to the loop, which starts it at once.
    func submit(_ transfer: CurlTransfer) {
      inbox.withLock { $0.submitted.append(transfer) }
      _ = curl.multiWakeup(multi)
    }

    /// Has the loop stop `transfer`, whose caller was answered already (cancelled).
    func stop(_ transfer: CurlTransfer) {
      inbox.withLock { $0.ended.append(transfer) }
      _ = curl.multiWakeup(multi)
    }

    private func run() {
      var running: Int32 = 0
      var ready: Int32 = 0
      while true {
        let (submitted, ended) = inbox.withLock { inbox in
          defer { inbox = Inbox() }
          return (inbox.submitted, inbox.ended)
        }
        for transfer in ended { remove(transfer) }
        for transfer in submitted { begin(transfer) }
        _ = curl.multiPerform(multi, &running)
        answerFinished()
        // Sleeps until a socket is ready, libcurl's own next timeout, or a wake-up.
        _ = curl.multiPoll(multi, nil, 0, 30_000, &ready)
      }
    }

    private func answerFinished() {
      var left: Int32 = 0
      while let raw = curl.multiInfoRead(multi, &left) {
        // Copied before the handle is removed: the message does not outlive that.
        let message = CurlMessage(raw)
        guard message.kind == CurlMessage.done, let handle = message.handle, let transfer = active[handle] else {
          continue
        }
        transfer.complete(code: message.result, curl: curl)
        remove(transfer)
      }
    }

    private func begin(_ transfer: CurlTransfer) {
      guard !transfer.isEnded else { return }
      guard let easy = curl.easyInit() else {
        transfer.end(.failure(URLError(.unknown, userInfo: [NSLocalizedDescriptionKey: "curl_easy_init failed"])))
        return
      }
      transfer.easy = easy
      if let refused = CurlOptions.configure(easy, for: transfer, with: curl) {
        transfer.end(.failure(URLError(.unknown, userInfo: [NSLocalizedDescriptionKey: refused])))
        release(transfer)
        return
      }
      let added = curl.multiAddHandle(multi, easy)
      guard added == 0 else {
        let detail = "curl_multi_add_handle failed (CURLMcode \(added))"
        transfer.end(.failure(URLError(.unknown, userInfo: [NSLocalizedDescriptionKey: detail])))
        release(transfer)
        return
      }
      active[easy] = transfer
    }

    /// Takes `transfer`'s handle out of the multi handle and frees it; nothing for a transfer
    /// that has none (never begun, or removed already).
    private func remove(_ transfer: CurlTransfer) {
      guard let easy = transfer.easy, active.removeValue(forKey: easy) != nil else { return }
      _ = curl.multiRemoveHandle(multi, easy)
      release(transfer)
    }

    private func release(_ transfer: CurlTransfer) {
      if let easy = transfer.easy { curl.easyCleanup(easy) }
      transfer.easy = nil
      if let list = transfer.headerList { curl.slistFreeAll(list) }
      transfer.headerList = nil
    }
  }
#endif
