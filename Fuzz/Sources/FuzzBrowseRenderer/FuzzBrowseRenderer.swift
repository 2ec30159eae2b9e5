import BrowseUI
import Foundation

/// libFuzzer's entry point: plays one input's world through `browse`'s whole renderer and traps
/// (via `fatalError`) when a frame breaks a property.
///
/// The input (``BrowseFuzzInput``) is a terminal size, a script (lists opened, rows moved, a
/// follow, a notice, the events pane, a search typed and kept) and random text for every field
/// the renderer shows: logins, the followers' type, a profile's name, company, location and bio,
/// the errors of a profile, a next page, a search and a follow, a notice, the query and the
/// logins of the header's path. Every frame, plain and styled, must hold
/// ``BrowseFrameProperties``: one line per row, each exactly as wide as the terminal (measured
/// whole and code point by code point), and no control character or escape from the data.
///
/// The view model runs on the main actor, whose jobs libFuzzer's thread (the main thread) runs
/// by turning the main run loop until the script is over. The services answer at once, so the
/// script never waits on a clock.
///
/// - Parameters:
///   - data: The input's bytes.
///   - size: The number of bytes.
/// - Returns: 0, as libFuzzer requires.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let input = BrowseFuzzInput(UnsafeBufferPointer(start: data, count: size))
  MainActor.assumeIsolated {
    let run = Run()
    Task { @MainActor in
      run.drawn = await input.frames()
      run.isOver = true
    }
    // Polled, not waited for: a job the main actor enqueues while the run loop runs another
    // does not wake a waiting run loop on Linux (the loop would sleep out its whole timeout).
    while !run.isOver {
      _ = RunLoop.main.run(mode: .default, before: .distantPast)
    }
    for drawn in run.drawn {
      let broken = drawn.violations
      guard broken.isEmpty else {
        fatalError(
          "FuzzBrowseRenderer property violated at \"\(drawn.moment)\" (\(drawn.size.columns)×\(drawn.size.rows)): "
            + broken.joined(separator: "; "))
      }
    }
  }
  return 0
}

/// One input's script: the frames it drew, and whether it is over.
@MainActor
final class Run {
  var drawn: [BrowseFuzzInput.Drawn] = []
  var isOver = false
}
