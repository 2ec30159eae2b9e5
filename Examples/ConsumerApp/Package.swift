// swift-tools-version: 6.2
import PackageDescription

// A separate package that uses ActionDispatch the way an app does: by path here, by URL in yours.
// It is also the docs' cast: the README and the DocC articles quote its code between
// `// snippet: NAME` and `// end snippet: NAME` lines (scripts/check-doc-snippets), so every
// snippet compiles, and the test snippets (Tests/ConsumerAppTests/Docs) run with `swift test`.
let package = Package(
  name: "ConsumerApp",
  platforms: [.macOS(.v14), .iOS(.v17)],
  products: [
    .library(name: "ConsumerApp", targets: ["ConsumerApp"])
  ],
  dependencies: [
    .package(name: "ActionDispatch", path: "../..")
  ],
  targets: [
    .target(
      name: "ConsumerApp",
      dependencies: [.product(name: "ActionDispatch", package: "ActionDispatch")]
    ),
    .testTarget(
      name: "ConsumerAppTests",
      dependencies: [
        "ConsumerApp",
        .product(name: "ActionDispatch", package: "ActionDispatch"),
        .product(name: "ActionDispatchTesting", package: "ActionDispatch"),
      ]
    ),
  ],
  swiftLanguageModes: [.v6]
)
