/// Guesses the module a generated test file imports, from where the file is written.
///
/// SwiftPM's layout names the folders: a file under `Tests/<Module>Tests/` tests `<Module>`,
/// and a file under `Sources/<Module>/` is in `<Module>`:
///
/// ```swift
/// ModuleInference.module(forOutputPath: "Tests/ConsumerAppTests/X.swift")   // "ConsumerApp"
/// ModuleInference.module(forOutputPath: "Sources/MyApp")                    // "MyApp"
/// ModuleInference.module(forOutputPath: "/tmp/X.swift")                     // nil
/// ```
///
/// The folder nearest the file wins; a name that is not a valid identifier is no answer.
package enum ModuleInference {
  /// The module the layout of a path implies, if it implies one.
  ///
  /// - Parameter path: Where scaffold writes: a file, or a folder (which may not exist yet).
  /// - Returns: The module's name, or `nil` when no `Tests/<Module>Tests` or `Sources/<Module>`
  ///   folder is on the path.
  package static func module(forOutputPath path: String) -> String? {
    let components = path.split(separator: "/").map(String.init)
    guard components.count >= 2 else { return nil }
    for index in stride(from: components.count - 1, through: 1, by: -1) {
      let parent = components[index - 1]
      let folder = components[index]
      var module: String?
      if parent == "Tests", folder.hasSuffix("Tests"), folder != "Tests" {
        module = String(folder.dropLast("Tests".count))
      } else if parent == "Sources", !folder.hasSuffix(".swift") {
        module = folder
      }
      if let module, SwiftIdentifier.isValid(module) {
        return module
      }
    }
    return nil
  }
}
