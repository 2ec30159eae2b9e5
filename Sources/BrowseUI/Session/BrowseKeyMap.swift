import GitHubFollowers

/// What each key does: the browser's key bindings, as calls on a ``BrowseViewModel``.
///
/// While the search field has focus, printable keys and pastes type into it; otherwise
/// `j`/`k`, arrows, `g`/`G`, `Home`/`End`, `PgDn`/`PgUp`, `Ctrl-D`/`Ctrl-U` move, `Enter` opens,
/// `Backspace`/`h` goes back, `/` searches, `f`/`u` follow and unfollow, `r` retries, `e` shows
/// events and `q` quits. Ctrl-C and Ctrl-Z work everywhere.
///
/// ```swift
/// if case .quit = BrowseKeyMap.apply(.character("q"), to: browser) { … }
/// ```
@MainActor
package enum BrowseKeyMap {
  /// What the session must do after a key.
  package enum Outcome: Sendable, Hashable {
    /// Nothing more: the view model has the change.
    case handled
    /// Quit (`q`).
    case quit
    /// Quit as interrupted (Ctrl-C).
    case interrupt
    /// Suspend the process (Ctrl-Z).
    case suspend
  }

  /// Applies a key.
  ///
  /// - Parameters:
  ///   - key: The key.
  ///   - viewModel: The browser.
  /// - Returns: What the session must do next.
  package static func apply(_ key: Key, to viewModel: BrowseViewModel) -> Outcome {
    switch key {
    case .control("c"): return .interrupt
    case .control("z"): return .suspend
    case .control("d"): viewModel.halfPageDown()
    case .control("u"): viewModel.halfPageUp()
    case .down: viewModel.moveDown()
    case .up: viewModel.moveUp()
    case .home: viewModel.moveToFirst()
    case .end: viewModel.moveToLast()
    case .pageDown: viewModel.pageDown()
    case .pageUp: viewModel.pageUp()
    default:
      if viewModel.mode == .searchTyping {
        applyWhileTyping(key, to: viewModel)
      } else {
        return applyToList(key, to: viewModel)
      }
    }
    return .handled
  }

  private static func applyWhileTyping(_ key: Key, to viewModel: BrowseViewModel) {
    switch key {
    case .character(let character): viewModel.typeInSearch(String(character))
    case .paste(let text): viewModel.typeInSearch(text)
    case .backspace: viewModel.deleteSearchCharacter()
    case .escape: viewModel.cancelSearch()
    case .enter: viewModel.commitSearch()
    default: break
    }
  }

  private static func applyToList(_ key: Key, to viewModel: BrowseViewModel) -> Outcome {
    switch key {
    case .character("q"): return .quit
    case .character("j"): viewModel.moveDown()
    case .character("k"): viewModel.moveUp()
    case .character("g"): viewModel.moveToFirst()
    case .character("G"): viewModel.moveToLast()
    case .character("/"): viewModel.beginSearch()
    case .character("f"): viewModel.follow()
    case .character("u"): viewModel.unfollow()
    case .character("r"): viewModel.retry()
    case .character("e"): viewModel.toggleEvents()
    case .character("h"), .backspace, .left: viewModel.goBack()
    case .escape: if viewModel.mode == .searchResults { viewModel.cancelSearch() }
    case .enter, .right, .character("l"): viewModel.openSelected()
    default: break
    }
    return .handled
  }
}
