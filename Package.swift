// swift-tools-version: 6.1
import PackageDescription

let package = Package(
    name: "Landfall",
    platforms: [.macOS(.v13), .iOS(.v16), .tvOS(.v16), .watchOS(.v9), .visionOS(.v1)],
    products: [
        .library(name: "AppSiteAssociation", targets: ["AppSiteAssociation"]),
        .library(name: "DeepLinkRouting", targets: ["DeepLinkRouting"]),
        .executable(name: "landfall", targets: ["landfall"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser.git", from: "1.8.2"),
        .package(url: "https://github.com/jpsim/Yams.git", from: "6.2.2"),
        .package(url: "https://github.com/x-sheep/swift-property-based.git", from: "2.0.1"),
    ],
    targets: [
        // Pure: Foundation only, no I/O. Builds for Linux and Apple platforms.
        .target(name: "AppSiteAssociation"),
        .target(name: "DeepLinkRouting"),
        // The command-line tool: the commands live in a library so tests can run them in-process.
        .target(
            name: "LandfallCLI",
            dependencies: [
                "AppSiteAssociation",
                "DeepLinkRouting",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Yams", package: "Yams"),
            ]
        ),
        .executableTarget(name: "landfall", dependencies: ["LandfallCLI"]),
        .testTarget(
            name: "AppSiteAssociationTests",
            dependencies: [
                "AppSiteAssociation",
                .product(name: "PropertyBased", package: "swift-property-based"),
            ],
            // Case files the tests read from the source tree (they are also CLI inputs).
            exclude: ["Fixtures"]
        ),
        .testTarget(
            name: "DeepLinkRoutingTests",
            dependencies: [
                "DeepLinkRouting",
                .product(name: "PropertyBased", package: "swift-property-based"),
            ]
        ),
        .testTarget(
            name: "LandfallCLITests",
            dependencies: ["LandfallCLI", "AppSiteAssociation"]
        ),
    ],
    swiftLanguageModes: [.v6]
)
