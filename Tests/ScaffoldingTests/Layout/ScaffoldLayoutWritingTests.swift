import Scaffolding
import Testing

/// ``ScaffoldLayout/write(_:force:)`` against a file system in memory: every path is checked
/// before the first write, so a refusal writes nothing.
@Suite struct ScaffoldLayoutWritingTests {
  @Test func filesAreWrittenWithTheirFolders() throws {
    let fileSystem = InMemoryFileSystem()
    let layout = ScaffoldLayout(fileSystem: fileSystem)

    try layout.write([("Tests/AppTests/XTests.swift", "x"), ("Sources/App/X.swift", "y")], force: false)

    #expect(fileSystem.contents(of: "Tests/AppTests/XTests.swift") == "x")
    #expect(fileSystem.contents(of: "Sources/App/X.swift") == "y")
    #expect(layout.isFolder("Tests/AppTests"))
  }

  @Test func anExistingFileStopsEveryWriteUnlessForced() throws {
    let fileSystem = InMemoryFileSystem(files: ["B.swift"])
    let layout = ScaffoldLayout(fileSystem: fileSystem)

    #expect(
      throws: ScaffoldLayoutError(
        .cannotWrite,
        "B.swift already exists; nothing was written. Add --force to replace it, or choose another --output")
    ) { try layout.write([("A.swift", "a"), ("B.swift", "b")], force: false) }
    #expect(fileSystem.contents(of: "A.swift") == nil)

    try layout.write([("A.swift", "a"), ("B.swift", "b")], force: true)
    #expect(fileSystem.contents(of: "B.swift") == "b")
  }

  @Test func aFolderOrAFileOnThePathIsRefused() {
    let layout = ScaffoldLayout(fileSystem: InMemoryFileSystem(folders: ["X.swift"], files: ["Notes"]))
    #expect(throws: ScaffoldLayoutError(.cannotWrite, "X.swift is a folder; choose another --output")) {
      try layout.write([("X.swift", "")], force: true)
    }
    #expect(throws: ScaffoldLayoutError(.cannotWrite, "Notes is a file, not a folder; choose another --output")) {
      try layout.write([("Notes/Deeper/X.swift", "")], force: false)
    }
  }

  @Test func aRefusalOfTheFileSystemSaysWhy() {
    let fileSystem = InMemoryFileSystem(folders: ["Locked"], readOnly: ["/work/App/Locked"])
    #expect(throws: ScaffoldLayoutError(.cannotWrite, "could not write Locked/X.swift: Permission denied")) {
      try ScaffoldLayout(fileSystem: fileSystem).write([("Locked/X.swift", "")], force: false)
    }
  }

  @Test func pathsInAFolderDoNotDoubleTheSlash() {
    #expect(ScaffoldLayout.path(in: "Tests/", "X.swift") == "Tests/X.swift")
    #expect(ScaffoldLayout.path(in: "Tests", "X.swift") == "Tests/X.swift")
  }
}
