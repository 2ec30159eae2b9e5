import Foundation

/// The release products beside this benchmark binary, for the benchmarks that run the CLI.
struct BuiltProducts {
  /// Why the products cannot be used: what is missing, and how to build it.
  struct Missing: Error, CustomStringConvertible {
    let description: String
  }

  /// The `action-dispatch` tool.
  let tool: URL
  /// This benchmark binary.
  let benchmark: URL

  /// The products, after a warning on standard error when the tool is not built.
  ///
  /// - Returns: The products.
  /// - Throws: ``Missing`` when this binary or the tool beside it cannot be found: the rows
  ///   that need them are then reported as not measured.
  static func locate() throws(Missing) -> BuiltProducts {
    guard let benchmark = FreshCopy.executable else {
      throw Missing(description: "the benchmark binary cannot find its own path")
    }
    let products = BuiltProducts(
      tool: benchmark.deletingLastPathComponent().appendingPathComponent("action-dispatch"), benchmark: benchmark)
    guard FileManager.default.isExecutableFile(atPath: products.tool.path) else {
      let missing = Missing(
        description: "\(products.tool.path) not built; run `swift build -c release` for the CLI benchmarks")
      FileHandle.standardError.write(Data("warning: \(missing)\n".utf8))
      throw missing
    }
    return products
  }
}
