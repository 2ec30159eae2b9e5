#if os(Linux)
  import FakeGitHubServer
  import Foundation
  import Testing

  @testable import HTTPTransport

  /// The transport as designed, checked at once: every libcurl function it calls resolves, and
  /// each of its callbacks runs on a loopback request. When one fails, the test names what is
  /// missing, instead of a hostile-server test timing out later.
  @Suite struct CurlCanaryTests {
    @Test func everyFunctionTheTransportCallsResolves() throws {
      switch LibCurl.load() {
      case .success(let curl):
        #expect(curl.versionText.hasPrefix("libcurl/"), "curl_version() said \(curl.versionText)")
      case .failure(let error):
        Issue.record("the libcurl transport cannot be set up: \(error)")
      }
    }

    @Test func theProcessLoopStarts() {
      if case .failure(let error) = CurlLoop.shared {
        Issue.record("the libcurl loop did not start: \(error)")
      }
    }

    @Test func headerWriteAndProgressCallbacksEachRunOnALoopbackRequest() async throws {
      let server = try FakeGitHubServer()
      defer { server.stop() }
      server.respond(to: "/zen", with: .json(200, #"{"zen":"Keep it logically awesome."}"#))
      let http = CurlHTTPClient(timeout: .seconds(60))

      let outcome = try await http.exchange(.get(url: server.baseURL.appending(path: "zen")))

      #expect(outcome.response.statusCode == 200)
      #expect(String(decoding: outcome.response.body, as: UTF8.self) == #"{"zen":"Keep it logically awesome."}"#)
      #expect(outcome.calls.header > 0, "CURLOPT_HEADERFUNCTION was never called")
      #expect(outcome.calls.write > 0, "CURLOPT_WRITEFUNCTION was never called")
      #expect(outcome.calls.progress > 0, "CURLOPT_XFERINFOFUNCTION was never called")
    }

    @Test func aLibraryThatCannotBeLoadedIsNamed() {
      guard case .failure(let error) = LibCurl.load("libcurl-that-is-not-there.so.4") else {
        Issue.record("a library that does not exist was loaded")
        return
      }
      #expect(error.message.contains("libcurl could not be loaded"))
      #expect(error.message.contains("libcurl-that-is-not-there.so.4"))
    }

    @Test func aLibraryWithoutTheFunctionsIsNamedWithWhatItLacks() {
      // libc is a library, but no libcurl: every function is missing, and named.
      guard case .failure(let error) = LibCurl.load("libc.so.6") else {
        Issue.record("libc passed for libcurl")
        return
      }
      #expect(error.message.contains("lacks curl_global_init"))
      #expect(error.message.contains("curl_multi_wakeup"))
    }

    @Test func withoutLibcurlTheFirstRequestFailsWithTheReason() async throws {
      let http = CurlHTTPClient(
        timeout: .seconds(5), maxResponseBytes: 1 << 20, loop: CurlLoop.start(library: "libcurl-missing.so.4"))
      await #expect {
        try await http.send(.get(url: URL(string: "http://127.0.0.1:9/")!))
      } throws: { error in
        (error as? CurlUnavailableError)?.message.contains("libcurl-missing.so.4") == true
      }
    }
  }
#endif
