import ActionDispatch

extension BrowseViewModel {
  /// `Enter`: opens the selected user's followers as a new list on top of the stack, or, while
  /// typing a search, keeps its results and moves to them.
  public func openSelected() {
    if mode == .searchTyping {
      commitSearch()
      return
    }
    guard let login = selectedFollower?.login else { return }
    if holdsBackForRateLimit() { return }
    // A row's login is the server's text: checked here, once, for every request the new list
    // makes (its pages, its owner's profile, a retry). A malformed one opens nothing.
    let user: GitHubUsername
    do {
      user = try GitHubUsername(login)
    } catch {
      noteWait("Cannot open the followers of this row: \(error)")
      return
    }
    let list = BrowseList(
      username: user,
      followers: FollowersViewModel(
        service: service, clock: listClock, loadingIndicator: pageIndicator, cache: cache))
    stack.append(list)
    watch(list)
    mode = .followers
    loadOwner(of: list)
    list.followers.fetchFollowers(for: user, perPage: Self.perPage)
    loadSelectedProfile()
  }

  /// `Backspace`, `h`: leaves the search results, or goes back to the previous list with its
  /// selection and scroll as they were. The list left is cancelled and released, and its owner's
  /// profile is watched no more.
  public func goBack() {
    if mode != .followers {
      cancelSearch()
      return
    }
    guard stack.count > 1 else { return }
    let left = stack.removeLast()
    left.loadsToEnd = false
    left.followers.stopLoadingRemainingPages()
    left.eventsToken?.cancel()
    left.followers.cancelAll()
    // Its owner's profile is shown no more: the key is forgotten once no one else watches it.
    stopWatching(.fetchOwner(login: left.username.rawValue.lowercased()))
    selectionChanged()
  }

  /// `/`: starts typing a search; the followers stay as they are underneath.
  public func beginSearch() {
    mode = .searchTyping
    if !trimmedQuery.isEmpty { searchChanged() }
  }

  /// Adds typed (or pasted) text to the query; control characters are left out.
  ///
  /// - Parameter text: The text typed.
  public func typeInSearch(_ text: String) {
    let printable = String(String.UnicodeScalarView(text.unicodeScalars.filter(Self.isTypable)))
    guard mode == .searchTyping, !printable.isEmpty else { return }
    query += printable
    searchChanged()
  }

  /// Whether a typed character belongs in a query: not a control, format (bidi controls among
  /// them) or line or paragraph separator character.
  private static func isTypable(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.properties.generalCategory {
    case .control, .format, .lineSeparator, .paragraphSeparator: false
    default: true
    }
  }

  /// Deletes the last character of the query (`Backspace` while typing).
  public func deleteSearchCharacter() {
    guard mode == .searchTyping, !query.isEmpty else { return }
    query.removeLast()
    searchChanged()
  }

  /// `Esc`: leaves the search; the followers come back with their selection and scroll as they were.
  public func cancelSearch() {
    query = ""
    users.search("")
    searchSelection = 0
    mode = .followers
    selectionChanged()
  }

  /// `Enter` while typing: keeps the results (those of the current query, once they arrive).
  public func commitSearch() {
    guard mode == .searchTyping else { return }
    mode = .searchResults
  }

  /// Sends a search for the current query through ``users``, debounced; an older query's
  /// results are never shown (``rows`` shows only the current query's).
  func searchChanged() {
    if searchSelection != 0 { searchSelection = 0 }
    users.search(trimmedQuery)
  }
}
