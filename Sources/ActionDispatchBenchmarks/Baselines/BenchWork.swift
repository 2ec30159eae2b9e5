/// The work that the runs-in-flight rows run: a real async call, never inlined, so that both
/// sides call it the same way.
enum BenchWork {
  /// Returns 1.
  @MainActor @inline(never)
  static func one() async throws -> Int { 1 }
}
