import Foundation

/// The release products beside this benchmark binary, for the benchmarks that run the CLI.
struct BuiltProducts {
  /// The `action-dispatch` tool.
  let tool: URL
  /// This benchmark binary.
  let benchmark: URL

  /// The products, or `nil` after a warning on standard error when the tool is not built.
  static func locate() -> BuiltProducts? {
    guard let benchmark = FreshCopy.executable else { return nil }
    let products = BuiltProducts(
      tool: benchmark.deletingLastPathComponent().appendingPathComponent("action-dispatch"), benchmark: benchmark)
    guard FileManager.default.isExecutableFile(atPath: products.tool.path) else {
      FileHandle.standardError.write(
        Data("warning: \(products.tool.path) not built; run `swift build -c release` for the CLI benchmarks\n".utf8))
      return nil
    }
    return products
  }
}
