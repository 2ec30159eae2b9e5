import FakeGitHubServer
import Foundation
import GitHubFollowers

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// Issue 38: the processor time a request costs while it waits on a server that accepted the
/// connection, read the request and says nothing, until its deadline. FoundationNetworking's
/// URLSession spun a core meanwhile (7.05 s of CPU in 8 s); the transport should sleep.
///
/// A fresh copy of this binary (``childFlag``) runs the silent server and one request with an
/// 8-second deadline through the production client, and prints the process's processor time
/// (user and system, `getrusage`) from sending to the timeout: everything the process did
/// meanwhile, the server's threads included.
enum SilentServerWait {
  static let name = "waiting on a silent server: CPU over 8 s"
  static let childFlag = "--silent-server-child"
  static let seconds = 8
  static let targetSeconds = 0.1

  static func run() -> [BenchmarkResult] {
    let fields = FreshCopy.output([childFlag, String(seconds)]).split(separator: " ").map(String.init)
    let outcome = fields.count == 2 ? fields[1] : "no answer"
    let processor = fields.count == 2 ? Double(fields[0]) ?? .nan : .nan
    return [
      BenchmarkResult(
        name: name, value: processor, unit: "s", baselineName: nil, baselineValue: nil,
        // A wait that did not end in the deadline did not measure the wait: fail the row.
        measure: outcome == "timedOut" && processor.isFinite ? processor : .infinity,
        target: targetSeconds, targetDescription: "≤ \(targetSeconds) s",
        notes: "process CPU (getrusage) of a fresh copy from sending to the \(seconds) s deadline; "
          + "the request ended: \(outcome)")
    ]
  }

  /// In the fresh copy: waits `seconds` on a silent server and prints `cpu outcome`.
  static func child(_ seconds: String?) async -> Never {
    guard let seconds = seconds.flatMap(Int.init), seconds > 0, let server = try? FakeGitHubServer() else {
      print("nan setup")
      exit(1)
    }
    server.setHandler { _ in FakeResponse(status: 200, behavior: .neverRespond) }
    let http = DefaultHTTPClient(timeout: .seconds(seconds))
    let url = server.baseURL.appending(path: "users/bench")
    let start = Measure.processorTime()
    var outcome = "answered"
    do {
      _ = try await http.send(.get(url: url))
    } catch let error as URLError {
      outcome = error.code == .timedOut ? "timedOut" : "URLError\(error.code.rawValue)"
    } catch {
      outcome = "error"
    }
    let processor = Measure.processorTime() - start
    print("\(processor) \(outcome)")
    server.stop()
    exit(0)
  }
}
