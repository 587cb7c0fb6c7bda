// swift-tools-version: 6.1
// The links list page benchmark: `seed-list-links` fills a SQLite data directory with
// 1,000,000 varied links through Landfall's own storage (titles from a vocabulary, a common
// and a rare word, a few disabled links, click counts), and `run.sh` builds it and `landfall`
// in release, serves that directory, signs in and measures the dashboard's GET /links.
import PackageDescription

let package = Package(
    name: "LinksListPage",
    platforms: [.macOS(.v14)],
    dependencies: [
        .package(url: "https://github.com/apple/swift-log.git", from: "1.16.2"),
        // The checkout this folder is in: `run.sh` also builds `landfall` through it.
        .package(name: "Landfall", path: "../.."),
    ],
    targets: [
        .executableTarget(
            name: "seed-list-links",
            dependencies: [
                .product(name: "LandfallStorage", package: "Landfall"),
                .product(name: "LandfallLinks", package: "Landfall"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
