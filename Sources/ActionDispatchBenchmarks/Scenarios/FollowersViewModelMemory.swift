import FakeGitHubServer
import Foundation
import GitHubFollowers

/// Issue 23: what one follower costs a UI's list, ``FollowersViewModel``, with 100,000 loaded
/// from the fake server through ``GitHubClient``.
///
/// A fresh copy of this binary (``childFlag``) loads the list, reads its resident set, releases
/// the view model and reads it again (after `malloc_trim`, so freed heap is not counted): the
/// difference over the number of followers is what the list holds for each. The copy's peak
/// resident set, the server included, is reported beside it.
enum FollowersViewModelMemory {
  /// The hidden argument that makes this binary load `count` followers and print
  /// `followers bytes-per-follower peak-MiB`.
  static let childFlag = "--view-model-memory-child"
  static let reference = "reference (no target)"

  /// The two reference rows: no target, but a child that fails or loads fewer followers leaves
  /// them not measured (∞), and an unmeasured row fails `--check`.
  static func run(followers: Int) -> [BenchmarkResult] {
    let perFollowerName = "FollowersViewModel memory: bytes per follower with \(followers) loaded"
    let peakName = "FollowersViewModel memory: peak with \(followers) followers loaded"
    guard FreshCopy.executable != nil else {
      let reason = "the benchmark binary cannot find its own path to run a fresh copy"
      return [
        .notMeasured(perFollowerName, unit: "bytes", target: .infinity, targetDescription: reference, because: reason),
        .notMeasured(peakName, unit: "MiB", target: .infinity, targetDescription: reference, because: reason),
      ]
    }
    let fields = FreshCopy.output([childFlag, String(followers)]).split(separator: " ").compactMap { Double($0) }
    let (loaded, perFollower, peak) = fields.count == 3 ? (fields[0], fields[1], fields[2]) : (0, .nan, .nan)
    let ok = loaded == Double(followers)
    return [
      BenchmarkResult(
        name: perFollowerName,
        value: perFollower, unit: "bytes", baselineName: nil, baselineValue: nil,
        measure: ok ? perFollower : .infinity, target: .infinity, targetDescription: reference,
        notes: "resident set with the list held minus after releasing it (malloc_trim), over \(Int(loaded)) followers"),
      BenchmarkResult(
        name: peakName,
        value: peak, unit: "MiB", baselineName: nil, baselineValue: nil,
        measure: ok ? peak : .infinity, target: .infinity, targetDescription: reference,
        notes: "the whole process's ru_maxrss: the fake server generating the pages, the client, the list"),
    ]
  }

  /// In the fresh copy: loads `count` followers and prints the figures.
  @MainActor
  static func child(_ count: String?) async -> Never {
    guard let count = count.flatMap(Int.init), let server = try? FakeGitHubServer() else {
      print("0 nan nan")
      exit(1)
    }
    server.addUser("warmup", followers: 300)
    server.addUser("bigfan", followers: count)
    let client = GitHubClient(configuration: .init(baseURL: server.baseURL))
    // Every code path runs once before measuring, so that what is measured is the list.
    var warmup: FollowersViewModel? = FollowersViewModel(service: client)
    await warmup?.loadAllPages(for: "warmup").value
    warmup = nil
    var viewModel: FollowersViewModel? = FollowersViewModel(service: client)
    await viewModel?.loadAllPages(for: "bigfan").value
    let loaded = viewModel?.followers.count ?? 0
    let holding = ChildProcess.residentBytes()
    viewModel = nil
    let released = ChildProcess.residentBytes()
    print("\(loaded) \((holding - released) / Double(max(loaded, 1))) \(ChildProcess.ownPeak())")
    server.stop()
    exit(0)
  }
}
