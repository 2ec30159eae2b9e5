import ActionDispatch
import ActionDispatchTesting
import Foundation
import GitHubFollowers

/// Browsers in the states the golden frames show.
@MainActor
enum BrowserState {
  /// `octocat`'s seven hostile followers loaded, the first selected with its (hostile) profile
  /// shown: the only row whose login is a possible GitHub login, so the only one whose profile
  /// is requested.
  static func loaded(
    clock: TestClock = TestClock(), service: FixedService = FixedService()
  ) async throws -> BrowseViewModel {
    let browser = BrowseViewModel(
      username: "octocat", service: service, clock: clock, profileDebounce: .milliseconds(100),
      loadingIndicator: .immediate, now: { Date(timeIntervalSince1970: 1_764_102_665.25) })
    await browser.start().value
    try await browser.waitUntilIdle(.fetchOwner(login: "octocat"))
    await clock.waitForSleepers(1)
    await clock.advance(by: .milliseconds(100))
    try await browser.users.waitUntilIdle(.loadProfile)
    return browser
  }
}
