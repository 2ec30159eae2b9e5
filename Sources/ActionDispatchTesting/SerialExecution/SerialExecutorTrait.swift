#if canImport(Testing)
  import Testing

  /// A Swift Testing trait that runs each test of a suite, or one test, inside
  /// ``withSerialExecutor(isolation:_:)``.
  ///
  /// Every job the test starts runs on one serial queue in the order it was enqueued, so a test
  /// on a ``TestClock`` gives the same answer on a busy 2-core CI runner as on a quiet laptop,
  /// and a seeded schedule replays exactly:
  ///
  /// ```swift
  /// @MainActor
  /// @Suite(.serialExecutor)
  /// struct SearchViewModelTests {
  ///   @Test func typingQuicklySendsOneRequest() async throws {
  ///     let clock = TestClock()
  ///     let service = MockSearchService()
  ///     let viewModel = SearchViewModel(service: service, clock: clock)
  ///     viewModel.search("o")
  ///     viewModel.search("oct")
  ///     await clock.advance(by: .milliseconds(300))
  ///     try await viewModel.waitUntilIdle(.search)
  ///     #expect(service.searchStub.calls == ["oct"])
  ///   }
  /// }
  /// ```
  ///
  /// On a suite, the trait applies to every test in it and in its nested suites. What it cannot
  /// reach (real sockets, real-time sleeps) is listed in ``withSerialExecutor(isolation:_:)``.
  public struct SerialExecutorTrait: SuiteTrait, TestTrait, TestScoping {
    /// Applies to the tests of nested suites too.
    public var isRecursive: Bool { true }

    /// Runs the test inside ``withSerialExecutor(isolation:_:)``.
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
      try await withSerialExecutor(isolation: nil) { try await function() }
    }
  }

  extension Trait where Self == SerialExecutorTrait {
    /// Runs each test on one serial queue, deterministically; see ``SerialExecutorTrait``.
    public static var serialExecutor: Self { SerialExecutorTrait() }
  }
#endif
