import ActionDispatch

extension BrowseViewModel {
  /// Shows the selected user's profile through ``users``' loader
  /// (``FollowersViewModel/loadProfile(of:force:)``): one held and fresh (or a failure held and
  /// fresh) at once with no request; one held but stale at once, asked for again (debounced; the
  /// client makes it a conditional request, whose `304` costs no rate limit); none, asked for.
  ///
  /// - Parameter force: Ask again even when what is held is fresh (`R`).
  func loadSelectedProfile(force: Bool = false) {
    users.loadProfile(of: selectedFollower, force: force)
  }

  /// Loads the profile of a list's user, for how many followers it has in all, unless it is fresh.
  ///
  /// The owner's action is keyed by login and shared: a second list of the same user (or `R`
  /// while it loads) joins the request in flight (``DispatchPolicy/joinRunning``), and within
  /// five minutes of its last success the framework answers it fresh (`staleTime:`), sending
  /// nothing; a profile the store already holds fresh (shown as a row) is not asked for either.
  /// `R` gives no `staleTime`, so it always asks (conditionally).
  ///
  /// - Parameters:
  ///   - list: The list.
  ///   - force: Ask again even when what is held is fresh (`R`).
  func loadOwner(of list: BrowseList, force: Bool = false) {
    let user = list.username
    let key = user.rawValue.lowercased()
    guard force || !profiles.isFresh(key, at: now()) else { return }
    dispatch(
      actionId: .fetchOwner(login: key), policy: .joinRunning,
      staleTime: force ? nil : .seconds(profiles.freshFor),
      task: { [service, now] in
        try await service.checkRateLimit(now: now)
        return try await service.profile(of: user)
      },
      onSuccess: { viewModel, profile in viewModel.users.profiles.store(profile, for: key, at: viewModel.now()) },
      onFailure: { viewModel, error in
        viewModel.heardRateLimit(in: error)
        viewModel.users.keepProfileFailure(error, for: key)
      })
  }

  /// A profile's request failed: a used-up rate limit holds everything back until it resets
  /// (``users`` keeps any other failure for a minute, so that moving over the row does not ask
  /// again on every move; `r` or `R` asks at once).
  func heardRateLimit(in error: any Error) {
    if case GitHubError.rateLimited(let resetAt?, _) = error { limitedUntil(resetAt) }
  }

  /// `R`: asks again for what is on screen — the current list up to the selected row's page and
  /// the selected profile (and the list's owner, for its count) — with conditional requests.
  /// What is shown stays until the answers come; the rows past the selected page come back as
  /// the selection moves on.
  public func refresh() {
    if holdsBackForRateLimit() { return }
    if mode == .followers {
      let list = current
      list.loadsToEnd = false
      list.followers.stopLoadingRemainingPages()
      list.followers.refresh(through: list.selection + prefetchDistance)
      loadOwner(of: list, force: true)
    }
    loadSelectedProfile(force: true)
  }
}
