#if canImport(Glibc)
  import Glibc
#endif

/// How the tool asks glibc's allocator to treat its page-sized buffers, on Linux.
///
/// `followers --all` allocates and frees a body of about 110 KB for every page. glibc raises
/// its `mmap` threshold past such a size after the first ones are freed, and from then on keeps
/// them in the heap, where a run of 10,000 pages leaves it fragmented by a few MiB. A fixed
/// 64 KiB threshold maps each body on its own and gives it back when freed, so peak memory
/// stays the same from the first page to the last. Elsewhere this does nothing.
///
/// ```swift
/// HeapTuning.apply()   // first thing in main
/// ```
enum HeapTuning {
  /// glibc's `M_MMAP_THRESHOLD`.
  private static let mmapThresholdParameter: Int32 = -3
  /// Allocations from this size up are mapped on their own.
  static let mmapThreshold: Int32 = 64 << 10

  /// Sets the threshold; `mallopt` is looked up at run time, as the C library may not be glibc.
  static func apply() {
    #if canImport(Glibc)
      typealias MallOpt = @convention(c) (Int32, Int32) -> Int32
      guard let symbol = dlsym(nil, "mallopt") else { return }
      _ = unsafeBitCast(symbol, to: MallOpt.self)(mmapThresholdParameter, mmapThreshold)
    #endif
  }
}
