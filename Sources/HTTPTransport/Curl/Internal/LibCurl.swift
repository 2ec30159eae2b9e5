#if os(Linux)
  import Foundation

  #if canImport(Glibc)
    import Glibc
  #elseif canImport(Musl)
    import Musl
  #endif

  /// libcurl's documented C API, loaded at run time from `libcurl.so.4` (the library
  /// FoundationNetworking itself needs on Linux): no headers, no module map, no package.
  ///
  /// Each function is found with `dlsym` and called through a `@convention(c)` type written from
  /// its prototype in curl's `include/curl/curl.h` and `multi.h` (`CURL *` and `CURLM *` are opaque
  /// pointers, `CURLcode`/`CURLMcode`/`CURLoption`/`CURLINFO` are C `int`s, `long` is `Int`,
  /// `size_t` is `Int`). libcurl's ABI under the `.so.4` name has been stable since 2006; the
  /// newest functions used here are `curl_multi_poll` (7.66.0) and `curl_multi_wakeup` (7.68.0).
  ///
  /// **The variadic functions.** `curl_easy_setopt(CURL *, CURLoption, ...)`,
  /// `curl_multi_setopt` and `curl_easy_getinfo` take one argument after the option, whose type
  /// the option names: a `long`, a pointer (strings, lists, callbacks, user data) or a
  /// `curl_off_t`. Swift cannot call a C variadic function through a pointer, so each is called
  /// through a fixed-argument type for the one kind of argument the option takes (``SetLong``,
  /// ``SetPointer``, ``SetOffset``). That is exactly a variadic call on Linux's two 64-bit ABIs:
  /// - x86-64 (System V): variadic arguments are passed in the same integer registers as named
  ///   ones (`rdi`, `rsi`, `rdx`, ...); `long`, `curl_off_t` and pointers are all 64-bit
  ///   integers class. The only extra is `al`, the caller's upper bound on the vector registers
  ///   used, which the callee's prologue reads only to decide whether to spill `xmm0–7` into its
  ///   register save area: garbage there costs a few stores, and no vector argument is ever read.
  /// - arm64 (AAPCS64, as Linux uses it): variadic arguments are passed exactly as named ones,
  ///   in `x0–x7`. (Apple's arm64 ABI puts them on the stack instead: this file is Linux only.)
  ///
  /// Never pass a narrower integer (`Int32`) or a floating-point value this way.
  struct LibCurl: @unchecked Sendable {
    // `@unchecked`: a C function pointer is immutable and callable from any thread; which calls
    // may be made from which thread is libcurl's rule (one thread per handle), kept by CurlLoop.

    typealias Handle = OpaquePointer

    /// `size_t (*)(char *ptr, size_t size, size_t nmemb, void *userdata)`: the header and write
    /// callbacks' type.
    typealias DataCallback =
      @convention(c) (UnsafeMutablePointer<CChar>?, Int, Int, UnsafeMutableRawPointer?) -> Int
    /// `int (*)(void *clientp, curl_off_t dltotal, curl_off_t dlnow, curl_off_t ultotal, curl_off_t ulnow)`.
    typealias ProgressCallback = @convention(c) (UnsafeMutableRawPointer?, Int64, Int64, Int64, Int64) -> Int32

    typealias GlobalInit = @convention(c) (Int) -> Int32
    typealias Version = @convention(c) () -> UnsafePointer<CChar>?
    typealias EasyInit = @convention(c) () -> Handle?
    typealias EasyCleanup = @convention(c) (Handle?) -> Void
    /// `curl_easy_setopt` for an option that takes a `long`.
    typealias SetLong = @convention(c) (Handle?, Int32, Int) -> Int32
    /// `curl_easy_setopt` for an option that takes a pointer (string, list, function, data).
    typealias SetPointer = @convention(c) (Handle?, Int32, UnsafeRawPointer?) -> Int32
    /// `curl_easy_setopt` for an option that takes a `curl_off_t`.
    typealias SetOffset = @convention(c) (Handle?, Int32, Int64) -> Int32
    /// `curl_easy_getinfo` for information returned into a `long`.
    typealias GetLong = @convention(c) (Handle?, Int32, UnsafeMutablePointer<Int>?) -> Int32
    typealias EasyStrerror = @convention(c) (Int32) -> UnsafePointer<CChar>?
    typealias SlistAppend = @convention(c) (Handle?, UnsafePointer<CChar>?) -> Handle?
    typealias SlistFreeAll = @convention(c) (Handle?) -> Void
    typealias MultiInit = @convention(c) () -> Handle?
    typealias MultiHandleCall = @convention(c) (Handle?, Handle?) -> Int32
    typealias MultiPerform = @convention(c) (Handle?, UnsafeMutablePointer<Int32>?) -> Int32
    /// `curl_multi_poll(multi, extra_fds, extra_nfds, timeout_ms, numfds)`.
    typealias MultiPoll =
      @convention(c) (Handle?, UnsafeMutableRawPointer?, UInt32, Int32, UnsafeMutablePointer<Int32>?) -> Int32
    typealias MultiWakeup = @convention(c) (Handle?) -> Int32
    /// `curl_multi_info_read(multi, msgs_in_queue)`: a `CURLMsg *` (see ``Message``).
    typealias MultiInfoRead = @convention(c) (Handle?, UnsafeMutablePointer<Int32>?) -> UnsafeMutableRawPointer?

    let globalInit: GlobalInit
    let version: Version
    let easyInit: EasyInit
    let easyCleanup: EasyCleanup
    let setLong: SetLong
    let setPointer: SetPointer
    let setOffset: SetOffset
    let getLong: GetLong
    let easyStrerror: EasyStrerror
    let slistAppend: SlistAppend
    let slistFreeAll: SlistFreeAll
    let multiInit: MultiInit
    let multiSetLong: SetLong
    let multiAddHandle: MultiHandleCall
    let multiRemoveHandle: MultiHandleCall
    let multiPerform: MultiPerform
    let multiPoll: MultiPoll
    let multiWakeup: MultiWakeup
    let multiInfoRead: MultiInfoRead

    /// The library FoundationNetworking loads, and the one the transport uses.
    static let defaultLibrary = "libcurl.so.4"

    /// Every function the transport calls, in the order they are looked up.
    static let requiredSymbols = [
      "curl_global_init", "curl_version", "curl_easy_init", "curl_easy_cleanup", "curl_easy_setopt",
      "curl_easy_getinfo", "curl_easy_strerror", "curl_slist_append", "curl_slist_free_all", "curl_multi_init",
      "curl_multi_setopt", "curl_multi_add_handle", "curl_multi_remove_handle", "curl_multi_perform",
      "curl_multi_poll", "curl_multi_wakeup", "curl_multi_info_read",
    ]

    /// Loads `library` and looks up every function in ``requiredSymbols``.
    ///
    /// - Parameter library: The shared library's name or path.
    /// - Returns: The functions, or an error that names the library and every symbol missing.
    static func load(_ library: String = defaultLibrary) -> Result<LibCurl, CurlUnavailableError> {
      guard let image = dlopen(library, RTLD_NOW | RTLD_LOCAL) else {
        let reason = dlerror().map { String(cString: $0) } ?? "no reason given"
        return .failure(
          CurlUnavailableError(
            "libcurl could not be loaded (\(reason)); install libcurl 7.68 or later (the libcurl4 package) "
              + "so that \(library) can be found"))
      }
      var found: [String: UnsafeMutableRawPointer] = [:]
      var missing: [String] = []
      for name in requiredSymbols {
        if let symbol = dlsym(image, name) { found[name] = symbol } else { missing.append(name) }
      }
      guard missing.isEmpty else {
        return .failure(
          CurlUnavailableError(
            "the libcurl loaded from \(library) lacks \(missing.joined(separator: ", ")); "
              + "install libcurl 7.68 or later"))
      }
      func function<F>(_ name: String, as type: F.Type) -> F {
        // Every name was found above.
        unsafeBitCast(found[name]!, to: type)
      }
      return .success(
        LibCurl(
          globalInit: function("curl_global_init", as: GlobalInit.self),
          version: function("curl_version", as: Version.self),
          easyInit: function("curl_easy_init", as: EasyInit.self),
          easyCleanup: function("curl_easy_cleanup", as: EasyCleanup.self),
          setLong: function("curl_easy_setopt", as: SetLong.self),
          setPointer: function("curl_easy_setopt", as: SetPointer.self),
          setOffset: function("curl_easy_setopt", as: SetOffset.self),
          getLong: function("curl_easy_getinfo", as: GetLong.self),
          easyStrerror: function("curl_easy_strerror", as: EasyStrerror.self),
          slistAppend: function("curl_slist_append", as: SlistAppend.self),
          slistFreeAll: function("curl_slist_free_all", as: SlistFreeAll.self),
          multiInit: function("curl_multi_init", as: MultiInit.self),
          multiSetLong: function("curl_multi_setopt", as: SetLong.self),
          multiAddHandle: function("curl_multi_add_handle", as: MultiHandleCall.self),
          multiRemoveHandle: function("curl_multi_remove_handle", as: MultiHandleCall.self),
          multiPerform: function("curl_multi_perform", as: MultiPerform.self),
          multiPoll: function("curl_multi_poll", as: MultiPoll.self),
          multiWakeup: function("curl_multi_wakeup", as: MultiWakeup.self),
          multiInfoRead: function("curl_multi_info_read", as: MultiInfoRead.self)))
    }

    /// libcurl's version text, such as `libcurl/8.5.0 OpenSSL/3.0.13 zlib/1.3 ...`.
    var versionText: String {
      version().map { String(cString: $0) } ?? "libcurl (version unknown)"
    }

    /// `curl_easy_strerror(code)`.
    func describe(_ code: Int32) -> String {
      easyStrerror(code).map { String(cString: $0) } ?? "CURLcode \(code)"
    }

    /// Sets a pointer option to a C function.
    func set<F>(_ handle: Handle, _ option: Int32, function: F) -> Int32 {
      setPointer(handle, option, unsafeBitCast(function, to: UnsafeRawPointer.self))
    }
  }

  /// A `CURLMsg` from `curl_multi_info_read`:
  /// `struct { CURLMSG msg; CURL *easy_handle; union { void *whatever; CURLcode result; } data; }`,
  /// so on a 64-bit platform `msg` (a C `int`) at offset 0, the handle at 8 and the union at 16,
  /// whose `result` (a C `int`) is its first four bytes on a little-endian machine.
  struct CurlMessage {
    /// `CURLMSG_DONE`: a transfer ended; ``result`` is its `CURLcode`.
    static let done: Int32 = 1

    let kind: Int32
    let handle: OpaquePointer?
    let result: Int32

    init(_ raw: UnsafeMutableRawPointer) {
      kind = raw.load(fromByteOffset: 0, as: Int32.self)
      handle = raw.load(fromByteOffset: 8, as: OpaquePointer?.self)
      result = raw.load(fromByteOffset: 16, as: Int32.self)
    }
  }

  /// The `CURLoption`, `CURLMoption` and `CURLINFO` numbers used, from curl's `include/curl/curl.h`
  /// and `multi.h`: a type base (`CURLOPTTYPE_LONG` 0, `OBJECTPOINT` 10000, `FUNCTIONPOINT` 20000,
  /// `OFF_T` 30000; `CURLINFO_STRING` 0x100000, `LONG` 0x200000) plus the option's number.
  enum CurlOption {
    static let url: Int32 = 10_002  // CURLOPT_URL
    static let errorBuffer: Int32 = 10_010  // CURLOPT_ERRORBUFFER, CURL_ERROR_SIZE (256) bytes
    static let writeFunction: Int32 = 20_011  // CURLOPT_WRITEFUNCTION
    static let writeData: Int32 = 10_001  // CURLOPT_WRITEDATA
    static let headerFunction: Int32 = 20_079  // CURLOPT_HEADERFUNCTION
    static let headerData: Int32 = 10_029  // CURLOPT_HEADERDATA
    static let xferInfoFunction: Int32 = 20_219  // CURLOPT_XFERINFOFUNCTION
    static let xferInfoData: Int32 = 10_057  // CURLOPT_XFERINFODATA
    static let noProgress: Int32 = 43  // CURLOPT_NOPROGRESS
    static let privateData: Int32 = 10_103  // CURLOPT_PRIVATE
    static let httpHeader: Int32 = 10_023  // CURLOPT_HTTPHEADER
    static let customRequest: Int32 = 10_036  // CURLOPT_CUSTOMREQUEST
    static let followLocation: Int32 = 52  // CURLOPT_FOLLOWLOCATION
    static let acceptEncoding: Int32 = 10_102  // CURLOPT_ACCEPT_ENCODING
    static let timeoutMilliseconds: Int32 = 155  // CURLOPT_TIMEOUT_MS
    static let noSignal: Int32 = 99  // CURLOPT_NOSIGNAL
    static let suppressConnectHeaders: Int32 = 265  // CURLOPT_SUPPRESS_CONNECT_HEADERS
    static let inFileSizeLarge: Int32 = 30_115  // CURLOPT_INFILESIZE_LARGE
    static let upload: Int32 = 46  // CURLOPT_UPLOAD
    static let readFunction: Int32 = 20_012  // CURLOPT_READFUNCTION

    static let multiMaxHostConnections: Int32 = 7  // CURLMOPT_MAX_HOST_CONNECTIONS

    static let infoResponseCode: Int32 = 0x20_0000 + 2  // CURLINFO_RESPONSE_CODE

    static let globalAll = 3  // CURL_GLOBAL_ALL (CURL_GLOBAL_SSL | CURL_GLOBAL_WIN32)
    static let errorSize = 256  // CURL_ERROR_SIZE
  }

  /// The `CURLcode`s the transport names (curl.h).
  enum CurlCode {
    static let ok: Int32 = 0
    static let unsupportedProtocol: Int32 = 1
    static let urlMalformat: Int32 = 3
    static let couldNotResolveProxy: Int32 = 5
    static let couldNotResolveHost: Int32 = 6
    static let couldNotConnect: Int32 = 7
    static let weirdServerReply: Int32 = 8
    static let partialFile: Int32 = 18
    static let writeError: Int32 = 23
    static let operationTimedOut: Int32 = 28
    static let sslConnectError: Int32 = 35
    static let abortedByCallback: Int32 = 42
    static let gotNothing: Int32 = 52
    static let sendError: Int32 = 55
    static let receiveError: Int32 = 56
    static let peerFailedVerification: Int32 = 60
    static let badContentEncoding: Int32 = 61
  }
#endif
