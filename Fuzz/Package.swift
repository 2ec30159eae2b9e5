// swift-tools-version: 6.2
import PackageDescription

// libFuzzer targets for GitHubFollowers, the CLI's TerminalText and browse's renderer. Not part of the main
// package (which has no dependencies and must build everywhere): build and run them with `Fuzz/run`.
let gitHubFollowers = Target.Dependency.product(name: "GitHubFollowers", package: "ActionDispatch")

let package = Package(
  name: "ActionDispatchFuzz",
  platforms: [.macOS(.v15)],
  dependencies: [.package(name: "ActionDispatch", path: "..")],
  targets: [
    .executableTarget(name: "FuzzLinkHeader", dependencies: [gitHubFollowers]),
    .executableTarget(name: "FuzzUsername", dependencies: [gitHubFollowers]),
    .executableTarget(name: "FuzzJSON", dependencies: [gitHubFollowers]),
    // TerminalText belongs to the CLI's CommandLineKit, which is no product: the target compiles
    // the same file, through a symbolic link.
    .executableTarget(name: "FuzzTerminalText"),
    // The width of what browse draws: CommandLineKit's DisplayWidth, WidthTable and TerminalText,
    // through symbolic links, as above.
    .executableTarget(name: "FuzzDisplayWidth"),
    // browse's whole renderer over a view model fed random text. BrowseUI and CommandLineKit are
    // no products, and a target may not share their names: these two compile their folders
    // through symbolic links under names of their own, which `-module-alias` gives back to the
    // `import`s. The fuzz target also compiles the world and properties that BrowseUITests
    // replays (Tests/BrowseUITests/Support), through links.
    .target(name: "CommandLineKitForFuzzing", path: "Sources/CommandLineKit"),
    .target(
      name: "BrowseUIForFuzzing",
      dependencies: [
        .product(name: "ActionDispatch", package: "ActionDispatch"), gitHubFollowers, "CommandLineKitForFuzzing",
      ],
      path: "Sources/BrowseUI",
      swiftSettings: [.unsafeFlags(["-module-alias", "CommandLineKit=CommandLineKitForFuzzing"])]),
    .executableTarget(
      name: "FuzzBrowseRenderer",
      dependencies: [
        "BrowseUIForFuzzing", "CommandLineKitForFuzzing", gitHubFollowers,
        .product(name: "ActionDispatch", package: "ActionDispatch"),
        .product(name: "ActionDispatchTesting", package: "ActionDispatch"),
      ],
      swiftSettings: [
        .unsafeFlags([
          "-module-alias", "CommandLineKit=CommandLineKitForFuzzing", "-module-alias", "BrowseUI=BrowseUIForFuzzing",
        ])
      ]),
  ],
  swiftLanguageModes: [.v6]
)
