import ActionDispatch

extension FollowersViewModel {
  /// How long a profile is shown without asking the server again: five minutes.
  public static let profileStaleTime: Duration = .seconds(300)
  /// How long a failed profile request (a 404, a server error) answers without asking again:
  /// one minute.
  public static let profileFailureTime: Duration = .seconds(60)
  /// How many keys the cache ``makeProfileCache(clock:)`` makes holds: 1,000.
  public static let profileCacheCapacity = 1_000
  /// How long the cache ``makeProfileCache(clock:)`` makes keeps a profile no view model shows:
  /// an hour, longer than ``profileStaleTime``, so a profile seen again after five minutes is
  /// shown at once while it is asked for again (conditionally, with a client that keeps ETags).
  public static let profileCacheGCTime: Duration = .seconds(3_600)

  /// Makes the cache an app hands to the view models that show profiles
  /// (``FollowersViewModel``, `BrowseViewModel`): at most ``profileCacheCapacity`` keys, an
  /// unwatched one kept ``profileCacheGCTime``; a used-up rate limit is not kept as a profile's
  /// failure (it is not the profile's fault), so the profile is asked for once the limit resets.
  ///
  /// ```swift
  /// let cache = FollowersViewModel.makeProfileCache()
  /// let list = FollowersViewModel(service: service, cache: cache)
  /// let detail = FollowersViewModel(service: service, cache: cache)  // shows what list fetched
  /// ```
  ///
  /// - Parameter clock: The clock freshness and forgetting are measured on: the view models'
  ///   clock (a `TestClock` in tests).
  /// - Returns: An empty cache.
  public static func makeProfileCache(clock: any Clock<Duration> = ContinuousClock()) -> QueryCache {
    QueryCache(
      clock: clock, gcTime: profileCacheGCTime, capacity: profileCacheCapacity,
      keepsFailure: { error in
        if case GitHubError.rateLimited = error { return false }
        return true
      })
  }

  /// Shows a user's profile as a selection moves over rows, read through ``cache``
  /// (`QueryKey/profile(_:)`): at once, with no request, when the cache holds it fresh (or holds
  /// its failure, kept a minute); at once and asked for again when it holds it stale; asked for
  /// when it holds nothing. A request another view model has in flight for the same user is
  /// joined, not sent again.
  ///
  /// A request waits until the selection has rested for the view model's `profileDebounce`
  /// (``FollowersAction/loadProfile``): holding a key through fifty rows sends one request, for
  /// the row it stops on, because a move to another row cancels the wait for the one before. A
  /// profile stays fresh for ``profileStaleTime``, a failure for ``profileFailureTime``,
  /// measured on the cache's clock; a client with an ETag cache, such as `GitHubClient`, makes a
  /// stale one's request conditional, so a `304` costs no rate limit. While the service reports
  /// GitHub's rate limit used up (`FollowersService/latestRateLimit()`), nothing is sent: the
  /// run fails at once with `GitHubError/rateLimited(resetAt:authenticated:)`, which is not
  /// kept on the key.
  ///
  /// ```swift
  /// let viewModel = FollowersViewModel(service: GitHubClient())
  /// viewModel.loadProfile(of: row)                        // asked for once the selection rests
  /// viewModel.cache.value(for: .profile(row.login))       // the profile, once it came
  /// viewModel.profileError(of: row)                       // or why it did not
  /// try await viewModel.waitUntilIdle(.loadProfile)       // in a test, with ActionDispatchTesting
  /// ```
  ///
  /// The row's login is the server's text: it is checked where it becomes a request, and a
  /// malformed one fails the run with `GitHubError/invalidUsername(_:reason:)`, sending nothing.
  ///
  /// - Parameters:
  ///   - follower: The user shown; `nil` when nothing is (a request still waiting is cancelled).
  ///   - force: Ask again even when what is held is fresh, or a failure is kept (a refresh or
  ///     a retry): the key is invalidated, so every view model that shows it refetches.
  /// - Returns: The run's task; an already finished task when nothing is asked for.
  @discardableResult
  public func loadProfile(of follower: Follower?, force: Bool = false) -> Task<Void, Never> {
    guard let login = follower?.login else {
      cancel(.loadProfile)
      return Task {}
    }
    let key = login.lowercased()
    let query = QueryKey<UserProfile>.profile(key)
    if force { cache.invalidate(query) }
    if failedProfileLogin != nil, cache.status(of: query) != .fresh { failedProfileLogin = nil }
    let (clock, debounce) = (profileClock, profileDebounce)
    return dispatch(
      actionId: .loadProfile, query: query, in: cache, staleTime: Self.profileStaleTime,
      failureTime: Self.profileFailureTime,
      task: { [service, now] in
        // The debounce: a move to another row dispatches another key, which cancels this run;
        // the fetch, whose last caller left, ends here with nothing sent.
        if debounce > .zero { try await clock.sleep(for: debounce) }
        let user = try GitHubUsername(login)
        try await service.checkRateLimit(now: now)
        return try await service.profile(of: user)
      },
      onFailure: { viewModel, _ in
        viewModel.failedProfileLogin = key
      })
  }

  /// The user's profile as ``cache`` holds it, fresh or stale; `nil` when it holds none.
  ///
  /// - Parameter login: The user's login, in any case.
  /// - Returns: The profile, or `nil`.
  public func cachedProfile(of login: String) -> UserProfile? {
    cache.value(for: .profile(login))
  }

  /// Why the user's profile could not be shown: the failure ``cache`` holds for it, or the
  /// error of the last ``loadProfile(of:force:)`` run when it failed for this user (a rate limit
  /// that held it back, say); `nil` otherwise.
  ///
  /// - Parameter follower: The user shown.
  /// - Returns: The error message, or `nil`.
  public func profileError(of follower: Follower) -> String? {
    let key = follower.login.lowercased()
    if let failure = cache.loadable(for: .profile(key)).failure { return "\(failure)" }
    guard failedProfileLogin == key else { return nil }
    return errorMessage(for: .loadProfile)
  }
}
