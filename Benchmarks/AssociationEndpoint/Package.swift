// swift-tools-version: 6.1
// The yardstick for the association file endpoint: a bare Hummingbird server that answers every
// GET with the demo's apple-app-site-association as a constant. It is its own package so that
// it shares nothing with Landfall but Hummingbird. `run.sh` here builds it and `landfall`, and
// measures both side by side; README.md in the parent folder links to the results.
import PackageDescription

let package = Package(
    name: "AssociationEndpoint",
    platforms: [.macOS(.v14)],
    dependencies: [
        .package(url: "https://github.com/hummingbird-project/hummingbird.git", from: "2.28.1"),
    ],
    targets: [
        .executableTarget(
            name: "bare-server",
            dependencies: [.product(name: "Hummingbird", package: "hummingbird")]
        ),
    ],
    swiftLanguageModes: [.v6]
)
