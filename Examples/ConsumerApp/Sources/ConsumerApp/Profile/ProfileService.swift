/// A user's public profile, as the service returns it.
struct Profile: Sendable, Equatable {
  var login: String
  var name: String
}

/// What `ProfileViewModel` needs from outside: here, the network.
///
/// `Sendable`, because the view model's task closure runs on the main actor and each `await`
/// on the service leaves it: the service crosses from the main actor to where its methods
/// run, and the profile comes back.
protocol ProfileService: Sendable {
  func profile(of login: String) async throws -> Profile
  func save(_ profile: Profile) async throws
}
