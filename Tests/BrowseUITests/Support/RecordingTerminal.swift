import BrowseUI
import BrowseUITestSupport

/// A ``BrowseTerminal`` that plays what is written onto a ``VirtualScreen``, so tests can
/// wait for what a person would see.
@MainActor
final class RecordingTerminal: BrowseTerminal {
  var size: TerminalSize {
    didSet { screen = VirtualScreen(size: size) }
  }
  private(set) var writes: [String] = []
  private(set) var screen: VirtualScreen
  private(set) var suspensions = 0
  private(set) var resumptions = 0
  private var waiters: [(condition: (RecordingTerminal) -> Bool, continuation: CheckedContinuation<Void, Never>)] = []

  init(size: TerminalSize) {
    self.size = size
    screen = VirtualScreen(size: size)
  }

  func write(_ text: String) {
    writes.append(text)
    screen.play(text)
    let ready = waiters.filter { $0.condition(self) }
    waiters.removeAll { $0.condition(self) }
    for waiter in ready { waiter.continuation.resume() }
  }

  func suspend() {
    suspensions += 1
  }

  func resume() {
    resumptions += 1
  }

  /// Waits until a write makes `condition` true (returns at once when it already is).
  func wait(until condition: @escaping (RecordingTerminal) -> Bool) async {
    guard !condition(self) else { return }
    await withCheckedContinuation { waiters.append((condition, $0)) }
  }

  /// Waits until the screen shows `text` somewhere.
  func waitForScreen(containing text: String) async {
    await wait { $0.screen.text.contains { $0.contains(text) } }
  }
}
