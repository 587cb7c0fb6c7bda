// swift-tools-version: 6.1
// The libFuzzer target over the association-file engine: decode, lint, match and round-trip
// whatever bytes the fuzzer makes. Its own package, so that the sanitizer flags never touch the
// main build. Build from this folder (README.md here explains each flag and how to run it):
//   swift build -c debug --scratch-path ../.build-fuzz --sanitize fuzzer --sanitize address \
//     -Xswiftc -sanitize=fuzzer,address -Xswiftc -use-ld=lld
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
