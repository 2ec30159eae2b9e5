import Scaffolding
import Testing

/// Where ``ScaffoldLayout`` puts each file and which module it picks, read from a package in
/// memory: the module is never a guess, a test never lands in the app target, and when the
/// module cannot be told the error says what the package has.
@Suite struct ScaffoldLayoutDestinationTests {
  /// A package at /work/App with a `Sources/<M>` per module and a `Tests/<M>Tests` per tested one.
  private func package(
    modules: [String] = ["MyApp"], tested: [String] = ["MyApp"], currentDirectory: String = "/work/App"
  ) -> ScaffoldLayout {
    let folders = modules.map { "/work/App/Sources/\($0)" } + tested.map { "/work/App/Tests/\($0)Tests" }
    return ScaffoldLayout(
      fileSystem: InMemoryFileSystem(
        currentDirectory: currentDirectory, folders: folders, files: ["/work/App/Package.swift"]))
  }

  private func destination(
    _ layout: ScaffoldLayout, _ output: String, module: String? = nil
  ) throws
    -> ScaffoldLayout.Destination
  {
    try layout.destination(output: output, module: module, viewModel: "ProfileViewModel")
  }

  @Test(arguments: [".", "Sources", "Tests/"])
  func thePackageOrItsTopFoldersSendEachFileToItsTarget(_ output: String) throws {
    let result = try destination(package(), output)
    #expect(result.module == "MyApp")
    #expect(result.appFolder == "Sources/MyApp")
    #expect(result.testsFolder == "Tests/MyAppTests")
  }

  @Test func aTargetsFolderKeepsItsFilesAndSendsTheOthersToTheOtherTarget() throws {
    let fromSources = try destination(package(), "Sources/MyApp")
    #expect(fromSources.appFolder == "Sources/MyApp")
    #expect(fromSources.testsFolder == "Tests/MyAppTests")
    let fromTests = try destination(package(modules: ["MyApp", "Tool"]), "Tests/ToolTests")
    #expect(fromTests.module == "Tool")
    #expect(fromTests.appFolder == "Sources/Tool")
  }

  @Test func fromInsideATargetPathsLeadBackToThePackage() throws {
    let layout = package(currentDirectory: "/work/App/Sources/MyApp")
    let result = try destination(layout, "../..")
    #expect(result.appFolder == "../../Sources/MyApp")
    #expect(result.testsFolder == "../../Tests/MyAppTests")
  }

  @Test func anAbsoluteOutputGivesAbsoluteFolders() throws {
    let result = try destination(package(), "/work/App")
    #expect(result.testsFolder == "/work/App/Tests/MyAppTests")
  }

  @Test func outsideAPackageTheModuleComesFromThePathOrModule() throws {
    let layout = ScaffoldLayout(fileSystem: InMemoryFileSystem(currentDirectory: "/tmp"))
    #expect(try destination(layout, "New/Tests/InboxTests").module == "Inbox")
    #expect(try destination(layout, "New", module: "Inbox").appFolder == "New")
    #expect(throws: ScaffoldLayoutError.self) { try destination(layout, "New") }
  }

  @Test func aPackageWithoutSourcesSaysSoAndAsksForModule() throws {
    let layout = ScaffoldLayout(fileSystem: InMemoryFileSystem(files: ["Package.swift"]))
    #expect(
      throws: ScaffoldLayoutError(
        .unknownModule,
        "cannot tell which module defines ProfileViewModel: the package at . has no Sources/ folder yet, so no "
          + "module; pass --module <Name>, and the files go to Sources/<Name>/ and Tests/<Name>Tests/")
    ) { try destination(layout, ".") }
    let given = try destination(layout, ".", module: "Inbox")
    #expect(given.appFolder == "Sources/Inbox")
    #expect(given.testsFolder == "Tests/InboxTests")
  }

  @Test func anEmptySourcesFolderSaysSo() throws {
    let layout = ScaffoldLayout(fileSystem: InMemoryFileSystem(folders: ["Sources"], files: ["Package.swift"]))
    #expect(
      throws: ScaffoldLayoutError(
        .unknownModule,
        "cannot tell which module defines ProfileViewModel: the package at . has no module yet: Sources/ holds no "
          + "folder named like a Swift module; pass --module <Name>, and the files go to Sources/<Name>/ and "
          + "Tests/<Name>Tests/")
    ) { try destination(layout, ".") }
  }

  @Test func severalModulesAreNamed() throws {
    #expect(
      throws: ScaffoldLayoutError(
        .unknownModule,
        "cannot tell which module defines ProfileViewModel: the package at . has 2 modules (MyApp, Tool), and "
          + "not just one of them has a Tests/<Module>Tests folder; pass --module <Name>")
    ) { try destination(package(modules: ["MyApp", "Tool"], tested: []), ".") }
  }

  @Test func theCurrentPackagesModuleIsItsOneModuleWithTests() {
    #expect(package(modules: ["MyApp", "Tool"]).moduleOfCurrentPackage() == "MyApp")
    #expect(package(modules: ["MyApp", "Tool"], tested: []).moduleOfCurrentPackage() == nil)
    #expect(ScaffoldLayout(fileSystem: InMemoryFileSystem()).moduleOfCurrentPackage() == nil)
  }
}
