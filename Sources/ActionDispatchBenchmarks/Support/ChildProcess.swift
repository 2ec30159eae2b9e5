import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Runs the tool as a child and reads its peak memory, and reads this process's own memory.
///
/// Spawn from a fresh copy (``FreshCopy``): glibc's `posix_spawn` uses `vfork`, and Linux carries
/// the spawning process's peak into the child's `ru_maxrss` at `exec`.
enum ChildProcess {
  /// Runs `executable` to its end, standard streams on `/dev/null`, with
  /// `ACTION_DISPATCH_MAX_RETRIES=0`, and returns its exit status and peak resident set in MiB.
  static func spawnAndWait(_ executable: URL, _ arguments: [String]) -> (status: Int32, peak: Double) {
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    for descriptor: Int32 in [0, 1, 2] {
      posix_spawn_file_actions_addopen(&actions, descriptor, "/dev/null", descriptor == 0 ? O_RDONLY : O_WRONLY, 0)
    }
    let argv = ([executable.path] + arguments).map { strdup($0) } + [nil]
    defer { argv.forEach { free($0) } }
    var environment = ProcessInfo.processInfo.environment
    environment["ACTION_DISPATCH_MAX_RETRIES"] = "0"
    let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
    defer { envp.forEach { free($0) } }
    var pid: pid_t = 0
    guard posix_spawn(&pid, executable.path, &actions, nil, argv, envp) == 0 else { return (-1, .nan) }
    var status: Int32 = 0
    var usage = rusage()
    while wait4(pid, &status, 0, &usage) == -1 && errno == EINTR {}
    let exited = (status & 0x7F) == 0
    return (exited ? (status >> 8) & 0xFF : -1, mebibytes(usage.ru_maxrss))
  }

  /// This process's peak resident set so far, in MiB.
  static func ownPeak() -> Double {
    var own = rusage()
    #if canImport(Glibc)
      getrusage(RUSAGE_SELF.rawValue, &own)
    #else
      getrusage(RUSAGE_SELF, &own)
    #endif
    return mebibytes(own.ru_maxrss)
  }

  /// The bytes malloc has handed out and not had back (glibc's `mallinfo2`: in use in its arenas,
  /// and in blocks of their own): what the program holds, whatever pages the system left
  /// resident; `nan` where there is no glibc.
  ///
  /// Glibc's module map leaves `malloc.h` out, so `mallinfo2` is found with `dlsym`. It returns a
  /// 10-word struct, which the x86-64 C convention returns through a pointer the caller passes
  /// first, as this call does; elsewhere (another convention), the resident set stands in.
  static func allocatedBytes() -> Double {
    #if canImport(Glibc) && arch(x86_64)
      typealias MallInfo2 = @convention(c) (UnsafeMutableRawPointer) -> UnsafeMutableRawPointer?
      guard let symbol = dlsym(nil, "mallinfo2") else { return residentBytes() }
      let words = UnsafeMutablePointer<Int>.allocate(capacity: 10)
      defer { words.deallocate() }
      words.initialize(repeating: 0, count: 10)
      _ = unsafeBitCast(symbol, to: MallInfo2.self)(UnsafeMutableRawPointer(words))
      // struct mallinfo2 { arena, ordblks, smblks, hblks, hblkhd, usmblks, fsmblks, uordblks, fordblks, keepcost }
      return Double(words[7] + words[4])
    #else
      return residentBytes()
    #endif
  }

  /// This process's resident set now, in bytes, after giving freed heap pages back to the system
  /// (glibc's `malloc_trim`), so that memory freed but kept by malloc does not count; `nan` where
  /// `/proc/self/statm` does not exist.
  static func residentBytes() -> Double {
    #if canImport(Glibc)
      typealias MallocTrim = @convention(c) (Int) -> Int32
      if let symbol = dlsym(nil, "malloc_trim") {  // nil is RTLD_DEFAULT
        _ = unsafeBitCast(symbol, to: MallocTrim.self)(0)
      }
    #endif
    guard let statm = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return .nan }
    let fields = statm.split(separator: " ")
    guard fields.count > 1, let pages = Double(fields[1]) else { return .nan }
    return pages * Double(sysconf(Int32(_SC_PAGESIZE)))
  }

  /// Fixes glibc's `mmap` threshold at its default, 128 KiB, which also fixes its trim threshold
  /// (128 KiB): glibc otherwise raises both when a large mapped block is freed (up to 32 and
  /// 64 MiB), and memory freed after that may stay resident at the top of a thread's heap, which
  /// `malloc_trim` does not give back — so that a figure of what a scenario left depends on the
  /// order its blocks were freed in, not on what it still holds. Does nothing without glibc.
  static func fixHeapThresholds() {
    #if canImport(Glibc)
      typealias MallOpt = @convention(c) (Int32, Int32) -> Int32
      guard let symbol = dlsym(nil, "mallopt") else { return }
      _ = unsafeBitCast(symbol, to: MallOpt.self)(-3, 128 << 10)  // M_MMAP_THRESHOLD
    #endif
  }

  /// `ru_maxrss` in MiB: it counts kilobytes on Linux, bytes on Darwin.
  static func mebibytes(_ maxrss: Int) -> Double {
    #if canImport(Darwin)
      Double(maxrss) / 1_048_576
    #else
      Double(maxrss) / 1_024
    #endif
  }
}
