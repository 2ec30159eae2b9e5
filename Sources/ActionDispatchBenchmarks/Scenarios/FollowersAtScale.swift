import FakeGitHubServer
import Foundation
import GitHubFollowers

/// Issue 23: `action-dispatch followers X --all` (table and `--json`) costs the same memory at
/// the millionth follower as at the first, and lists rows about as fast as the pages arrive.
///
/// - Peak memory: the release tool lists a user with 10,000, 100,000 (and, without `--quick`,
///   1,000,000) followers from the fake server, which generates each page when asked, output
///   discarded; the figure is the child's `ru_maxrss` through `wait4`. Each run is spawned by a
///   fresh copy of this binary (``peakChildFlag``), whose own peak the child inherits at `exec`.
///   Gated: at most 64 MiB each, and the largest within 1.2× the 10,000 one.
/// - Rows a second: the tool listing 100,000 followers (pages of 100) against bare
///   `DefaultHTTPClient` sends fetching the same 1,000 pages and discarding them, both
///   against one fake server in a fresh copy (``rateChildFlag``), interleaved, medians of rounds
///   (five; with `--quick`, one round of 20,000 followers, 200 pages: the ratio is per page).
///   The server waits `latency` (20 ms unless `BENCH_LATENCY_MS` says otherwise) before each
///   answer, standing in for the network as in ``FollowersOverHTTP``: with none, both sides are
///   CPU-bound on loopback and the figure measures decoding (reported in the notes).
///   Target: within 10% (the tool's time at most 1/0.9 of the bare sends'); reported in CI, not
///   gated: it reads 1.08–1.09× on this project's machines, 1.12× when other builds load both
///   cores (DocC: ActionDispatch, Performance).
enum FollowersAtScale {
  static let peakChildFlag = "--followers-peak-child"
  static let rateChildFlag = "--followers-rate-child"
  static let peakLimitMiB = 64.0
  static let flatLimit = 1.2

  /// The peak-memory rows; without the built tool, the same rows, not measured.
  static func peaks(sizes: [Int]) -> [BenchmarkResult] {
    let products = Result { () throws(BuiltProducts.Missing) in try BuiltProducts.locate() }
    var results: [BenchmarkResult] = []
    for json in [false, true] {
      let form = json ? "followers --all --json" : "followers --all"
      var peaks: [Int: Double] = [:]
      for size in sizes {
        let name = "followers at scale: peak memory of \(form), \(size) followers"
        let targetDescription = "≤ \(Int(peakLimitMiB)) MiB, exit 0"
        if case .failure(let missing) = products {
          peaks[size] = .nan
          results.append(
            .notMeasured(
              name, unit: "MiB", target: peakLimitMiB, targetDescription: targetDescription,
              because: missing.description))
          continue
        }
        let fields = FreshCopy.output([peakChildFlag, String(size), json ? "json" : "table"])
          .split(separator: " ").compactMap { Double($0) }
        let (status, peak, own) = fields.count == 3 ? (Int(fields[0]), fields[1], fields[2]) : (-1, .nan, .nan)
        peaks[size] = status == 0 ? peak : .infinity
        results.append(
          BenchmarkResult(
            name: name, value: peak, unit: "MiB", baselineName: nil, baselineValue: nil,
            measure: status == 0 ? peak : .infinity, target: peakLimitMiB, targetDescription: targetDescription,
            notes: "the child's ru_maxrss (at least its spawner's \(String(format: "%.1f", own)) MiB); "
              + "exit status \(status)"))
      }
      // Unmeasured peaks (NaN, ∞) leave this ratio NaN: not measured either.
      if let smallest = sizes.min(), let largest = sizes.max(), largest > smallest,
        let small = peaks[smallest], let large = peaks[largest]
      {
        results.append(
          BenchmarkResult(
            name: "followers at scale: peak memory of \(form) (flat), \(largest) vs \(smallest) followers",
            value: large, unit: "MiB", baselineName: "\(smallest) followers", baselineValue: small,
            measure: large / small, target: flatLimit, targetDescription: "≤ \(flatLimit)× the \(smallest) run",
            notes: small.isFinite && large.isFinite
              ? "what the list costs beyond the first rows" : "the runs it compares were not measured"))
      }
    }
    return results
  }

  /// The rows-a-second row; without the built tool, the same row, not measured.
  static func rate(followers rateFollowers: Int, latency: Int, rounds: Int) -> [BenchmarkResult] {
    let name = "followers at scale: rows a second, \(rateFollowers) followers, vs bare transport sends"
    let targetDescription = "within 10% (time ≤ 1.11× the sends)"
    do {
      _ = try BuiltProducts.locate()
    } catch {
      return [
        .notMeasured(
          name, unit: "rows/s", target: 1 / 0.9, targetDescription: targetDescription, because: error.description)
      ]
    }
    let times = FreshCopy.output([rateChildFlag, String(rateFollowers), String(rounds), String(latency)])
      .split(separator: " ").compactMap { Double($0) }
    let (tool, raw) = times.count == 2 ? (times[0], times[1]) : (Double.nan, Double.nan)
    return [
      BenchmarkResult(
        name: name, value: Double(rateFollowers) / tool, unit: "rows/s", baselineName: "bare sends",
        baselineValue: Double(rateFollowers) / raw, measure: tool / raw, target: 1 / 0.9,
        targetDescription: targetDescription,
        notes: "followers --all > /dev/null against the same \(rateFollowers / 100) pages fetched and discarded, "
          + "\(latency) ms a response; median of \(rounds) interleaved rounds")
    ]
  }

  /// In the fresh copy: lists `count` followers with the tool and prints its exit status, its
  /// peak and this copy's own peak when it spawned the tool (which the tool inherits), in MiB.
  static func peakChild(_ count: String?, _ form: String?) -> Never {
    guard let count = count.flatMap(Int.init), let products = try? BuiltProducts.locate(),
      let server = try? FakeGitHubServer()
    else {
      print("-1 nan nan")
      exit(1)
    }
    server.addUser("bigfan", followers: count)
    let arguments =
      ["followers", "bigfan", "--all", "--api-url", server.baseURL.absoluteString] + (form == "json" ? ["--json"] : [])
    let own = ChildProcess.ownPeak()
    let (status, peak) = ChildProcess.spawnAndWait(products.tool, arguments)
    print("\(status) \(peak) \(own)")
    server.stop()
    exit(0)
  }

  /// In the fresh copy: prints the median seconds of the tool listing `count` followers and of
  /// the bare sends of the same pages, over `rounds` interleaved rounds.
  @MainActor
  static func rateChild(_ count: String?, _ rounds: String?, _ latency: String?) async -> Never {
    guard let count = count.flatMap(Int.init), let rounds = rounds.flatMap(Int.init),
      let latency = latency.flatMap(Int.init), let products = try? BuiltProducts.locate(),
      let server = try? FakeGitHubServer(latency: .milliseconds(latency))
    else {
      print("nan nan")
      exit(1)
    }
    server.addUser("bigfan", followers: count)
    let pages = (count + 99) / 100
    let urls = (1...max(pages, 1)).compactMap { page in
      URL(string: "\(server.baseURL.absoluteString)/users/bigfan/followers?per_page=100&page=\(page)")
    }
    let http = DefaultHTTPClient()
    var tool: [Double] = []
    var raw: [Double] = []
    for _ in 0..<max(rounds, 1) {
      raw.append(
        await Measure.seconds {
          for url in urls {
            do {
              _ = try await http.send(.get(url: url))
            } catch {
              FileHandle.standardError.write(Data("warning: bare send failed: \(error)\n".utf8))
            }
          }
        })
      let start = ContinuousClock.now
      let (status, _) = ChildProcess.spawnAndWait(
        products.tool, ["followers", "bigfan", "--all", "--api-url", server.baseURL.absoluteString])
      tool.append(status == 0 ? Measure.seconds(in: ContinuousClock.now - start) : .infinity)
    }
    print("\(Measure.median(tool)) \(Measure.median(raw))")
    server.stop()
    exit(0)
  }
}
