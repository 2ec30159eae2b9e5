import ActionDispatch

extension BrowseViewModel {
  /// Selects the row `rows` below (`j`, `↓`; a view's page or half page for `PgDn`, `Ctrl-D`);
  /// nearing the end of what is loaded, loads the next page.
  ///
  /// - Parameter rows: How many rows to move; 1 by default.
  public func moveDown(by rows: Int = 1) { setSelection(selectedIndex + rows) }

  /// Selects the row `rows` above (`k`, `↑`; a view's page or half page for `PgUp`, `Ctrl-U`).
  ///
  /// - Parameter rows: How many rows to move; 1 by default.
  public func moveUp(by rows: Int = 1) { setSelection(selectedIndex - rows) }

  /// Selects the first row (`g`, `Home`).
  public func moveToFirst() { setSelection(0) }

  /// Selects the last row loaded (`G`, `End`) and, in a list with more pages, loads the pages
  /// left by the server's `next` links (``FollowersViewModel/loadRemainingPages()``), the
  /// selection following the last row.
  /// Any other move stops it after the page in flight.
  ///
  /// - Returns: The task that loads the pages left; await it to wait until the list's end, an
  ///   error or a stop. An already finished task when there is nothing more to load.
  @discardableResult
  public func moveToLast() -> Task<Void, Never> {
    // Not the single next page a move near the end asks for: the pages left follow at once.
    setSelection(Int.max, prefetching: false)
    guard mode == .followers, current.followers.hasMorePages else { return Task {} }
    if holdsBackForRateLimit() { return Task {} }
    let list = current
    list.loadsToEnd = true
    return list.followers.loadRemainingPages()
  }

  /// Selects a row (clamped to the rows there are), loads its profile and, near the end of a
  /// list and when `prefetching`, its next page. Stops loading to the end.
  func setSelection(_ index: Int, prefetching: Bool = true) {
    let count = rows.count
    if mode == .followers, current.loadsToEnd {
      let list = current
      list.selectedRow = list.selection
      list.loadsToEnd = false
      list.followers.stopLoadingRemainingPages()
    }
    guard count > 0 else { return }
    let clamped = min(max(index, 0), count - 1)
    if mode == .followers {
      let list = current
      if list.selectedRow != clamped { list.selectedRow = clamped }
    } else {
      if searchSelection != clamped { searchSelection = clamped }
    }
    selectionChanged(prefetching: prefetching)
  }

  /// Loads what the new selection needs: its profile (debounced) and, near the end and when
  /// `prefetching`, the next page.
  func selectionChanged(prefetching: Bool = true) {
    if mode == .followers, prefetching { loadNextPageIfNearEnd() }
    loadSelectedProfile()
  }

  private func loadNextPageIfNearEnd() {
    let list = current
    let followers = list.followers
    guard !isRateLimited, followers.hasMorePages,
      list.selection >= followers.followers.count - max(prefetchDistance, 5),
      followers.errorMessage(for: .loadNextPage) == nil, !followers.isLoading(for: .loadNextPage)
    else { return }
    loadNextPage(of: list)
  }

  @discardableResult
  func loadNextPage(of list: BrowseList) -> Task<Void, Never> {
    list.followers.loadNextPage()
  }
}
