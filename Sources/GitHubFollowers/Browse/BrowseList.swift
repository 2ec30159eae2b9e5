import ActionDispatch
import Observation

/// One list of followers on ``BrowseViewModel``'s navigation stack: its view model, the selected
/// row and the first row shown, kept as they were while another list is open above it.
///
/// ```swift
/// let list = browser.current
/// let selected = list.followers.followers[list.selection]
/// ```
@MainActor
@Observable
public final class BrowseList {
  /// The user whose followers these are.
  public let username: String
  /// The followers, paged in by ``FollowersViewModel/loadNextPage()``.
  public let followers: FollowersViewModel
  /// The index of the selected row in ``FollowersViewModel/followers``.
  public internal(set) var selection = 0
  /// The index of the first row shown; the selection is kept between it and the rows that fit.
  public internal(set) var top = 0
  /// Whether `G` asked for every page: pages keep loading, and the selection follows the last row.
  public internal(set) var loadsToEnd = false

  @ObservationIgnored var pageTask: Task<Void, Never>?
  @ObservationIgnored var eventsToken: ObservationToken?
  /// ``username``, checked once when the list was made (or found malformed: every request for
  /// it then fails with that error, and nothing is sent).
  @ObservationIgnored let login: LoginInput

  init(login: LoginInput, followers: FollowersViewModel) {
    self.username = login.text
    self.login = login
    self.followers = followers
  }
}
