import ActionDispatch

/// One follower as the list shows it and the detail screen opens it.
public struct FollowerCard: Sendable, Equatable {
  /// The follower's login.
  public var login: String
  /// The follower's display name.
  public var name: String

  /// Creates a card.
  ///
  /// - Parameters:
  ///   - login: The follower's login.
  ///   - name: The follower's display name.
  public init(login: String, name: String) {
    self.login = login
    self.name = name
  }
}

extension QueryKey<[FollowerCard]> {
  /// The key of a user's followers in a `QueryCache`: `users/<user>/followers`. The list and
  /// every follower's detail screen read this one key, so they share one fetch and one value.
  ///
  /// - Parameter user: The user whose followers these are.
  /// - Returns: The key.
  public static func followerCards(of user: String) -> Self {
    QueryKey("users", user, "followers")
  }
}

extension QueryKey<FollowerCard> {
  /// The key of one follower's card: `users/<user>/followers/<login>`, what a detail screen
  /// shows. It is seeded from the list's key, so a follower the list shows opens at once.
  ///
  /// - Parameters:
  ///   - login: The follower.
  ///   - user: The user whose list the follower is on.
  /// - Returns: The key.
  public static func followerCard(_ login: String, of user: String) -> Self {
    QueryKey("users", user, "followers", login)
  }
}

/// The follower is not on the list any more.
public struct FollowerNotListedError: Error, CustomStringConvertible {
  /// The follower.
  public let login: String
  /// Says who is gone and what to do.
  public var description: String { "\(login) no longer follows: refresh the list." }
}

/// What ``FollowerCardsViewModel`` and ``FollowerDetailViewModel`` need from the network.
public protocol FollowerCardsService: Sendable {
  /// A user's followers.
  ///
  /// - Parameter user: The user.
  /// - Returns: The followers, in the server's order.
  /// - Throws: The network's error.
  func followerCards(of user: String) async throws -> [FollowerCard]
}
