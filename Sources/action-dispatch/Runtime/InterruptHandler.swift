import CommandLineKit
import Dispatch

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Makes Ctrl-C cancel the work in flight and end the process at once with
/// ``ExitCode/interrupted`` (130).
///
/// SIGINT's default action is turned off (`signal(SIGINT, SIG_IGN)`) and a Dispatch signal
/// source on the main queue runs the handler on the main actor instead, where it can cancel the
/// view model's runs; then the process exits without waiting for anything.
///
/// ```swift
/// let interrupt = InterruptHandler {
///   viewModel.cancelAll()
///   spinner.stop()
/// }
/// defer { interrupt.cancel() }
/// ```
@MainActor
final class InterruptHandler {
  private let source: any DispatchSourceSignal

  /// Installs the handler; it stays until ``cancel()``.
  ///
  /// - Parameter onInterrupt: Runs on the main actor when SIGINT arrives, just before the
  ///   process exits with 130.
  init(_ onInterrupt: @escaping @MainActor () -> Void) {
    signal(SIGINT, SIG_IGN)
    source = DispatchSource.makeSignalSource(signal: SIGINT, queue: .main)
    source.setEventHandler {
      MainActor.assumeIsolated { onInterrupt() }
      exit(ExitCode.interrupted.rawValue)
    }
    source.resume()
  }

  /// Removes the handler and gives SIGINT its default action back.
  func cancel() {
    source.cancel()
    signal(SIGINT, SIG_DFL)
  }
}
