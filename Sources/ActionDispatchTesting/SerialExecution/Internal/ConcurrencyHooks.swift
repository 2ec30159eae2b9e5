#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// The Swift runtime's hook for jobs enqueued on the global concurrent executor.
///
/// `libswift_Concurrency` exports `swift_task_enqueueGlobal_hook`, a function pointer it calls,
/// when set, instead of handing a job to the global executor; swift-concurrency-extras'
/// `withMainSerialExecutor` (which TCA's tests use) sets it the same way. It is looked up with
/// `dlsym`, so nothing private is linked against and the package stays warning-free.
enum ConcurrencyHooks {
  /// The runtime's own enqueue, which a hook may call to hand the job on.
  typealias Original = @convention(thin) (UnownedJob) -> Void
  /// A replacement enqueue.
  typealias Hook = @convention(thin) (UnownedJob, Original) -> Void

  /// Where the runtime keeps the hook, or `nil` on a runtime that does not export it.
  nonisolated(unsafe) static let enqueueGlobal: UnsafeMutablePointer<Hook?>? = {
    guard let symbol = dlsym(dlopen(nil, RTLD_NOW), "swift_task_enqueueGlobal_hook") else { return nil }
    return symbol.assumingMemoryBound(to: Hook?.self)
  }()
}
