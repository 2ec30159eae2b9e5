// swift-tools-version: 6.2
import PackageDescription

// libFuzzer targets for GitHubFollowers and the CLI's TerminalText. Not part of the main package (which has no
// dependencies and must build everywhere): build and run them with `Fuzz/run`.
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
  ],
  swiftLanguageModes: [.v6]
)
