import ActionDispatch

extension BrowseViewModel {
  /// `f`: follows the selected user, marked at once and rolled back if the request fails or is cancelled.
  public func follow() { setFollowing(true) }

  /// `u`: unfollows the selected user, marked at once and rolled back if the request fails or is cancelled.
  public func unfollow() { setFollowing(false) }

  /// `r`: retries what failed under the selection: the list's page (or first page), the
  /// selected user's profile and its follow or unfollow, or the search.
  public func retry() {
    if holdsBackForRateLimit() { return }
    if mode == .followers {
      let list = current
      if list.followers.errorMessage(for: .fetchFollowers) != nil {
        list.followers.fetchFollowers(for: list.username, perPage: Self.perPage)
      } else if list.followers.errorMessage(for: .loadNextPage) != nil {
        loadNextPage(of: list)
      }
    } else if users.errorMessage(for: .searchUsers) != nil {
      searchChanged()
    }
    guard let login = selectedFollower?.login.lowercased() else { return }
    if errorMessage(for: .follow(login: login)) != nil, let intent = followIntents[login] {
      setFollowing(intent)
    }
    if failedProfileLogin == login || cache.loadable(for: .profile(login)).failure != nil {
      loadSelectedProfile(force: true)
    }
  }

  /// How a row's follow action stands, for its mark.
  ///
  /// - Parameter login: The row's login.
  /// - Returns: Running, failed (with the error), following, or nothing to show.
  public func rowState(for login: String) -> BrowseRowState {
    let key = login.lowercased()
    let action = BrowseAction.follow(login: key)
    if isLoading(for: action) { return .working }
    if let message = errorMessage(for: action) { return .failed(message) }
    return following[key] == true ? .following : .idle
  }

  private func setFollowing(_ value: Bool) {
    guard let login = selectedFollower?.login else { return }
    guard let followingService else {
      noteWait("Following is not available with this service.")
      return
    }
    if let reason = followingService.followingUnavailableReason {
      noteWait(reason)
      return
    }
    let key = login.lowercased()
    followIntents[key] = value
    // The mark is an optimistic change: made when the dispatch becomes a run, rolled back if
    // the run fails or is cancelled. A quick `f` then `u` supersedes the follow; the follow's
    // rollback then never undoes the unfollow's mark.
    dispatch(
      actionId: .follow(login: key), policy: .cancelPrevious,
      optimistic: { viewModel in
        let previous = viewModel.following[key]
        viewModel.following[key] = value
        return { viewModel in viewModel.following[key] = previous }
      },
      task: { [service, now] in
        // A row's login is the server's text: checked here, where it becomes a request.
        let user = try GitHubUsername(login)
        try await service.checkRateLimit(now: now)
        if value {
          try await followingService.follow(user)
        } else {
          try await followingService.unfollow(user)
        }
      })
  }
}
