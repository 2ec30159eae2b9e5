#if canImport(SwiftUI)
  import SwiftUI

  /// The list of "Showing loading without flicker": a spinner that never flashes.
  struct FollowerListView: View {
    @State var viewModel: FollowerListViewModel

    var body: some View {
      // snippet: showing-loading
      // In the SwiftUI view:
      if viewModel.isShowingLoading(for: .loadAllPages) { ProgressView() }
      // end snippet: showing-loading
      List(viewModel.followers, id: \.self) { Text($0) }
    }
  }
#endif
