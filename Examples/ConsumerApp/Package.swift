// swift-tools-version: 6.2
import PackageDescription

// A separate package that uses ActionDispatch the way an app does: by path here, by URL in yours.
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
