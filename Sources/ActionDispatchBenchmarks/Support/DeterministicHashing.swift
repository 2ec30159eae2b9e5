import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// Runs the benchmarks with one hash seed in every process, so a ratio does not move with it.
///
/// Swift seeds `Hasher` at random per process, and both sides of the keyed-rows ratio hash
/// their keys: over five processes of one build it read 1.25×–1.47× with random seeds and
/// 1.40×–1.42× with `SWIFT_DETERMINISTIC_HASHING=1`. The seed is read once, at the first hash,
/// so the benchmark sets the variable and executes itself again before hashing anything.
/// `BENCH_RANDOM_HASHING=1` keeps the random seed.
enum DeterministicHashing {
  /// Executes this binary again with `SWIFT_DETERMINISTIC_HASHING=1` unless it is set (or
  /// `BENCH_RANDOM_HASHING` is); returns only when it does not, or cannot, on Linux.
  static func ensure() {
    #if os(Linux)
      guard getenv("SWIFT_DETERMINISTIC_HASHING") == nil, getenv("BENCH_RANDOM_HASHING") == nil else { return }
      setenv("SWIFT_DETERMINISTIC_HASHING", "1", 1)
      execv("/proc/self/exe", CommandLine.unsafeArgv)
      // Still here: the exec failed, so this process goes on with its random seed.
      unsetenv("SWIFT_DETERMINISTIC_HASHING")
      FileHandle.standardError.write(
        Data("warning: could not run with SWIFT_DETERMINISTIC_HASHING=1; hash-dependent ratios vary more\n".utf8))
    #endif
  }
}
