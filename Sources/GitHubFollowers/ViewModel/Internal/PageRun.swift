/// The pages one run of ``FollowersAction/loadNextPage`` brings from a list's pager: one page, or
/// every page left while the view model still wants them.
///
/// A server's pages that cannot be trusted end the run with the pager's
/// `GitHubError/paginationStopped(_:)`, after a ``Step/stopped(_:)`` element that tells the view
/// model why, so the run fails (its error, its event) and paging stops.
///
/// ```swift
/// dispatch(actionId: .loadNextPage, elements: { PageRun(pager: pager, pages: 1, wantsMore: { true }) }) { … }
/// ```
struct PageRun: AsyncSequence, Sendable {
  /// One element of the run.
  enum Step: Sendable {
    /// A page, checked by the pager.
    case page(FollowersPage)
    /// Paging stopped for this reason; the run fails with the pager's error next.
    case stopped(String)
  }

  /// The list's pager.
  let pager: FollowersPager
  /// How many pages to bring; `nil` for every page left.
  let pages: Int?
  /// Asked before each request: whether the run should go on (a key may have stopped it).
  let wantsMore: @MainActor @Sendable () -> Bool

  func makeAsyncIterator() -> Iterator {
    Iterator(run: self, left: pages)
  }

  struct Iterator: AsyncIteratorProtocol {
    let run: PageRun
    var left: Int?
    var pendingError: (any Error)?
    var ended = false

    mutating func next() async throws -> Step? {
      if let pendingError {
        self.pendingError = nil
        ended = true
        throw pendingError
      }
      guard !ended, left ?? 1 > 0, await run.wantsMore() else { return nil }
      do {
        guard let page = try await run.pager.next() else {
          ended = true
          return nil
        }
        left = left.map { $0 - 1 }
        return .page(page)
      } catch GitHubError.paginationStopped(let reason) {
        pendingError = GitHubError.paginationStopped(reason)
        return .stopped(reason)
      }
    }
  }
}
