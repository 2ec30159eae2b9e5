import Foundation

/// The state behind ``FollowersService/allFollowers(of:perPage:concurrency:)``: which page
/// comes next and, in parallel mode, the pages being fetched ahead.
///
/// `next()` runs in the consumer's task, so cancelling the consumer cancels the request it
/// awaits; pages fetched ahead run in child tasks that are cancelled with it, when a page
/// fails, and when the stream is dropped (deinit).
actor FollowersPager {
  private enum Mode {
    case start
    case serial(next: URL?)
    case parallel(template: URL, nextPage: Int, lastPage: Int)
    case finished
  }

  private let service: any FollowersService
  private let username: String
  private let perPage: Int
  private let concurrency: Int
  private var mode = Mode.start
  private var visited: Set<URL> = []
  private var inFlight: [Int: Task<FollowersPage, any Error>] = [:]

  init(service: any FollowersService, username: String, perPage: Int, concurrency: Int) {
    self.service = service
    self.username = username
    self.perPage = perPage
    self.concurrency = concurrency
  }

  deinit {
    for task in inFlight.values { task.cancel() }
  }

  func next() async throws -> FollowersPage? {
    do {
      switch mode {
      case .start:
        let first = try await service.followers(of: username, page: 1, perPage: perPage)
        if concurrency > 1, let last = first.last, let lastPage = LinkHeader.pageNumber(in: last), lastPage > 1 {
          mode = .parallel(template: last, nextPage: 2, lastPage: lastPage)
        } else {
          mode = .serial(next: first.next)
        }
        return first
      case .serial(let next):
        guard let next, visited.insert(next).inserted else {
          mode = .finished
          return nil
        }
        let page = try await service.followersPage(at: next)
        mode = .serial(next: page.next)
        return page
      case .parallel(let template, let nextPage, let lastPage):
        guard nextPage <= lastPage else {
          mode = .finished
          return nil
        }
        let service = self.service
        for number in nextPage...min(nextPage + concurrency - 1, lastPage) where inFlight[number] == nil {
          let url = Self.url(template, page: number)
          inFlight[number] = Task { try await service.followersPage(at: url) }
        }
        guard let task = inFlight[nextPage] else {
          mode = .finished
          return nil
        }
        let everything = Array(inFlight.values)
        let page = try await withTaskCancellationHandler {
          try await task.value
        } onCancel: {
          for task in everything { task.cancel() }
        }
        inFlight[nextPage] = nil
        mode = .parallel(template: template, nextPage: nextPage + 1, lastPage: lastPage)
        return page
      case .finished:
        return nil
      }
    } catch {
      mode = .finished
      for task in inFlight.values { task.cancel() }
      inFlight = [:]
      throw error
    }
  }

  /// The `last` URL with its `page` query item set to another page; every other part as
  /// GitHub wrote it.
  static func url(_ template: URL, page: Int) -> URL {
    guard var components = URLComponents(url: template, resolvingAgainstBaseURL: true) else { return template }
    var items = (components.percentEncodedQuery ?? "").split(separator: "&", omittingEmptySubsequences: true).map(
      String.init)
    if let index = items.firstIndex(where: { $0 == "page" || $0.hasPrefix("page=") }) {
      items[index] = "page=\(page)"
    } else {
      items.append("page=\(page)")
    }
    components.percentEncodedQuery = items.joined(separator: "&")
    return components.url ?? template
  }
}
