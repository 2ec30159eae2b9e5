/// How much a ``StrictHarness`` asks of a test.
public enum Strictness: Sendable, Hashable {
  /// The test fails when it ends with work left: a run in flight, a debounce not yet elapsed, an
  /// `.enqueue` run waiting for its turn, a dispatch a throttle holds. Changes need not be asserted.
  case workMustEnd
  /// ``workMustEnd``, and every observable change — each action's loading and error, each of
  /// the view model's observed properties — must be asserted, in order, with
  /// ``StrictHarness/expect(_:fileID:filePath:line:column:)``, as TCA's `TestStore` asks. The default, of a
  /// harness and of the ``StrictTrait/strict`` trait.
  case exhaustive
}
