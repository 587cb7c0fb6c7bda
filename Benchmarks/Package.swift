// swift-tools-version: 6.1
// Benchmarks live in their own package so that ordo-one/benchmark (and RoutingKit, the
// comparison router) never slow down the main build. Run from this folder:
//   swift package --disable-sandbox benchmark
// See README.md here for each target, its command and the recorded results.
import PackageDescription

let package = Package(
    name: "LandfallBenchmarks",
    platforms: [.macOS(.v13), .iOS(.v16)],
    dependencies: [
        .package(name: "Landfall", path: ".."),
        .package(url: "https://github.com/ordo-one/benchmark.git", from: "1.38.1", traits: ["MallocInterposer"]),
        .package(url: "https://github.com/vapor/routing-kit.git", from: "4.9.3"),
    ],
    targets: [
        .executableTarget(
            name: "AssociationMatching",
            dependencies: [
                .product(name: "Benchmark", package: "benchmark"),
                .product(name: "AppSiteAssociation", package: "Landfall"),
            ],
            path: "Benchmarks/AssociationMatching",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
        .executableTarget(
            name: "Routing",
            dependencies: [
                .product(name: "Benchmark", package: "benchmark"),
                .product(name: "DeepLinkRouting", package: "Landfall"),
                .product(name: "RoutingKit", package: "routing-kit"),
            ],
            path: "Benchmarks/Routing",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
        .executableTarget(
            name: "QRCode",
            dependencies: [
                .product(name: "Benchmark", package: "benchmark"),
                .product(name: "LandfallQR", package: "Landfall"),
            ],
            path: "Benchmarks/QRCode",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
        .executableTarget(
            name: "Cards",
            dependencies: [
                .product(name: "Benchmark", package: "benchmark"),
                .product(name: "LandfallCards", package: "Landfall"),
            ],
            path: "Benchmarks/Cards",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
    ],
    swiftLanguageModes: [.v6]
)
