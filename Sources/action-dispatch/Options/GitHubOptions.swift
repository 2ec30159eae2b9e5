import CommandLineKit
import Foundation
import GitHubFollowers

/// The options every GitHub subcommand shares: `--json`, `--api-url`, `--timeout`, `--cache` and
/// `--demo`.
///
/// A subcommand lists ``definitions`` in its configuration and builds this from the parsed
/// command line, which validates the API URL before anything is sent:
///
/// ```swift
/// let options = try GitHubOptions(parsed)
/// let service = options.makeService(environment: context.environment)
/// ```
struct GitHubOptions: Sendable, Equatable {
  /// `--json`.
  static let json = OptionDefinition.flag(
    "json", help: "Print JSON with GitHub's field names instead of text, for jq and scripts.")
  /// `--api-url <url>`.
  static let apiURL = OptionDefinition.option(
    "api-url", value: "url", default: GitHubClient.Configuration.defaultBaseURL.absoluteString,
    help: "The GitHub REST API to ask; for GitHub Enterprise Server, https://HOST/api/v3.")
  /// `--timeout <seconds>`.
  static let timeout = OptionDefinition.option(
    "timeout", value: "seconds", default: "30",
    help: "The longest one request may take, from sending it to the last byte of the answer; "
      + "a request that runs out of time fails at once, without retrying.")
  /// `--cache <duration>`.
  static let cache = OptionDefinition.option(
    "cache", value: "duration",
    help: "Use an answer kept on disk (in $XDG_CACHE_HOME or ~/.cache) for this long without a request, "
      + "such as 90s, 10m, 1h or 1d; after that, ask again with If-None-Match, free when unchanged.")
  /// `--demo`.
  static let demo = OptionDefinition.flag(
    "demo", help: "Answer from bundled fixtures (the user octocat and 45 followers), offline: no request is sent.")

  /// The shared options, in the order `--help` lists them.
  static let definitions = [json, apiURL, timeout, cache, demo]

  /// The default and the largest `--timeout`, in seconds.
  static let defaultTimeout = 30.0
  static let maxTimeout = 86_400.0

  /// The environment variables the shared options' service reads.
  static let environment = [
    EnvironmentDefinition(
      name: "GITHUB_TOKEN",
      help: "A token to authenticate with; raises the rate limit from 60 to 5,000 requests an hour. "
        + "Sent only to the API URL, never printed."),
    EnvironmentDefinition(name: "GH_TOKEN", help: "Used when GITHUB_TOKEN is unset or empty."),
    EnvironmentDefinition(name: "NO_COLOR", help: "Set to a non-empty value to turn colour off."),
  ]

  /// Whether to print JSON instead of a table.
  var json: Bool
  /// The API root, without a trailing slash.
  var apiURL: URL
  /// Whether to answer from the bundled fixtures instead of the network.
  var demo: Bool
  /// The longest one request may take.
  var timeout: Duration
  /// How long an answer kept on disk is used without a request; `nil` without `--cache`.
  var cache: Duration?

  /// Reads and validates the shared options.
  ///
  /// - Parameter arguments: The parsed command line.
  /// - Throws: ``UsageError`` when `--api-url` is not an http or https URL, when `--timeout`
  ///   is not a number of seconds from 0.1 to 86,400, when `--cache` is not a duration up to 30
  ///   days, or when any of them is combined with `--demo`.
  init(_ arguments: ParsedArguments) throws(UsageError) {
    json = arguments.flag(Self.json)
    demo = arguments.flag(Self.demo)
    timeout = .seconds(Self.defaultTimeout)
    if let text = arguments.value(Self.cache) {
      if demo {
        throw .conflict(Self.demo, Self.cache, because: "--demo sends no request")
      }
      cache = try Self.validatedCacheAge(text)
    }
    if let text = arguments.value(Self.timeout) {
      if demo {
        throw .conflict(Self.demo, Self.timeout, because: "--demo sends no request")
      }
      timeout = try Self.validatedTimeout(text)
    }
    guard let text = arguments.value(Self.apiURL) else {
      apiURL = GitHubClient.Configuration.defaultBaseURL
      return
    }
    if demo {
      throw .conflict(Self.demo, Self.apiURL, because: "--demo sends no request")
    }
    apiURL = try Self.validatedAPIURL(text)
  }

  /// A number of seconds from 0.1 to 86,400 (a day), such as `10` or `2.5`.
  ///
  /// - Parameter text: The value of `--timeout`.
  /// - Returns: The duration.
  /// - Throws: ``UsageError`` naming the value and the range.
  static func validatedTimeout(_ text: String) throws(UsageError) -> Duration {
    let allowed = Set("0123456789.")
    guard !text.isEmpty, text.allSatisfy(allowed.contains), let seconds = Double(text),
      seconds.isFinite, (0.1...maxTimeout).contains(seconds)
    else {
      throw .invalidValue(text, for: timeout, expected: "a number of seconds from 0.1 to 86400, such as 10 or 2.5")
    }
    return .milliseconds(Int64((seconds * 1000).rounded()))
  }

  /// The longest `--cache`: 30 days.
  static let maxCacheAge = Duration.seconds(30 * 86_400)

  /// A whole number with a unit — `s`, `m`, `h` or `d` — from `0s` to `30d`, such as `90s` or `1h`.
  ///
  /// - Parameter text: The value of `--cache`.
  /// - Returns: The duration.
  /// - Throws: ``UsageError`` naming the value and examples of valid ones.
  static func validatedCacheAge(_ text: String) throws(UsageError) -> Duration {
    let units: [Character: Int64] = ["s": 1, "m": 60, "h": 3_600, "d": 86_400]
    guard let unit = text.last, let seconds = units[unit], text.count <= 8,
      case let digits = text.dropLast(), !digits.isEmpty, digits.allSatisfy(\.isASCII), digits.allSatisfy(\.isNumber),
      let count = Int64(digits), case let age = Duration.seconds(count * seconds), age <= maxCacheAge
    else {
      throw .invalidValue(
        text, for: cache, expected: "a whole number and a unit (s, m, h or d) up to 30d, such as 90s, 10m, 1h or 1d")
    }
    return age
  }

  /// An http or https URL with a host and without query or fragment; a trailing `/` is dropped.
  ///
  /// - Parameter text: The value of `--api-url`.
  /// - Returns: The URL.
  /// - Throws: ``UsageError`` naming the value and an example of a valid one.
  static func validatedAPIURL(_ text: String) throws(UsageError) -> URL {
    var trimmed = Substring(text)
    while trimmed.hasSuffix("/") { trimmed = trimmed.dropLast() }
    guard let url = URL(string: String(trimmed)),
      let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https",
      let host = url.host, !host.isEmpty,
      url.query == nil, url.fragment == nil
    else {
      throw .invalidValue(
        text, for: apiURL, expected: "an http or https URL such as https://github.example.com/api/v3")
    }
    return url
  }
}

extension GitHubOptions {
  /// The environment variable that sets how often a failed request is retried (3 by default).
  ///
  /// Meant for tests, which set it to 0 so that a 5xx fails at once instead of after backoff.
  static let maxRetriesVariable = "ACTION_DISPATCH_MAX_RETRIES"

  /// The service the view model talks to: the bundled fixtures with `--demo`, else GitHub at
  /// ``apiURL`` with the token from `GITHUB_TOKEN` or `GH_TOKEN`.
  ///
  /// - Parameters:
  ///   - environment: The process environment.
  ///   - onRetryWait: Told when the client waits to retry, for the spinner (a ``RetryWaitNotice``).
  ///   - onCacheProblem: Told why `--cache` cannot keep answers on disk (the run goes on without).
  /// - Returns: The service.
  func makeService(
    environment: [String: String], onRetryWait: (@Sendable (GitHubClient.RetryWait) -> Void)? = nil,
    onCacheProblem: (String) -> Void = { _ in }
  ) -> any FollowersService {
    if demo { return DemoFollowersService() }
    var configuration = GitHubClient.Configuration(
      baseURL: apiURL, token: GitHubClient.Configuration.token(fromEnvironment: environment))
    configuration.onRetryWait = onRetryWait
    if let retries = environment[Self.maxRetriesVariable].flatMap({ Int($0) }), retries >= 0 {
      configuration.maxRetries = retries
    }
    if let cache {
      configuration.diskCache = Self.diskCache(maxAge: cache, environment: environment, onProblem: onCacheProblem)
    }
    return GitHubClient(configuration: configuration, httpClient: DefaultHTTPClient(timeout: timeout))
  }
}

extension GitHubOptions {
  /// The service for a command that prints one answer: retry waits go to `waits` (the
  /// spinner's text), and why `--cache` cannot keep answers goes to standard error as a note.
  ///
  /// - Parameters:
  ///   - context: The command's environment and output.
  ///   - waits: What the spinner says while the client waits to retry.
  /// - Returns: The service.
  func makeService(in context: CommandContext, waits: RetryWaitNotice) -> any FollowersService {
    makeService(environment: context.environment, onRetryWait: waits.report, onCacheProblem: context.reportNote)
  }
}

extension GitHubOptions {
  /// The disk cache for `--cache`, or `nil` (with the reason told) when its directory is unusable.
  static func diskCache(maxAge: Duration, environment: [String: String], onProblem: (String) -> Void) -> DiskCache? {
    guard let directory = DiskCache.defaultDirectory(environment: environment) else {
      onProblem("not caching: neither XDG_CACHE_HOME nor HOME is an absolute path; set one to use --cache")
      return nil
    }
    let cache = DiskCache(directory: directory, maxAge: maxAge)
    do {
      try cache.prepareDirectory()
    } catch {
      onProblem("not caching: \(error)")
      return nil
    }
    return cache
  }
}
