#if canImport(SwiftUI)
  import SwiftUI

  // snippet: profile-view
  struct ProfileView: View {
    @State var viewModel: ProfileViewModel

    var body: some View {
      if viewModel.isLoading(for: .load) {
        ProgressView()
      } else if let message = viewModel.errorMessage(for: .load) {
        ContentUnavailableView("Could not load", systemImage: "wifi.slash", description: Text(message))
      } else if let profile = viewModel.profile {
        ProfileCard(profile: profile)
      }
    }
  }
  // end snippet: profile-view

  /// A profile's name and login.
  struct ProfileCard: View {
    let profile: Profile

    var body: some View {
      VStack {
        Text(profile.name)
        Text(profile.login)
      }
    }
  }
#endif
