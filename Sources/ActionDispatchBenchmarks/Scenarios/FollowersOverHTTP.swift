import FakeGitHubServer
import Foundation
import GitHubFollowers

/// Benchmark 4: every page of a user's followers through FollowersViewModel and GitHubClient,
/// over real HTTP against the fake server with a fixed latency per request.
enum FollowersOverHTTP {
  @MainActor
  static func run(pages: Int, latency: Duration, rounds: Int) async -> [BenchmarkResult] {
    let perPage = 100
    let server: FakeGitHubServer
    do {
      server = try FakeGitHubServer(latency: latency)
    } catch {
      // The same rows, not measured, so that a gate on them fails rather than vanishes.
      return results(
        pages: pages, perPage: perPage, latency: latency, rounds: rounds,
        medians: (.nan, .nan, .nan), conditional: 0, total: 0
      ).map {
        .notMeasured(
          $0.name, unit: $0.unit, target: $0.target, targetDescription: $0.targetDescription,
          because: "the fake server did not start: \(error)")
      }
    }
    defer { server.stop() }
    server.addUser("bench", followers: pages * perPage)
    let rounds = max(rounds, 1)

    // Rounds interleave the three runs, and each figure is a median, so a noisy moment on the
    // machine moves one round of each rather than one figure alone.
    var raw: [Double] = []
    var sequential: [Double] = []
    var concurrent: [Double] = []
    // Sequential runs each have a fresh client, so no cached ETag helps them; the last one is
    // used again below for the conditional run.
    let sequentialClients = (0..<rounds).map { _ in GitHubClient(configuration: .init(baseURL: server.baseURL)) }
    for sequentialClient in sequentialClients {
      // The transport alone: the same pages as bare requests through the production HTTP client,
      // nothing decoded. What the sequential run costs beyond this is the client's own work
      // (decoding, paging, hops).
      raw.append(await timeRawSends(server: server, pages: pages, perPage: perPage))

      // Sequential, as GitHub asks: one request after another, following `next` links.
      sequential.append(await timeAllPages(client: sequentialClient, concurrency: 1, perPage: perPage))

      // The opt-in concurrency, with a fresh client too.
      concurrent.append(
        await timeAllPages(
          client: GitHubClient(configuration: .init(baseURL: server.baseURL)), concurrency: 4, perPage: perPage))
    }
    // A second identical run with the last sequential client: every page should come back as a 304.
    server.resetRecording()
    _ = await timeAllPages(client: sequentialClients[rounds - 1], concurrency: 1, perPage: perPage)
    let conditional = server.requests.filter { $0.header("If-None-Match") != nil }.count
    let total = max(server.requestCount, 1)

    return results(
      pages: pages, perPage: perPage, latency: latency, rounds: rounds,
      medians: (Measure.median(raw), Measure.median(sequential), Measure.median(concurrent)),
      conditional: conditional, total: total)
  }

  /// The rows, from the medians of the raw, sequential and concurrent runs (seconds) and the
  /// second run's conditional requests out of all.
  private static func results(
    pages: Int, perPage: Int, latency: Duration, rounds: Int,
    medians: (raw: Double, sequential: Double, concurrent: Double), conditional: Int, total: Int
  ) -> [BenchmarkResult] {
    let (rawMedian, sequentialMedian, concurrentMedian) = medians
    let floor = Double(pages) * Measure.seconds(in: latency)
    return [
      BenchmarkResult(
        name: "followers over HTTP: \(pages) raw transport sends vs pages × latency",
        value: rawMedian * 1000, unit: "ms", baselineName: "pages × latency", baselineValue: floor * 1000,
        measure: rawMedian / floor, target: .infinity, targetDescription: "reference (no target)",
        notes: "the sequential run's floor on this machine: DefaultHTTPClient alone, bodies not decoded"),
      BenchmarkResult(
        name: "followers over HTTP: \(pages) pages sequential vs pages × latency",
        value: sequentialMedian * 1000, unit: "ms", baselineName: "pages × latency", baselineValue: floor * 1000,
        measure: sequentialMedian / floor, target: .infinity, targetDescription: "reference (no target)",
        notes: "\(pages) pages of \(perPage), \(latency) per request, loopback; median of \(rounds) rounds"),
      BenchmarkResult(
        name:
          "followers over HTTP: client's share, \(pages) pages sequential vs the same \(pages) raw transport sends",
        value: sequentialMedian * 1000, unit: "ms", baselineName: "raw sends", baselineValue: rawMedian * 1000,
        measure: sequentialMedian / rawMedian, target: 1.1, targetDescription: "≤ 1.1× the raw sends",
        notes: "the client's own share: decoding each page (most of it), paging, ETag cache, actor hops"),
      BenchmarkResult(
        name: "followers over HTTP: --concurrency 4 vs sequential",
        value: concurrentMedian * 1000, unit: "ms", baselineName: "sequential", baselineValue: sequentialMedian * 1000,
        measure: concurrentMedian / sequentialMedian, target: 0.35, targetDescription: "≤ 0.35× sequential",
        notes: "page 1 first, then at most 4 pages in flight, delivered in page order"),
      BenchmarkResult(
        name: "followers over HTTP: second identical run sent conditionally",
        value: Double(conditional), unit: "conditional requests", baselineName: "requests",
        baselineValue: Double(total),
        measure: 1 - Double(conditional) / Double(total), target: 0,
        targetDescription: "every request (If-None-Match → 304)",
        notes: "measure is the share of requests sent without a cached ETag"),
    ]
  }

  /// Seconds to send the followers requests for pages 1...`pages` one after another; NaN when
  /// a send failed (the round is then not a measurement).
  @MainActor
  private static func timeRawSends(server: FakeGitHubServer, pages: Int, perPage: Int) async -> Double {
    let http = DefaultHTTPClient()
    let urls = (1...pages).compactMap { page in
      URL(string: "\(server.baseURL.absoluteString)/users/bench/followers?per_page=\(perPage)&page=\(page)")
    }
    var failed = false
    let elapsed = await Measure.seconds {
      for url in urls {
        do {
          _ = try await http.send(.get(url: url))
        } catch {
          failed = true
          FileHandle.standardError.write(Data("warning: raw transport send failed: \(error)\n".utf8))
        }
      }
    }
    return failed ? .nan : elapsed
  }

  /// Seconds to load every page through a view model; NaN when the load failed.
  @MainActor
  private static func timeAllPages(client: GitHubClient, concurrency: Int, perPage: Int) async -> Double {
    let viewModel = FollowersViewModel(service: client)
    let elapsed = await Measure.seconds {
      await viewModel.loadAllPages(for: "bench", perPage: perPage, concurrency: concurrency).value
    }
    if let message = viewModel.errorMessage(for: .loadAllPages) {
      FileHandle.standardError.write(Data("warning: followers over HTTP failed: \(message)\n".utf8))
      return .nan
    }
    return elapsed
  }
}
