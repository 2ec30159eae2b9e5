import ActionDispatch
import Observation

/// One list of followers on ``BrowseViewModel``'s navigation stack: its view model and the
/// selected row, kept as they were while another list is open above it.
///
/// ```swift
/// let list = browser.current
/// let selected = list.followers.followers[list.selection]
/// ```
@MainActor
@Observable
public final class BrowseList {
  /// The user whose followers these are.
  public let username: GitHubUsername
  /// The followers, paged in by ``FollowersViewModel/loadNextPage()``.
  public let followers: FollowersViewModel
  /// Whether `G` asked for every page: pages keep loading, and the selection follows the last row.
  public internal(set) var loadsToEnd = false
  /// The selected row when the selection does not follow the last one.
  var selectedRow = 0

  @ObservationIgnored var eventsToken: ObservationToken?

  /// The index of the selected row in ``FollowersViewModel/followers``: the last one while
  /// ``loadsToEnd``.
  public var selection: Int {
    loadsToEnd ? max(0, followers.followers.count - 1) : selectedRow
  }

  init(username: GitHubUsername, followers: FollowersViewModel) {
    self.username = username
    self.followers = followers
  }
}
