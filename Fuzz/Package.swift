// swift-tools-version: 6.1
// The libFuzzer target over the association-file engine: decode, lint, match and round-trip
// whatever bytes the fuzzer makes. Its own package, so that the sanitizer flags never touch the
// main build. Build and run from the repository root (see README.md here):
//   cd Fuzz && swift build -c debug --scratch-path ../.build-fuzz -Xswiftc -sanitize=fuzzer,address
import PackageDescription

let package = Package(
    name: "LandfallFuzz",
    dependencies: [
        .package(name: "Landfall", path: ".."),
    ],
    targets: [
        .executableTarget(
            name: "AssociationFuzzer",
            dependencies: [
                .product(name: "AppSiteAssociation", package: "Landfall"),
            ],
            path: "Sources/AssociationFuzzer"
        ),
    ],
    swiftLanguageModes: [.v6]
)
