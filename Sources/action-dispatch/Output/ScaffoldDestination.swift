import Foundation
import Scaffolding

/// Where `scaffold` writes each file, and the module the tests `@testable import`, decided from
/// `--output` and the Swift package around it before anything is generated.
///
/// In a package (a folder above `--output` holds `Package.swift`), files go to their targets,
/// never a test into the app target:
///
/// | `--output` | app target's file | test target's files | module |
/// |---|---|---|---|
/// | the package's folder, `Sources` or `Tests` | `Sources/<M>/` | `Tests/<M>Tests/` | the package's one module with tests |
/// | `Sources/<M>/…` | there | `Tests/<M>Tests/` | `<M>` |
/// | `Tests/<M>Tests/…` | `Sources/<M>/` | there | `<M>` |
/// | any other folder | there | there | the package's one module with tests |
///
/// Outside a package, every file goes to `--output`, and the module comes from a
/// `Sources/<M>` or `Tests/<M>Tests` folder on the path. `--module` always wins; when the module
/// cannot be told, it is a usage error that asks for `--module`.
///
/// ```swift
/// let destination = try ScaffoldDestination(output: ".", module: nil, viewModel: "ProfileViewModel")
/// destination.module        // MyApp
/// destination.testsFolder   // Tests/MyAppTests
/// ```
struct ScaffoldDestination: Sendable, Equatable {
  /// The module that defines the view model, which the tests import.
  let module: String
  /// Where the app target's file goes.
  let appFolder: String
  /// Where the test target's files go.
  let testsFolder: String

  /// Decides where a scaffold's files go.
  ///
  /// - Parameters:
  ///   - output: `--output`, a folder (which may not exist yet).
  ///   - module: `--module`, if given.
  ///   - viewModel: The view model's name, for the error message.
  /// - Throws: ``UsageError`` when the module cannot be told and `--module` was not given.
  init(output: String, module given: String?, viewModel: String) throws(UsageError) {
    let folder = URL(fileURLWithPath: output).standardizedFileURL
    guard let root = Self.packageRoot(containing: folder) else {
      guard let module = given ?? ModuleInference.module(forOutputPath: output) else {
        throw UsageError(
          "cannot tell which module defines \(viewModel): \(output) is not in a Swift package, nor under "
            + "Sources/<Module>/ or Tests/<Module>Tests/; pass --module <Name>")
      }
      self.init(module: module, appFolder: output, testsFolder: output)
      return
    }
    let inside = Array(folder.pathComponents.dropFirst(root.pathComponents.count))
    let implied = ModuleInference.module(forOutputPath: inside.prefix(2).joined(separator: "/") + "/")
    guard let module = given ?? implied ?? Self.soleModule(of: root) else {
      throw UsageError(
        "cannot tell which module defines \(viewModel): the package at \(Self.display(root, as: output).nonEmpty ?? ".") "
          + "has several (\(Self.modules(of: root).joined(separator: ", "))); pass --module <Name>")
    }
    let rootText = Self.display(root, as: output)
    let app = Self.join(rootText, "Sources/\(module)")
    let tests = Self.join(rootText, "Tests/\(module)Tests")
    switch (inside.first, implied) {
    case ("Sources", _?): self.init(module: module, appFolder: output, testsFolder: tests)
    case ("Tests", _?): self.init(module: module, appFolder: app, testsFolder: output)
    // The package's folder, or its Sources/ or Tests/ folder itself: each file to its target.
    case (nil, _), ("Sources", nil), ("Tests", nil): self.init(module: module, appFolder: app, testsFolder: tests)
    default: self.init(module: module, appFolder: output, testsFolder: output)
    }
  }

  private init(module: String, appFolder: String, testsFolder: String) {
    self.module = module
    self.appFolder = appFolder
    self.testsFolder = testsFolder
  }

  /// The module of the current directory's package, for printing without `--output`: `nil`
  /// outside a package or when it cannot be told.
  static func moduleOfCurrentPackage() -> String? {
    let here = URL(fileURLWithPath: FileManager.default.currentDirectoryPath).standardizedFileURL
    return packageRoot(containing: here).flatMap(soleModule(of:))
  }

  /// The nearest folder at or above `folder` that holds a `Package.swift`.
  private static func packageRoot(containing folder: URL) -> URL? {
    var candidate = folder
    while true {
      if FileManager.default.fileExists(atPath: candidate.appendingPathComponent("Package.swift").path) {
        return candidate
      }
      let parent = candidate.deletingLastPathComponent()
      if parent.path == candidate.path { return nil }
      candidate = parent
    }
  }

  /// The package's modules: the folders in `Sources/`.
  private static func modules(of root: URL) -> [String] {
    folders(in: root.appendingPathComponent("Sources")).filter(SwiftIdentifier.isValid)
  }

  /// The one module with a `Tests/<M>Tests` folder, else the only module, else `nil`.
  private static func soleModule(of root: URL) -> String? {
    let modules = modules(of: root)
    let tested = Set(folders(in: root.appendingPathComponent("Tests")))
    let withTests = modules.filter { tested.contains($0 + "Tests") }
    if withTests.count == 1 { return withTests[0] }
    return modules.count == 1 ? modules[0] : nil
  }

  private static func folders(in url: URL) -> [String] {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []
    return names.sorted().filter { name in
      var isFolder: ObjCBool = false
      return FileManager.default.fileExists(atPath: url.appendingPathComponent(name).path, isDirectory: &isFolder)
        && isFolder.boolValue
    }
  }

  /// The package's folder written the way `--output` was: absolute if it was, else relative to
  /// the current directory (`` for the current directory itself, `../..` above it).
  private static func display(_ root: URL, as output: String) -> String {
    if output.hasPrefix("/") { return root.path }
    let here = URL(fileURLWithPath: FileManager.default.currentDirectoryPath).standardizedFileURL.pathComponents
    let target = root.pathComponents
    if target.starts(with: here) { return target.dropFirst(here.count).joined(separator: "/") }
    if here.starts(with: target) {
      return Array(repeating: "..", count: here.count - target.count).joined(separator: "/")
    }
    return root.path
  }

  /// `folder/path`, or `path` when `folder` is empty.
  private static func join(_ folder: String, _ path: String) -> String {
    folder.isEmpty ? path : ScaffoldWriter.path(in: folder, path)
  }
}
