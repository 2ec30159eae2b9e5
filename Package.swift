// swift-tools-version: 6.2
import PackageDescription

let package = Package(
  name: "ActionDispatch",
  platforms: [.macOS(.v14), .iOS(.v17), .tvOS(.v17), .watchOS(.v10), .visionOS(.v1)],
  products: [
    .library(name: "ActionDispatch", targets: ["ActionDispatch"]),
    .library(name: "ActionDispatchTesting", targets: ["ActionDispatchTesting"]),
    .library(name: "HTTPTransport", targets: ["HTTPTransport"]),
    .library(name: "GitHubAPI", targets: ["GitHubAPI"]),
    .library(name: "GitHubDemo", targets: ["GitHubDemo"]),
    .library(name: "GitHubFollowers", targets: ["GitHubFollowers"]),
    .executable(name: "action-dispatch", targets: ["action-dispatch"]),
    // Scaffolding alone, for `swift run action-dispatch-scaffold ...` from an app's package: it
    // builds neither the GitHub module nor the rest of the tool.
    .executable(name: "action-dispatch-scaffold", targets: ["action-dispatch-scaffold"]),
  ],
  targets: [
    // The framework.
    .target(name: "ActionDispatch"),
    // What a consumer's tests import.
    .target(name: "ActionDispatchTesting", dependencies: ["ActionDispatch"]),
    // The HTTP transport: requests, responses, the HTTPClient protocol and its production client
    // (libcurl driven directly on Linux, URLSession on Apple platforms); no dependency.
    .target(name: "HTTPTransport"),
    // A GitHub REST client: the client, models, services and paging over HTTPTransport (which it
    // re-exports); no view model, so it does not depend on ActionDispatch.
    .target(name: "GitHubAPI", dependencies: ["HTTPTransport", "PackageVersion"]),
    // The package's version: the client's default User-Agent and `action-dispatch --version`.
    .target(name: "PackageVersion"),
    // DemoFollowersService and its fixtures, answering offline for previews, tests and `--demo`;
    // re-exported by GitHubFollowers.
    .target(name: "GitHubDemo", dependencies: ["GitHubAPI"]),
    // The reference feature: the view models over the client (followers, streaming, browse); it
    // re-exports GitHubAPI.
    .target(name: "GitHubFollowers", dependencies: ["ActionDispatch", "GitHubAPI", "GitHubDemo"]),
    // The command-line tool.
    .executableTarget(
      name: "action-dispatch",
      dependencies: ["ActionDispatch", "GitHubFollowers", "CommandLineKit", "ScaffoldCommands", "BrowseUI"]
    ),
    // The scaffold subcommands alone, as their own light tool.
    .executableTarget(name: "action-dispatch-scaffold", dependencies: ["CommandLineKit", "ScaffoldCommands"]),
    // Both tools' command tree, parser, help and output streams, with no dependency.
    .target(name: "CommandLineKit"),
    // `scaffold action` and `scaffold view-model`, shared by both tools.
    .target(name: "ScaffoldCommands", dependencies: ["CommandLineKit", "Scaffolding"]),
    // `action-dispatch browse`'s screen: key decoding, the renderer, the frame diff and the loop;
    // a library so that its tests and the benchmarks reach it.
    .target(name: "BrowseUI", dependencies: ["ActionDispatch", "GitHubFollowers", "CommandLineKit"]),
    // Renders Templates/ (embedded at build time by scripts/embed-templates) for `action-dispatch scaffold`.
    .target(name: "Scaffolding"),
    // Release-mode benchmarks: `swift run -c release ActionDispatchBenchmarks`.
    .executableTarget(
      name: "ActionDispatchBenchmarks",
      dependencies: ["ActionDispatch", "GitHubFollowers", "FakeGitHubServer", "BrowseUI"]
    ),
    // An in-process fake GitHub server on loopback (Foundation and POSIX sockets only), for the
    // tests and the HTTP benchmark; in Sources because that benchmark is an executable.
    .target(name: "FakeGitHubServer"),
    // The fake server as a process, for scripts/browse-e2e (tmux).
    .executableTarget(name: "fake-github-server", dependencies: ["FakeGitHubServer"]),

    .testTarget(name: "ActionDispatchTests", dependencies: ["ActionDispatch", "ActionDispatchTesting"]),
    .testTarget(name: "ActionDispatchTestingTests", dependencies: ["ActionDispatch", "ActionDispatchTesting"]),
    // The view models over the client.
    .testTarget(
      name: "GitHubFollowersTests",
      dependencies: [
        "ActionDispatch", "GitHubAPI", "GitHubFollowers", "ActionDispatchTesting", "FakeGitHubServer",
        "GitHubAPITestSupport",
      ]
    ),
    // The GitHub client (and the demo service beside it): requests, errors, paging, the cache,
    // hostile servers over real HTTP.
    .testTarget(
      name: "GitHubAPITests",
      dependencies: [
        "GitHubAPI", "GitHubDemo", "HTTPTransport", "ActionDispatch", "ActionDispatchTesting", "FakeGitHubServer",
        "GitHubAPITestSupport",
      ]
    ),
    // What the client's and the view models' tests share: a recording HTTP client and GitHub JSON.
    .target(
      name: "GitHubAPITestSupport", dependencies: ["GitHubAPI", "ActionDispatch", "ActionDispatchTesting"],
      path: "Tests/GitHubAPITestSupport"),
    .testTarget(
      name: "ActionDispatchCLITests",
      dependencies: ["ActionDispatch", "FakeGitHubServer", "BrowseUI", "BrowseUITestSupport"]),
    .testTarget(name: "ScaffoldingTests", dependencies: ["Scaffolding"]),
    // The command-line toolkit alone: its parser, help and terminal text.
    .testTarget(name: "CommandLineKitTests", dependencies: ["CommandLineKit"]),
    // The transport against loopback servers, and its canaries: libcurl's symbols and callbacks.
    .testTarget(name: "HTTPTransportTests", dependencies: ["HTTPTransport", "FakeGitHubServer"]),
    // The benchmarks' `--check`: its verdicts, and a run without the tool beside it.
    .testTarget(name: "ActionDispatchBenchmarksTests", dependencies: ["ActionDispatchBenchmarks"]),
    .testTarget(
      name: "BrowseUITests",
      dependencies: [
        "BrowseUI", "BrowseUITestSupport", "ActionDispatch", "ActionDispatchTesting", "GitHubFollowers",
        "CommandLineKit",
      ]),
    // What the browser's tests and the CLI's end-to-end tests share: a virtual terminal screen.
    .target(
      name: "BrowseUITestSupport", dependencies: ["BrowseUI", "CommandLineKit"], path: "Tests/BrowseUITestSupport"),
  ],
  swiftLanguageModes: [.v6]
)
