#if canImport(Testing)
  import ActionDispatch
  import Testing

  /// The harnesses of one test run under the ``StrictTrait``: the trait finishes each one that
  /// the test did not finish itself, once the test returns.
  final class StrictScope: Sendable {
    /// The scope of the test running in this task, if its suite or test has the trait.
    @TaskLocal static var current: StrictScope?

    /// The default strictness of the harnesses made in the scope.
    let strictness: Strictness
    private let finishers = LockedState<[@MainActor @Sendable () -> Void]>([])
    private let registrations = LockedState(0)

    /// How many harnesses were made in the scope.
    var harnessCount: Int {
      registrations.withLock { $0 }
    }

    init(strictness: Strictness) {
      self.strictness = strictness
    }

    /// Registers what finishes a harness.
    func register(_ finish: @escaping @MainActor @Sendable () -> Void) {
      finishers.withLock { $0.append(finish) }
      registrations.withLock { $0 += 1 }
    }

    /// Finishes every harness made in the scope, in the order they were made.
    @MainActor
    func finishAll() {
      let all = finishers.withLock { finishers in
        defer { finishers.removeAll() }
        return finishers
      }
      for finish in all { finish() }
    }
  }
#endif
