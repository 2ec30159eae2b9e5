import ActionDispatch
import ActionDispatchTesting
import Testing

/// The article's list and detail screens, counted (issue 37, item 9).
@MainActor
@Suite(.serialExecutor) struct SharedProfilesTests {
  // snippet: shared-profile-test
  @Test func theDetailScreenShowsWhatTheListFetchedWithNoRequest() async {
    let service = ProfileService()
    let cache = QueryCache()
    let list = FollowerListScreen(service: service, cache: cache)
    list.select("mona")
    await waitUntil { list.selectedProfile != nil }
    let detail = ProfileDetailScreen(login: "mona", service: service, cache: cache)
    detail.load()
    #expect(detail.profileState.phase == .loaded(UserProfile(login: "mona", name: "Mona")))
    #expect(service.requests == 1)
  }
  // end snippet: shared-profile-test

  @Test func aRenameRefetchesOnceForBothScreens() async {
    let service = ProfileService()
    let cache = QueryCache()
    let list = FollowerListScreen(service: service, cache: cache)
    list.select("mona")
    await waitUntil { list.selectedProfile != nil }
    let detail = ProfileDetailScreen(login: "mona", service: service, cache: cache)
    detail.load()
    await detail.rename(to: "Mona Lisa").value
    await waitUntil { !detail.isLoading(for: .load) && !list.isLoading(for: .selectedProfile) }
    #expect(detail.profile?.name == "Mona Lisa")
    #expect(list.selectedProfile?.name == "Mona Lisa")
    #expect(service.requests == 2, "one refetch, joined by both watchers")
  }

  @Test func aRefreshKeepsTheProfileShownAndReachesTheOtherScreen() async {
    let service = ProfileService()
    let cache = QueryCache()
    let list = FollowerListScreen(service: service, cache: cache)
    let detail = ProfileDetailScreen(login: "mona", service: service, cache: cache)
    await detail.load().value
    list.select("mona")
    service.names["mona"] = "Mona L."
    let gate = Gate()
    service.gate = gate
    let refresh = Task { await detail.refresh() }
    await gate.arrivals(1)
    #expect(detail.profileState.isRefreshing, "the profile stays on screen while it refreshes")
    #expect(detail.profile?.name == "Mona")
    gate.open()
    await refresh.value
    #expect(detail.profile?.name == "Mona L.")
    #expect(list.selectedProfile?.name == "Mona L.")
    #expect(service.requests == 2)
    #expect(cache.status(of: .userProfile("mona")) == .fresh, "a refresh leaves the key's stale time as it was")
  }
}
