import GitHubFollowers
import Observation

/// The browser's loop: keys go to the view model, and the screen is drawn again when — and
/// only when — what it shows has changed.
///
/// Each frame is rendered inside `withObservationTracking`, so the renderer's reads are the
/// subscription: a change to anything drawn schedules one redraw, however many changes come
/// in the same burst (only the newest tracking counts). ``FrameWriter`` then writes only the
/// lines that differ. While a spinner or the rate limit's countdown is visible the frame is drawn
/// again every ``tick`` (and, past the reset, the browser goes on: `BrowseViewModel/resumeIfLimitReset()`);
/// otherwise nothing runs until a key, a signal or a change arrives, so an idle browser writes
/// nothing and uses no CPU.
///
/// ```swift
/// let session = BrowseSession(viewModel: browser, terminal: terminal, styled: true)
/// let exit = await session.run(inputs: inputs)   // .quit on q
/// ```
@MainActor
package final class BrowseSession {
  private enum Event: Sendable {
    case input(BrowseInput)
    case changed(generation: Int)
    case tick
    case escapeTimeout(generation: Int)
  }

  /// How long a lone `Esc` waits for the rest of a sequence before it counts as the key.
  package static let escapeDelay = Duration.milliseconds(40)
  /// How long a bracketed paste may go without a byte before it ends with what arrived: a
  /// paste whose end marker never comes gives the keys back.
  package static let pasteTimeout = Duration.seconds(1)
  /// The spinner's frame interval.
  package static let tick = Duration.milliseconds(100)

  private let viewModel: BrowseViewModel
  private let terminal: any BrowseTerminal
  private let styled: Bool
  private let clock: any Clock<Duration>
  private var decoder = KeyDecoder()
  private var writer = FrameWriter()
  private var continuation: AsyncStream<Event>.Continuation?
  private var trackingGeneration = 0
  private var inputGeneration = 0
  private var spinnerFrame = 0
  private var tickScheduled = false
  /// The timers waiting to post the next tick and the pending `Esc` or paste timeout: cancelled
  /// when the session ends, so that none outlives it (and a later timeout replaces an earlier one,
  /// whose input is stale anyway).
  private var tickTimer: Task<Void, Never>?
  private var escapeTimer: Task<Void, Never>?
  private var isSuspended = false
  private var size: TerminalSize
  /// The screen's own state: rows per page and each list's scroll.
  private var view = BrowseViewState()

  /// Frames that wrote something, for tests and benchmarks.
  package private(set) var framesWritten = 0
  /// Bytes written, for tests and benchmarks.
  package private(set) var bytesWritten = 0

  /// Creates a session.
  ///
  /// - Parameters:
  ///   - viewModel: The browser's state.
  ///   - terminal: Where frames go.
  ///   - styled: Whether frames carry styles.
  ///   - clock: Times the `Esc` delay, the paste timeout and the spinner; a test clock in tests.
  package init(
    viewModel: BrowseViewModel, terminal: any BrowseTerminal, styled: Bool,
    clock: any Clock<Duration> = ContinuousClock()
  ) {
    self.viewModel = viewModel
    self.terminal = terminal
    self.styled = styled
    self.clock = clock
    self.size = terminal.size
  }

  /// Draws the first frame, then handles inputs and changes until the browser ends.
  ///
  /// - Parameter inputs: Keys and signals, from the terminal layer.
  /// - Returns: How it ended.
  package func run(inputs: AsyncStream<BrowseInput>) async -> BrowseExit {
    let (events, continuation) = AsyncStream.makeStream(of: Event.self)
    self.continuation = continuation
    let forwarding = Task {
      for await input in inputs { continuation.yield(.input(input)) }
      continuation.yield(.input(.closed))
    }
    defer {
      forwarding.cancel()
      tickTimer?.cancel()
      escapeTimer?.cancel()
      continuation.finish()
      self.continuation = nil
    }
    resize()
    for await event in events {
      if let exit = handle(event) { return exit }
    }
    return .inputClosed
  }

  private func handle(_ event: Event) -> BrowseExit? {
    switch event {
    case .input(let input):
      return handle(input)
    case .changed(let generation):
      if generation == trackingGeneration { draw() }
    case .tick:
      tickScheduled = false
      spinnerFrame &+= 1
      // The rate limit's countdown is drawn on ticks: past the reset, the browser goes on.
      viewModel.resumeIfLimitReset()
      draw()
    case .escapeTimeout(let generation):
      if generation == inputGeneration { return handle(keys: decoder.flush()) }
    }
    return nil
  }

  private func handle(_ input: BrowseInput) -> BrowseExit? {
    switch input {
    case .bytes(let bytes):
      inputGeneration &+= 1
      let exit = handle(keys: decoder.decode(bytes))
      if exit == nil, decoder.hasPending {
        let delay = decoder.isInPaste ? Self.pasteTimeout : Self.escapeDelay
        escapeTimer?.cancel()
        escapeTimer = schedule(.escapeTimeout(generation: inputGeneration), after: delay)
      }
      return exit
    case .resized:
      resize()
    case .continued:
      if isSuspended {
        isSuspended = false
        terminal.resume()
      }
      writer.invalidate()
      resize()
    case .suspend:
      suspend()
    case .terminate(let signal):
      return .signal(signal)
    case .closed:
      return .inputClosed
    }
    return nil
  }

  private func handle(keys: [Key]) -> BrowseExit? {
    for key in keys {
      switch BrowseKeyMap.apply(key, to: viewModel, view: &view) {
      case .handled: break
      case .quit: return .quit
      case .interrupt: return .interrupted
      case .suspend: suspend()
      }
    }
    return nil
  }

  /// Gives the terminal back and stops; nothing is drawn until `.continued`.
  private func suspend() {
    guard !isSuspended else { return }
    isSuspended = true
    terminal.suspend()
  }

  private func resize() {
    size = terminal.size
    if !size.isTooSmall {
      let rows = BrowseLayout(size: size).listRows
      view.visibleRows = rows
      viewModel.prefetchDistance = max(rows, 5)
    }
    draw()
  }

  /// Renders under observation tracking and writes what changed.
  private func draw() {
    guard !isSuspended else { return }
    trackingGeneration &+= 1
    let generation = trackingGeneration
    let continuation = continuation
    view.keepSelectionShown(in: viewModel)
    let view = view
    let frame = withObservationTracking {
      BrowseRenderer.render(viewModel, view: view, size: size, spinnerFrame: spinnerFrame, styled: styled)
    } onChange: {
      continuation?.yield(.changed(generation: generation))
    }
    let output = writer.update(frame.lines, size: size)
    if !output.isEmpty {
      terminal.write(output)
      framesWritten += 1
      bytesWritten += output.utf8.count
    }
    if frame.animates, !tickScheduled {
      tickScheduled = true
      tickTimer = schedule(.tick, after: Self.tick)
    }
  }

  /// Posts `event` once `delay` has passed on the session's clock, unless the returned timer is
  /// cancelled first.
  private func schedule(_ event: Event, after delay: Duration) -> Task<Void, Never> {
    let continuation = continuation
    let clock = clock
    return Task {
      do { try await clock.sleep(for: delay) } catch { return }
      continuation?.yield(event)
    }
  }
}
