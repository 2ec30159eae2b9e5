import FakeGitHubServer
import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Benchmark 6: the memory `action-dispatch followers --all` needs for each follower it lists.
///
/// The release binary lists a user with `large` followers and one with `small` from the
/// in-process fake server, its output discarded; the peak resident set of each run comes from
/// `wait4(2)`. The difference divided by the difference in followers is what one more follower
/// costs (the view model keeps every follower, decoded, for the whole run), free of the fixed
/// cost of starting the process.
enum FollowerMemory {
  static func run(small: Int = 1_000, large: Int) -> [BenchmarkResult] {
    guard let products = BuiltProducts.locate() else { return [] }
    let tool = products.tool
    /// Peak RSS of `followers <count followers> --all [--json]`, each run on a fresh server.
    func peak(_ followers: Int, json: Bool) -> Double {
      guard let server = try? FakeGitHubServer() else { return .nan }
      defer { server.stop() }
      server.addUser("user", followers: followers)
      let arguments = ["followers", "user", "--all", "--api-url", server.baseURL.absoluteString]
      return peakResidentBytes(tool.path, arguments + (json ? ["--json"] : []))
    }
    // The small runs first: a child's peak counts this process's peak at the moment it was
    // spawned (Linux records the spawning address space's high-water mark at exec), and serving
    // the large runs raises it.
    let smallPeaks = [peak(small, json: false), peak(small, json: true)]
    let largePeaks = [peak(large, json: false), peak(large, json: true)]
    return [false, true].enumerated().map { index, json in
      let perFollower = (largePeaks[index] - smallPeaks[index]) / Double(large - small)
      return BenchmarkResult(
        name: "Memory per follower: followers --all\(json ? " --json" : "")",
        value: perFollower, unit: "bytes", baselineName: nil, baselineValue: nil, measure: perFollower,
        target: .infinity, targetDescription: "reference (no target)",
        notes: String(
          format: "peak RSS %.1f MiB for %d followers, %.1f MiB for %d", largePeaks[index] / 1_048_576, large,
          smallPeaks[index] / 1_048_576, small))
    }
  }

  /// Runs a program to its end, output discarded, and returns its peak resident set in bytes.
  private static func peakResidentBytes(_ path: String, _ arguments: [String]) -> Double {
    // Reset this process's high-water mark to its current size (Linux; ignored elsewhere), so
    // that what the child inherits at exec is no more than this process holds now.
    try? Data("5".utf8).write(to: URL(fileURLWithPath: "/proc/self/clear_refs"))
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
    let argv = ([path] + arguments).map { strdup($0) }
    defer { argv.forEach { free($0) } }
    var pid: pid_t = 0
    guard posix_spawn(&pid, path, &actions, nil, argv + [nil], environ) == 0 else { return .nan }
    var status: Int32 = 0
    var usage = rusage()
    while wait4(pid, &status, 0, &usage) < 0, errno == EINTR {}
    #if canImport(Darwin)
      return Double(usage.ru_maxrss)  // bytes
    #else
      return Double(usage.ru_maxrss) * 1024  // KiB
    #endif
  }
}
