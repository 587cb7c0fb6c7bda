// swift-tools-version: 6.1
// The short-link redirect benchmark: `bare-server`, a bare Hummingbird handler answering every GET
// with the 302 that `landfall serve` sends for a short link, and `seed-links`, which fills a
// SQLite data directory with N short links through Landfall's own storage (and counts the clicks
// stored after a run), and `webhook-receiver`, the webhook benchmarks' receiver. `run.sh` here
// builds them and `landfall`, and measures both side by side;
// README.md in the parent folder links to the results.
import PackageDescription

let package = Package(
    name: "ShortLinkRedirect",
    platforms: [.macOS(.v14)],
    dependencies: [
        .package(url: "https://github.com/hummingbird-project/hummingbird.git", from: "2.28.1"),
        .package(url: "https://github.com/apple/swift-log.git", from: "1.16.2"),
        // The checkout this folder is in: `run.sh` also builds `landfall` through it, so the
        // binary measured is made from the current sources with this package's build folder.
        .package(name: "Landfall", path: "../.."),
    ],
    targets: [
        .executableTarget(
            name: "bare-server",
            dependencies: [.product(name: "Hummingbird", package: "hummingbird")]
        ),
        // The receiver of the webhook benchmarks (here and ../WebhookDelivery): answers every POST
        // with 204 and records when it arrived, its webhook-id and the event's type and timestamp.
        .executableTarget(
            name: "webhook-receiver",
            dependencies: [.product(name: "Hummingbird", package: "hummingbird")]
        ),
        .executableTarget(
            name: "seed-links",
            dependencies: [
                .product(name: "LandfallStorage", package: "Landfall"),
                .product(name: "LandfallLinks", package: "Landfall"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
