import ActionDispatch

extension BrowseViewModel {
  /// Selects the next row (`j`, `↓`); nearing the end of what is loaded, loads the next page.
  public func moveDown() { setSelection(selectedIndex + 1) }

  /// Selects the previous row (`k`, `↑`).
  public func moveUp() { setSelection(selectedIndex - 1) }

  /// Moves a screenful down (`PgDn`).
  public func pageDown() { setSelection(selectedIndex + visibleRows) }

  /// Moves a screenful up (`PgUp`).
  public func pageUp() { setSelection(selectedIndex - visibleRows) }

  /// Moves half a screenful down (`Ctrl-D`).
  public func halfPageDown() { setSelection(selectedIndex + max(1, visibleRows / 2)) }

  /// Moves half a screenful up (`Ctrl-U`).
  public func halfPageUp() { setSelection(selectedIndex - max(1, visibleRows / 2)) }

  /// Selects the first row (`g`, `Home`).
  public func moveToFirst() { setSelection(0) }

  /// Selects the last row loaded (`G`, `End`) and, in a list with more pages, keeps loading
  /// pages until the last one, the selection following the last row. Any other move stops it.
  public func moveToLast() {
    setSelection(Int.max)
    guard mode == .followers, current.followers.hasMorePages else { return }
    let list = current
    list.loadsToEnd = true
    loadToEndTask = Task { [weak self] in await self?.loadToEnd(list) }
  }

  /// Selects a row (clamped to the rows there are), scrolls to keep it shown, loads its
  /// profile and, near the end of a list, its next page.
  func setSelection(_ index: Int, keepsLoadingToEnd: Bool = false) {
    let count = rows.count
    if mode == .followers, !keepsLoadingToEnd, current.loadsToEnd { current.loadsToEnd = false }
    guard count > 0 else { return }
    let clamped = min(max(index, 0), count - 1)
    if mode == .followers {
      let list = current
      if list.selection != clamped { list.selection = clamped }
      let top = Self.scrolled(top: list.top, selection: clamped, rows: visibleRows)
      if top != list.top { list.top = top }
    } else {
      if searchSelection != clamped { searchSelection = clamped }
      let top = Self.scrolled(top: searchTop, selection: clamped, rows: visibleRows)
      if top != searchTop { searchTop = top }
    }
    selectionChanged()
  }

  /// Loads what the new selection needs: its profile (debounced) and, near the end, the next page.
  func selectionChanged() {
    if mode == .followers { loadNextPageIfNearEnd() }
    loadSelectedProfile()
  }

  func loadSelectedProfile() {
    guard let login = selectedFollower?.login else {
      cancel(.fetchProfile)
      return
    }
    let key = login.lowercased()
    guard profiles[key] == nil else {
      cancel(.fetchProfile)
      return
    }
    if failedProfileLogin != nil { failedProfileLogin = nil }
    dispatch(
      actionId: .fetchProfile, policy: .debounce(profileDebounce),
      // A row's login is the server's text, and goes to the service as text: the service checks
      // it where it becomes a request (GitHubClient does, before sending anything).
      task: { [service] in try await service.profile(of: login) },
      onSuccess: { viewModel, profile in viewModel.profiles[key] = profile },
      onFailure: { viewModel, _ in viewModel.failedProfileLogin = key })
  }

  private func loadNextPageIfNearEnd() {
    let list = current
    let followers = list.followers
    guard followers.hasMorePages, list.selection >= followers.followers.count - max(visibleRows, 5),
      followers.errorMessage(for: .loadNextPage) == nil, !followers.isLoading(for: .loadNextPage)
    else { return }
    loadNextPage(of: list)
  }

  @discardableResult
  func loadNextPage(of list: BrowseList) -> Task<Void, Never> {
    let task = list.followers.loadNextPage()
    list.pageTask = task
    return task
  }

  private func loadToEnd(_ list: BrowseList) async {
    while list.loadsToEnd, list.followers.hasMorePages, !Task.isCancelled {
      let task: Task<Void, Never>
      if list.followers.isLoading(for: .loadNextPage) {
        guard let running = list.pageTask else { break }
        task = running
      } else {
        task = loadNextPage(of: list)
      }
      await task.value
      guard list.loadsToEnd, list.followers.errorMessage(for: .loadNextPage) == nil else { break }
      if list === current, mode == .followers { setSelection(Int.max, keepsLoadingToEnd: true) }
    }
    if list.loadsToEnd { list.loadsToEnd = false }
  }
}
