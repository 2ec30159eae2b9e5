import ActionDispatchTesting

@testable import ConsumerApp

// snippet: mock-profile-service
final class MockProfileService: ProfileService {
  let profileStub = Stub<String, Profile>(returning: .fixture)
  let saveStub = Stub<Profile, Void>(returning: ())

  func profile(of login: String) async throws -> Profile { try await profileStub(login) }
  func save(_ profile: Profile) async throws { try await saveStub(profile) }
}

extension Profile {
  static let fixture = Profile(login: "octocat", name: "The Octocat")
}
// end snippet: mock-profile-service
