import ActionDispatch

extension BrowseViewModel {
  /// Shows the selected user's profile: one held and fresh (or a failure held and fresh) at
  /// once with no request; one held but stale at once, asked for again (debounced; the client
  /// makes it a conditional request, whose `304` costs no rate limit); none, asked for.
  ///
  /// - Parameter force: Ask again even when what is held is fresh (`R`).
  func loadSelectedProfile(force: Bool = false) {
    guard let login = selectedFollower?.login else {
      cancel(.fetchProfile)
      return
    }
    let key = login.lowercased()
    profiles.markShown(key)
    guard force || !profiles.isFresh(key, at: now()) else {
      // A request for this very login (`R`'s) goes on; one for another row is not wanted.
      if !(profileRequested == key && isLoading(for: .fetchProfile)) { cancel(.fetchProfile) }
      return
    }
    if failedProfileLogin != nil { failedProfileLogin = nil }
    profileRequested = key
    dispatch(
      actionId: .fetchProfile, policy: .debounce(profileDebounce),
      task: { [service, now] in
        // A row's login is the server's text: checked here, where it becomes a request.
        let user = try GitHubUsername(login)
        try await Self.checkRateLimit(of: service, now: now)
        return try await service.profile(of: user)
      },
      onSuccess: { viewModel, profile in viewModel.profiles.store(profile, for: key, at: viewModel.now()) },
      onFailure: { viewModel, error in
        viewModel.failedProfileLogin = key
        viewModel.profileFailed(error, for: key)
      })
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
        try await Self.checkRateLimit(of: service, now: now)
        return try await service.profile(of: user)
      },
      onSuccess: { viewModel, profile in viewModel.profiles.store(profile, for: key, at: viewModel.now()) },
      onFailure: { viewModel, error in viewModel.profileFailed(error, for: key) })
  }

  /// A profile's request failed: the rate limit holds everything back until it resets (and is
  /// not the profile's fault); any other failure is kept for a minute, so that moving over the
  /// row does not ask again on every move (`r` or `R` asks at once).
  private func profileFailed(_ error: any Error, for key: String) {
    if case GitHubError.rateLimited(let resetAt, _) = error {
      if let resetAt { limitedUntil(resetAt) }
      return
    }
    if error is CancellationError { return }
    profiles.storeFailure("\(error)", for: key, at: now())
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
