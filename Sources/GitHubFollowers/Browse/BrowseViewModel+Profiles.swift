import ActionDispatch

extension BrowseViewModel {
  /// Shows the selected user's profile through ``users``' loader
  /// (``FollowersViewModel/loadProfile(of:force:)``), read through ``cache``: one held and fresh
  /// (or a failure kept) at once with no request; one held but stale at once, asked for again
  /// (debounced; the client makes it a conditional request, whose `304` costs no rate limit);
  /// none, asked for.
  ///
  /// - Parameter force: Ask again even when what is held is fresh (`R`).
  func loadSelectedProfile(force: Bool = false) {
    users.loadProfile(of: selectedFollower, force: force)
  }

  /// Loads the profile of a list's user, for how many followers it has in all, through
  /// ``cache`` (`QueryKey/profile(_:)`): the same key as the user's row in the list below, so a
  /// follower whose row showed its profile within five minutes opens with no request for it.
  ///
  /// The owner's action is keyed by login: a second list of the same user joins the request in
  /// flight (whichever view model started it), and a fresh profile answers at once, sending
  /// nothing (a `fresh` event). `R` invalidates the key, so it is asked
  /// for again (conditionally) by every view model that shows it.
  ///
  /// - Parameters:
  ///   - list: The list.
  ///   - force: Ask again even when what is held is fresh (`R`).
  func loadOwner(of list: BrowseList, force: Bool = false) {
    let user = list.username
    let key = user.rawValue.lowercased()
    let query = QueryKey<UserProfile>.profile(key)
    if force { cache.invalidate(query) }
    dispatch(
      actionId: .fetchOwner(login: key), query: query, in: cache, staleTime: FollowersViewModel.profileStaleTime,
      failureTime: FollowersViewModel.profileFailureTime,
      task: { [service, now] in
        try await service.checkRateLimit(now: now)
        return try await service.profile(of: user)
      },
      onFailure: { viewModel, error in
        viewModel.heardRateLimit(in: error)
      })
  }

  /// A profile's request failed: a used-up rate limit holds everything back until it resets
  /// (``cache`` keeps any other failure for a minute, so that moving over the row does not ask
  /// again on every move; `r` or `R` asks at once).
  func heardRateLimit(in error: any Error) {
    if case GitHubError.rateLimited(let resetAt?, _) = error { limitedUntil(resetAt) }
  }

  /// `R`: asks again for what is on screen — the current list up to the selected row's page and
  /// the selected profile (and the list's owner, for its count) — with conditional requests.
  /// The profiles' keys are invalidated in ``cache``, so every view model that shows them
  /// refetches them, once for all.
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
