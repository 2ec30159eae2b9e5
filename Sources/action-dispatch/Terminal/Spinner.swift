import GitHubFollowers

/// A one-line progress indicator on standard error, shown only when it is a terminal.
///
/// The message is read again for every frame, so it follows the view model's state as pages
/// arrive ("Fetching followers of octocat… page 3 of 12"). ``stop()`` clears the line.
///
/// ```swift
/// let spinner = Spinner(stream: context.errorOutput) { "Fetching the profile of \(username)…" }
/// let token = viewModel.observe {
///   On(.fetchProfile).started { spinner.start() }.finished { spinner.stop() }
/// }
/// ```
///
/// When standard output is the same terminal, write rows inside ``withLineCleared(_:)`` so the
/// spinner's line is not mixed into them.
@MainActor
final class Spinner {
  /// The animation's frames.
  static let frames: [Character] = ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"]

  /// `\r` then "erase the whole line": leaves the cursor at the start of an empty line.
  static let clearLine = "\r\u{1B}[2K"

  private let stream: TerminalStream
  private let interval: Duration
  private let message: @MainActor () -> String
  private var animation: Task<Void, Never>?
  private var frameIndex = 0
  private var isVisible = false

  /// Creates a spinner; nothing is shown until ``start()``.
  ///
  /// - Parameters:
  ///   - stream: Where to draw; nothing is drawn unless it is a terminal.
  ///   - interval: The time between frames.
  ///   - message: The text after the frame, read for every frame.
  init(stream: TerminalStream, interval: Duration = .milliseconds(80), message: @escaping @MainActor () -> String) {
    self.stream = stream
    self.interval = interval
    self.message = message
  }

  /// Whether the spinner is animating.
  var isRunning: Bool { animation != nil }

  /// Draws the first frame at once and animates until ``stop()``; does nothing when already
  /// running or when the stream is not a terminal.
  func start() {
    guard stream.isTerminal, animation == nil else { return }
    draw()
    let interval = interval
    animation = Task { [weak self] in
      while true {
        do {
          try await Task.sleep(for: interval)
        } catch {
          return
        }
        self?.frameIndex += 1
        self?.draw()
      }
    }
  }

  /// Stops animating and clears the line.
  func stop() {
    animation?.cancel()
    animation = nil
    clear()
  }

  /// Runs `body` with the spinner's line cleared, then draws the spinner again if it is running.
  ///
  /// - Parameter body: Writes to the terminal, such as table rows on standard output.
  func withLineCleared(_ body: () -> Void) {
    clear()
    body()
    if isRunning { draw() }
  }

  private func draw() {
    let frame = Self.frames[frameIndex % Self.frames.count]
    stream.write(Self.clearLine + stream.styled(String(frame), .cyan) + " " + TerminalText.sanitized(message()))
    isVisible = true
  }

  private func clear() {
    guard isVisible else { return }
    stream.write(Self.clearLine)
    isVisible = false
  }
}
