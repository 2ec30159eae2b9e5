#if canImport(Testing)
  // `StrictHarness`, `Gate.arrivals(_:limit:sourceLocation:)` and `TestClock.waitForSleepers`
  // take a `SourceLocation` that Swift Testing's `#_sourceLocation` macro fills in, and a macro
  // in a default argument must be visible where the function is called: re-exporting Testing
  // means an XCTest file needs only `import ActionDispatchTesting` (and `import XCTest`).
  @_exported import Testing
#endif
