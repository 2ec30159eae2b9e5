/// A one-line progress indicator on standard error, shown only when standard output and
/// standard error are both terminals (``CommandContext/showsProgress``); its ``frames`` are
/// the browser's spinners too.
///
/// The message is read again for every frame, so it follows the view model's state as pages
/// arrive ("Fetching followers of octocat… page 3 of 12"). Every frame is cut to the
/// terminal's width, asked anew for each frame, one column short: a line that wraps could not
/// be cleared by `\r`, and every frame would leave a line behind. ``stop()`` clears the line;
/// Ctrl-C stops the spinner before the process exits.
///
/// ```swift
/// let spinner = Spinner(stream: context.errorOutput, isEnabled: context.showsProgress) {
///   "Fetching the profile of \(username)…"
/// }
/// let token = viewModel.observe {
///   On(.fetchProfile).started { spinner.start() }.finished { spinner.stop() }
/// }
/// ```
///
/// When standard output is the same terminal, write rows inside ``withLineCleared(_:)`` so the
/// spinner's line is not mixed into them.
@MainActor
package final class Spinner {
  /// The animation's frames.
  package static let frames: [Character] = ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"]

  /// `\r` then "erase the whole line": leaves the cursor at the start of an empty line.
  package static let clearLine = "\r\u{1B}[2K"

  /// The width assumed when the terminal does not say.
  package static let fallbackColumns = 80

  private let stream: TerminalStream
  private let isEnabled: Bool
  private let interval: Duration
  private let message: @MainActor () -> String
  private var animation: Task<Void, Never>?
  private var frameIndex = 0
  private var isVisible = false

  /// Creates a spinner; nothing is shown until ``start()``.
  ///
  /// - Parameters:
  ///   - stream: Where to draw.
  ///   - isEnabled: Whether to draw at all; ``CommandContext/showsProgress``.
  ///   - interval: The time between frames.
  ///   - message: The text after the frame, read for every frame.
  package init(
    stream: TerminalStream, isEnabled: Bool, interval: Duration = .milliseconds(80),
    message: @escaping @MainActor () -> String
  ) {
    self.stream = stream
    self.isEnabled = isEnabled
    self.interval = interval
    self.message = message
  }

  /// Whether the spinner is animating.
  package var isRunning: Bool { animation != nil }

  /// Draws the first frame at once and animates until ``stop()``; does nothing when already
  /// running or when not enabled.
  package func start() {
    guard isEnabled, animation == nil else { return }
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
  package func stop() {
    animation?.cancel()
    animation = nil
    clear()
  }

  /// Runs `body` with the spinner's line cleared, then draws the spinner again if it is running.
  ///
  /// - Parameter body: Writes to the terminal, such as table rows on standard output.
  package func withLineCleared(_ body: () -> Void) {
    clear()
    body()
    if isRunning { draw() }
  }

  private func draw() {
    let frame = Self.frames[frameIndex % Self.frames.count]
    // The frame and a space, then the message, within one column less than the width.
    let room = (stream.columns ?? Self.fallbackColumns) - 1 - 2
    guard room > 0 else { return }
    let text = DisplayWidth.truncated(TerminalText.sanitized(message()), toColumns: room)
    stream.write(Self.clearLine + stream.styled(String(frame), .cyan) + " " + text)
    isVisible = true
  }

  private func clear() {
    guard isVisible else { return }
    stream.write(Self.clearLine)
    isVisible = false
  }
}
