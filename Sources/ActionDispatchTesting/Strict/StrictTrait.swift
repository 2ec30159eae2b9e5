#if canImport(Testing)
  import Testing

  /// A Swift Testing trait that makes a suite's tests strict: each ``StrictHarness`` a test makes
  /// is finished when the test returns, so a test that ends with work left running — or, with
  /// ``Strictness/exhaustive`` (the default), with a change it did not assert — fails.
  ///
  /// ```swift
  /// @MainActor
  /// @Suite(.serialExecutor, .strict)
  /// struct InboxViewModelTests {
  ///   @Test func refreshEndsItsRun() async {
  ///     let harness = StrictHarness(InboxViewModel(service: MockInboxService()))
  ///     await harness.send { $0.refresh() }.value
  ///     harness.expect(.startedLoading(.refresh))
  ///     harness.expect(.stoppedLoading(.refresh))
  ///   }  // finished here: nothing is left running, every change asserted, so it passes
  /// }
  /// ```
  ///
  /// A test under the trait that makes no harness fails too: nothing would check it. Wrap the
  /// view model under test in a ``StrictHarness``, or move the test to a suite without the trait.
  ///
  /// Opt in per suite (or per test): suites without the trait are as lax as before. Put it after
  /// ``SerialExecutorTrait/serialExecutor``, so the checks run inside the serial scope.
  public struct StrictTrait: SuiteTrait, TestTrait, TestScoping {
    /// What the suite's harnesses ask by default.
    public var strictness: Strictness

    /// Applies to the tests of nested suites too.
    public var isRecursive: Bool { true }

    /// Runs the test, then finishes every harness it made and did not finish.
    ///
    /// - Parameters:
    ///   - test: The test to run.
    ///   - testCase: The test case, for a parameterized test.
    ///   - function: The test itself.
    /// - Throws: What the test throws.
    public func provideScope(
      for test: Test,
      testCase: Test.Case?,
      performing function: @Sendable () async throws -> Void
    ) async throws {
      let scope = StrictScope(strictness: strictness)
      try await StrictScope.$current.withValue(scope) {
        do {
          try await function()
        } catch {
          await scope.finishAll()
          throw error
        }
        await scope.finishAll()
      }
      if !test.isSuite, scope.harnessCount == 0 {
        FailureReporter.recordInSwiftTesting(
          "The test made no StrictHarness, so the .strict trait checked nothing\n"
            + "Wrap the view model under test — let harness = StrictHarness(viewModel) — and act through "
            + "harness.send { ... }; or move the test to a suite without .strict.",
          at: test.sourceLocation)
      }
    }
  }

  extension Trait where Self == StrictTrait {
    /// Fails a test that ends with work left running or a change not asserted
    /// (``Strictness/exhaustive``), or that made no harness; see ``StrictTrait``.
    public static var strict: Self { StrictTrait(strictness: .exhaustive) }

    /// Makes the suite's harnesses as strict as `strictness` asks; see ``StrictTrait``.
    ///
    /// - Parameter strictness: ``Strictness/workMustEnd`` to have changes go unasserted.
    /// - Returns: The trait.
    public static func strict(_ strictness: Strictness) -> Self { StrictTrait(strictness: strictness) }
  }
#endif
