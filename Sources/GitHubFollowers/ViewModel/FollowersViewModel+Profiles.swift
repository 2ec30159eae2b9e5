import ActionDispatch

extension FollowersViewModel {
  /// Shows a user's profile as a selection moves over rows: at once, with no request, when
  /// ``profiles`` holds it fresh (or holds its failure fresh); at once and asked for again when
  /// it holds it stale; asked for when it holds nothing.
  ///
  /// A request waits until the selection has rested for the view model's `profileDebounce`
  /// (``FollowersAction/loadProfile``, `.debounce`): holding a key through fifty rows sends one
  /// request, for the row it stops on, and a move to a fresh row cancels one still waiting for
  /// another. A profile stays fresh for five minutes, a failure for one
  /// (``ProfileStore/defaultFreshFor``, ``ProfileStore/defaultFailureFreshFor``), measured with
  /// the view model's `now`; a client with an ETag cache, such as `GitHubClient`, makes a stale
  /// one's request conditional, so a `304` costs no rate limit. While the service reports GitHub's
  /// rate limit used up (`FollowersService/latestRateLimit()`), nothing is sent: the run fails at
  /// once with `GitHubError/rateLimited(resetAt:authenticated:)`, which is not kept as the
  /// profile's failure.
  ///
  /// ```swift
  /// let viewModel = FollowersViewModel(service: GitHubClient())
  /// viewModel.loadProfile(of: row)                  // asked for once the selection rests
  /// viewModel.profiles[row.login]                   // the profile, once it came
  /// viewModel.profileError(of: row)                 // or why it did not
  /// try await viewModel.waitUntilIdle(.loadProfile) // in a test, with ActionDispatchTesting
  /// ```
  ///
  /// The row's login is the server's text: it is checked where it becomes a request, and a
  /// malformed one fails the run with `GitHubError/invalidUsername(_:reason:)`, sending nothing.
  ///
  /// - Parameters:
  ///   - follower: The user shown; `nil` when nothing is (a request still waiting is cancelled).
  ///   - force: Ask again even when what is held is fresh (a refresh or a retry).
  /// - Returns: The run's task; an already finished task when nothing is asked for.
  @discardableResult
  public func loadProfile(of follower: Follower?, force: Bool = false) -> Task<Void, Never> {
    guard let login = follower?.login else {
      cancel(.loadProfile)
      return Task {}
    }
    let key = login.lowercased()
    profiles.markShown(key)
    guard force || !profiles.isFresh(key, at: now()) else {
      // A request for this very login (a forced one's) goes on; one for another row is not wanted.
      if !(profileRequested == key && isLoading(for: .loadProfile)) { cancel(.loadProfile) }
      return Task {}
    }
    if failedProfileLogin != nil { failedProfileLogin = nil }
    profileRequested = key
    return dispatch(
      actionId: .loadProfile, policy: .debounce(profileDebounce),
      task: { [service, now] in
        let user = try GitHubUsername(login)
        try await service.checkRateLimit(now: now)
        return try await service.profile(of: user)
      },
      onSuccess: { viewModel, profile in viewModel.profiles.store(profile, for: key, at: viewModel.now()) },
      onFailure: { viewModel, error in
        viewModel.failedProfileLogin = key
        viewModel.keepProfileFailure(error, for: key)
      })
  }

  /// Why the user's profile could not be shown: the failure ``profiles`` holds for it, or the
  /// error of the last ``loadProfile(of:force:)`` run when it failed for this user (a rate limit
  /// that held it back, say); `nil` otherwise.
  ///
  /// - Parameter follower: The user shown.
  /// - Returns: The error message, or `nil`.
  public func profileError(of follower: Follower) -> String? {
    let key = follower.login.lowercased()
    if let failure = profiles.failure(for: key) { return failure }
    guard failedProfileLogin == key else { return nil }
    return errorMessage(for: .loadProfile)
  }

  /// Keeps a profile request's failure for a minute, so that showing the row again does not ask
  /// again on every move; a used-up rate limit (not the profile's fault) and a cancellation are
  /// not kept.
  ///
  /// - Parameters:
  ///   - error: Why the request failed.
  ///   - key: The login asked for, lowercased.
  func keepProfileFailure(_ error: any Error, for key: String) {
    if case GitHubError.rateLimited = error { return }
    if error is CancellationError { return }
    profiles.storeFailure("\(error)", for: key, at: now())
  }
}
