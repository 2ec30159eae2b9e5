import GitHubFollowers

/// The browser's update: every key, and what it does to which state — Bubble Tea's
/// `Update(msg)`, with the ``BrowseViewModel`` and the ``BrowseViewState`` as the model and the
/// renderer as the view.
///
/// | Key | When | Does | To |
/// |---|---|---|---|
/// | Ctrl-C | always | quits (interrupted) | the session |
/// | Ctrl-Z | always | suspends | the session |
/// | `j` `↓` / `k` `↑` | always (`j`/`k` not while typing) | `moveDown()` / `moveUp()` | the selection; the next page near the end; the profile |
/// | `PgDn` / `PgUp` | always | `moveDown(by:)` / `moveUp(by:)` a screenful | the selection, by the view's ``BrowseViewState/visibleRows`` |
/// | Ctrl-D / Ctrl-U | always | the same, half a screenful | the selection |
/// | `g` `Home` | always (`g` not while typing) | `moveToFirst()` | the selection |
/// | `G` `End` | always (`G` not while typing) | `moveToLast()` | the selection follows the last row while every page loads |
/// | `Enter` `→` `l` | list, results | `openSelected()` | a new list on the stack |
/// | `Backspace` `h` `←` | list, results | `goBack()` | the stack, or leaves the results |
/// | `/` | list, results | `beginSearch()` | the mode: typing |
/// | `f` / `u` | list, results | `follow()` / `unfollow()` | the row's follow mark and run |
/// | `r` | list, results | `retry()` | what failed under the selection |
/// | `R` | list, results | `refresh()` | the list's pages on screen and the selected profile, asked again (conditional requests) |
/// | `e` | list, results | `toggleEvents()` | the pane: events or profile |
/// | `c` | list, results | `toggleCache()` | the pane: the cache (each key's status, watchers, age, time to be forgotten) or profile |
/// | `?` | list, results | `toggleKeys()` | the pane: the keys or profile |
/// | `Esc` | results | `cancelSearch()` | the mode: the list, as it was |
/// | `q` | list, results | quits | the session |
/// | a character, a paste | typing | `typeInSearch(_:)` | the query; a debounced search |
/// | `Backspace` | typing | `deleteSearchCharacter()` | the query |
/// | `Esc` / `Enter` | typing | `cancelSearch()` / `commitSearch()` | the mode |
///
/// After each key the view state scrolls to keep the selection shown. What a key sets off
/// (a page, a profile, a search) comes back through Observation as a change, which the session
/// turns into a frame.
///
/// ```swift
/// var view = BrowseViewState(visibleRows: 20)
/// if case .quit = BrowseKeyMap.apply(.character("q"), to: browser, view: &view) { … }
/// ```
@MainActor
package enum BrowseKeyMap {
  /// What the session must do after a key.
  package enum Outcome: Sendable, Hashable {
    /// Nothing more: the view model and the view state have the change.
    case handled
    /// Quit (`q`).
    case quit
    /// Quit as interrupted (Ctrl-C).
    case interrupt
    /// Suspend the process (Ctrl-Z).
    case suspend
  }

  /// Applies a key to the browser and its view state.
  ///
  /// - Parameters:
  ///   - key: The key.
  ///   - viewModel: The browser.
  ///   - view: The screen's state: how many rows a page is, and each list's scroll.
  /// - Returns: What the session must do next.
  package static func apply(_ key: Key, to viewModel: BrowseViewModel, view: inout BrowseViewState) -> Outcome {
    let page = view.visibleRows
    switch (viewModel.mode, key) {
    // Everywhere.
    case (_, .control("c")): return .interrupt
    case (_, .control("z")): return .suspend
    case (_, .down): viewModel.moveDown()
    case (_, .up): viewModel.moveUp()
    case (_, .pageDown): viewModel.moveDown(by: page)
    case (_, .pageUp): viewModel.moveUp(by: page)
    case (_, .control("d")): viewModel.moveDown(by: max(1, page / 2))
    case (_, .control("u")): viewModel.moveUp(by: max(1, page / 2))
    case (_, .home): viewModel.moveToFirst()
    case (_, .end): viewModel.moveToLast()

    // Typing a search: the query takes the keys.
    case (.searchTyping, .character(let character)): viewModel.typeInSearch(String(character))
    case (.searchTyping, .paste(let text)): viewModel.typeInSearch(text)
    case (.searchTyping, .backspace): viewModel.deleteSearchCharacter()
    case (.searchTyping, .escape): viewModel.cancelSearch()
    case (.searchTyping, .enter): viewModel.commitSearch()
    case (.searchTyping, _): break

    // A list of followers, or the search results kept.
    case (_, .character("q")): return .quit
    case (_, .character("j")): viewModel.moveDown()
    case (_, .character("k")): viewModel.moveUp()
    case (_, .character("g")): viewModel.moveToFirst()
    case (_, .character("G")): viewModel.moveToLast()
    case (_, .character("/")): viewModel.beginSearch()
    case (_, .character("f")): viewModel.follow()
    case (_, .character("u")): viewModel.unfollow()
    case (_, .character("r")): viewModel.retry()
    case (_, .character("R")): viewModel.refresh()
    case (_, .character("e")): viewModel.toggleEvents()
    case (_, .character("c")): viewModel.toggleCache()
    case (_, .character("?")): viewModel.toggleKeys()
    case (_, .character("h")), (_, .backspace), (_, .left): viewModel.goBack()
    case (.searchResults, .escape): viewModel.cancelSearch()
    case (_, .enter), (_, .right), (_, .character("l")): viewModel.openSelected()
    default: break
    }
    view.keepSelectionShown(in: viewModel)
    return .handled
  }
}
