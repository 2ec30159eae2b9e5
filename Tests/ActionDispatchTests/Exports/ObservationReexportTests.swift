import ActionDispatch
import Testing

// This file imports ActionDispatch alone, as a view model file does: `@Observable` and
// `withObservationTracking` come from its re-export of Observation (issue 31, item 4).

/// A subclass with state of its own, in a file without `import Observation`.
@MainActor
@Observable
private final class ReexportViewModel: BaseViewModel<TestAction> {
  var title = ""
}

@MainActor
@Suite struct ObservationReexportTests {
  @Test func aSubclassMarkedObservableWithOnlyActionDispatchImportedIsTracked() {
    let viewModel = ReexportViewModel()
    let changed = LockedState(false)
    withObservationTracking {
      _ = viewModel.title
    } onChange: {
      changed.withLock { $0 = true }
    }
    viewModel.title = "Inbox"
    #expect(changed.withLock { $0 })
  }
}
