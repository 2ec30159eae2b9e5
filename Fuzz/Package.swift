// swift-tools-version: 6.2
import PackageDescription

// libFuzzer targets for GitHubFollowers. Not part of the main package (which has no
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
    .executableTarget(name: "FuzzTerminalText", dependencies: [gitHubFollowers]),
  ],
  swiftLanguageModes: [.v6]
)
