import ActionDispatch
import ActionDispatchTesting

/// The server a cache world reads: every request waits until the world answers or its fetch is
/// cancelled, and each one is noted with the step it started at, for the one-fetch-per-key check.
@MainActor
final class QueryWorldServer {
  final class Request: @unchecked Sendable {  // touched on the main actor only
    let key: String
    let step: Int
    var continuation: CheckedContinuation<String, any Error>?
    init(key: String, step: Int) {
      self.key = key
      self.step = step
    }
  }

  var step = 0
  var pending: [Request] = []
  var answers = 0
  /// Problems found as requests start.
  var problems: [String] = []
  /// The step each key was last invalidated at.
  var invalidatedAt: [String: Int] = [:]

  func fetch(_ key: String) async throws -> String {
    // One fetch in flight per key, unless the ones in flight started before the key's last
    // invalidation (a dispatch after it starts a fetch of its own).
    let lastInvalidation = invalidatedAt[key] ?? -1
    for request in pending where request.key == key && request.step > lastInvalidation {
      problems.append("step \(step): a second request for \(key) while the one from step \(request.step) is in flight")
    }
    let request = Request(key: key, step: step)
    pending.append(request)
    return try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation { request.continuation = $0 }
    } onCancel: {
      Task { @MainActor in self.end(request, with: .failure(CancellationError())) }
    }
  }

  /// Answers a request; `nil` value: it fails.
  func answer(_ index: Int, with value: String?) {
    guard pending.indices.contains(index) else { return }
    answers += 1
    end(pending[index], with: value.map { .success($0) } ?? .failure(WorldFailure()))
  }

  private func end(_ request: Request, with result: Result<String, any Error>) {
    pending.removeAll { $0 === request }
    guard let continuation = request.continuation else { return }
    request.continuation = nil
    continuation.resume(with: result)
  }

  struct WorldFailure: Error {}
}

enum WorldAction: ActionIdType {
  case show
}

/// A screen of a cache world: shows one key at a time; its `onSuccess` may re-enter the cache.
@MainActor
final class QueryWorldScreen: BaseViewModel<WorldAction> {
  let name: String
  let cache: QueryCache
  let server: QueryWorldServer
  /// The key its action shows (its last dispatch's).
  var currentKey: String?
  /// The last value its action delivered, and for which key.
  var lastDelivered: (key: String, value: String)?
  /// What its `onSuccess` does, re-entrantly, while the world's budget lasts.
  var reaction: (@MainActor (QueryWorldScreen, String) -> Void)?

  init(name: String, cache: QueryCache, server: QueryWorldServer, clock: any Clock<Duration>) {
    self.name = name
    self.cache = cache
    self.server = server
    super.init(clock: clock)
  }

  @discardableResult
  func show(_ key: String, staleTime: Duration?, failureTime: Duration?) -> Task<Void, Never> {
    currentKey = key
    return dispatch(
      actionId: .show, query: QueryKey<String>("world", key), in: cache, staleTime: staleTime,
      failureTime: failureTime, task: { [server] in try await server.fetch(key) }
    ) { screen, value in
      screen.lastDelivered = (key, value)
      screen.reaction?(screen, value)
    }
  }
}
