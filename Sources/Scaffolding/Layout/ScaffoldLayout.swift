/// Where `scaffold` puts each file, which module the tests `@testable import`, and the writing
/// of the files: the Swift package layout around `--output`, read through an injected
/// ``ScaffoldFileSystem``.
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
/// `Sources/<M>` or `Tests/<M>Tests` folder on the path (``ModuleInference``). `--module`
/// always wins; when the module cannot be told, ``destination(output:module:viewModel:)``
/// throws an error that says what the package has and asks for `--module`.
///
/// ```swift
/// let layout = ScaffoldLayout(fileSystem: LocalFileSystem())
/// let destination = try layout.destination(output: ".", module: nil, viewModel: "ProfileViewModel")
/// destination.module        // MyApp
/// destination.testsFolder   // Tests/MyAppTests
/// try layout.write([(path: "Tests/MyAppTests/XTests.swift", contents: text)], force: false)
/// ```
package struct ScaffoldLayout: Sendable {
  /// Where the files of a scaffold go, and the module its tests import.
  package struct Destination: Sendable, Hashable {
    /// The module that defines the view model, which the tests import.
    package let module: String
    /// Where the app target's file goes.
    package let appFolder: String
    /// Where the test target's files go.
    package let testsFolder: String
  }

  /// The file system the layout reads and writes.
  package let fileSystem: any ScaffoldFileSystem

  /// Creates a layout over a file system.
  ///
  /// - Parameter fileSystem: The disk (``LocalFileSystem``, the default), or one in memory in tests.
  package init(fileSystem: any ScaffoldFileSystem = LocalFileSystem()) {
    self.fileSystem = fileSystem
  }

  /// Decides where a scaffold's files go.
  ///
  /// - Parameters:
  ///   - output: `--output`, a folder (which may not exist yet).
  ///   - given: `--module`, if given.
  ///   - viewModel: The view model's name, for the error message.
  /// - Returns: The module, and the app's and the tests' folders, written the way `output` was.
  /// - Throws: ``ScaffoldLayoutError`` (``ScaffoldLayoutError/Kind/unknownModule``) when the
  ///   module cannot be told and `--module` was not given, saying what the package has.
  package func destination(
    output: String, module given: String?, viewModel: String
  ) throws(ScaffoldLayoutError)
    -> Destination
  {
    let folder = absolute(output)
    guard let root = packageRoot(containing: folder) else {
      guard let module = given ?? ModuleInference.module(forOutputPath: output) else {
        throw ScaffoldLayoutError(
          .unknownModule,
          "cannot tell which module defines \(viewModel): \(output) is not in a Swift package, nor under "
            + "Sources/<Module>/ or Tests/<Module>Tests/; pass --module <Name>")
      }
      return Destination(module: module, appFolder: output, testsFolder: output)
    }
    let inside = Array(folder.dropFirst(root.count))
    let implied = ModuleInference.module(forOutputPath: inside.prefix(2).joined(separator: "/") + "/")
    let rootText = display(root, as: output)
    guard let module = given ?? implied ?? soleModule(of: root) else {
      throw ScaffoldLayoutError(
        .unknownModule,
        "cannot tell which module defines \(viewModel): the package at \(rootText.isEmpty ? "." : rootText) "
          + contentsForMessage(of: root))
    }
    let app = Self.join(rootText, "Sources/\(module)")
    let tests = Self.join(rootText, "Tests/\(module)Tests")
    switch (inside.first, implied) {
    case ("Sources", _?): return Destination(module: module, appFolder: output, testsFolder: tests)
    case ("Tests", _?): return Destination(module: module, appFolder: app, testsFolder: output)
    // The package's folder, or its Sources/ or Tests/ folder itself: each file to its target.
    case (nil, _), ("Sources", nil), ("Tests", nil):
      return Destination(module: module, appFolder: app, testsFolder: tests)
    default: return Destination(module: module, appFolder: output, testsFolder: output)
    }
  }

  /// The module of the current directory's package, for printing without `--output`: `nil`
  /// outside a package or when it cannot be told.
  ///
  /// - Returns: The package's one module with tests, else its only module, else `nil`.
  package func moduleOfCurrentPackage() -> String? {
    packageRoot(containing: absolute(".")).flatMap(soleModule(of:))
  }

  /// Whether a path names an existing folder, or ends with `/`.
  ///
  /// - Parameter path: A path as given on the command line.
  /// - Returns: `true` when files go inside it rather than at it.
  package func isFolder(_ path: String) -> Bool {
    path.hasSuffix("/") || fileSystem.kind(of: path) == .folder
  }

  /// `folder/name`, without doubling a trailing `/`.
  ///
  /// - Parameters:
  ///   - folder: A folder's path.
  ///   - name: A file name.
  /// - Returns: The file's path.
  package static func path(in folder: String, _ name: String) -> String {
    folder.hasSuffix("/") ? folder + name : folder + "/" + name
  }

  // MARK: - Reading the package

  /// A path's components from the root, `.` and `..` resolved.
  func absolute(_ path: String) -> [String] {
    let start = path.hasPrefix("/") ? path : fileSystem.currentDirectory + "/" + path
    var components: [String] = []
    for component in start.split(separator: "/") {
      switch component {
      case ".": continue
      case "..": _ = components.popLast()
      default: components.append(String(component))
      }
    }
    return components
  }

  private static func text(_ components: some Collection<String>) -> String {
    "/" + components.joined(separator: "/")
  }

  /// The nearest folder at or above `folder` that holds a `Package.swift`.
  private func packageRoot(containing folder: [String]) -> [String]? {
    for count in stride(from: folder.count, through: 0, by: -1) {
      let candidate = Array(folder.prefix(count))
      if fileSystem.kind(of: Self.path(in: Self.text(candidate), "Package.swift")) == .file {
        return candidate
      }
    }
    return nil
  }

  /// The package's modules: the folders in `Sources/` named like Swift identifiers.
  private func modules(of root: [String]) -> [String] {
    folders(in: root + ["Sources"]).filter(SwiftIdentifier.isValid)
  }

  /// The one module with a `Tests/<M>Tests` folder, else the only module, else `nil`.
  private func soleModule(of root: [String]) -> String? {
    let modules = modules(of: root)
    let tested = Set(folders(in: root + ["Tests"]))
    let withTests = modules.filter { tested.contains($0 + "Tests") }
    if withTests.count == 1 { return withTests[0] }
    return modules.count == 1 ? modules[0] : nil
  }

  /// What the package has, for the message that asks for `--module`.
  private func contentsForMessage(of root: [String]) -> String {
    let ask = "pass --module <Name>, and the files go to Sources/<Name>/ and Tests/<Name>Tests/"
    if fileSystem.kind(of: Self.text(root + ["Sources"])) != .folder {
      return "has no Sources/ folder yet, so no module; " + ask
    }
    let modules = modules(of: root)
    if modules.isEmpty {
      return "has no module yet: Sources/ holds no folder named like a Swift module; " + ask
    }
    return "has \(modules.count) modules (\(modules.joined(separator: ", "))), and not just one of them has a "
      + "Tests/<Module>Tests folder; pass --module <Name>"
  }

  private func folders(in folder: [String]) -> [String] {
    let path = Self.text(folder)
    return fileSystem.contents(ofFolder: path).sorted().filter { name in
      fileSystem.kind(of: Self.path(in: path, name)) == .folder
    }
  }

  /// The package's folder written the way `--output` was: absolute if it was, else relative to
  /// the current directory (`` for the current directory itself, `../..` above it).
  private func display(_ root: [String], as output: String) -> String {
    if output.hasPrefix("/") { return Self.text(root) }
    let here = absolute(".")
    if root.starts(with: here) { return root.dropFirst(here.count).joined(separator: "/") }
    if here.starts(with: root) {
      return Array(repeating: "..", count: here.count - root.count).joined(separator: "/")
    }
    return Self.text(root)
  }

  /// `folder/path`, or `path` when `folder` is empty.
  private static func join(_ folder: String, _ path: String) -> String {
    folder.isEmpty ? path : Self.path(in: folder, path)
  }
}
