// swift-tools-version: 6.1
import Foundation
import PackageDescription

// Share cards draw text with FreeType and read PNG images with libpng (zlib compresses the cards
// they write). Their C targets are part of the package only when the headers are on this machine
// (Debian: libfreetype-dev, libpng-dev; Homebrew: freetype, libpng); without them LandfallCards
// still builds, and every render answers "cards are off: FreeType was not found when landfall was
// built".
#if os(macOS)
let cardLibraryHeaders = ["freetype2/ft2build.h", "png.h"]  // zlib comes with the macOS SDK
#else
let cardLibraryHeaders = ["freetype2/ft2build.h", "png.h", "zlib.h"]
#endif
let cardsHaveLibraries = cardLibraryHeaders.allSatisfy { header in
    ["/usr/include", "/usr/local/include", "/opt/homebrew/include"].contains { directory in
        FileManager.default.fileExists(atPath: "\(directory)/\(header)")
    }
}

let package = Package(
    name: "Landfall",
    platforms: [.macOS(.v13), .iOS(.v16), .tvOS(.v16), .watchOS(.v9), .visionOS(.v1)],
    products: [
        .library(name: "LandfallJSON", targets: ["LandfallJSON"]),
        .library(name: "LandfallXML", targets: ["LandfallXML"]),
        .library(name: "LandfallWire", targets: ["LandfallWire"]),
        .library(name: "AppSiteAssociation", targets: ["AppSiteAssociation"]),
        .library(name: "DeepLinkRouting", targets: ["DeepLinkRouting"]),
        .library(name: "LandfallSite", targets: ["LandfallSite"]),
        .library(name: "LandfallLinks", targets: ["LandfallLinks"]),
        .library(name: "LandfallKit", targets: ["LandfallKit"]),
        .library(name: "LandfallQR", targets: ["LandfallQR"]),
        .library(name: "LandfallCards", targets: ["LandfallCards"]),
        .library(name: "LandfallWebhooks", targets: ["LandfallWebhooks"]),
        .library(name: "LandfallStorage", targets: ["LandfallStorage"]),
        .library(name: "LandfallServer", targets: ["LandfallServer"]),
        .executable(name: "landfall", targets: ["landfall"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser.git", from: "1.8.2"),
        .package(url: "https://github.com/jpsim/Yams.git", from: "6.2.2"),
        .package(url: "https://github.com/x-sheep/swift-property-based.git", from: "2.0.1"),
        .package(url: "https://github.com/hummingbird-project/hummingbird.git", from: "2.28.1"),
        .package(url: "https://github.com/hummingbird-project/hummingbird-auth.git", from: "2.5.0"),
        .package(url: "https://github.com/hummingbird-project/swift-mustache.git", from: "2.1.1"),
        .package(url: "https://github.com/vapor/sqlite-kit.git", from: "4.5.2"),
        .package(url: "https://github.com/vapor/sqlite-nio.git", from: "1.13.2"),
        .package(url: "https://github.com/vapor/sql-kit.git", from: "3.36.0"),
        .package(url: "https://github.com/vapor/postgres-kit.git", from: "2.17.0"),
        .package(url: "https://github.com/vapor/postgres-nio.git", from: "1.33.2"),
        .package(url: "https://github.com/swift-server/swift-prometheus.git", from: "2.4.1"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle.git", from: "2.13.0"),
        .package(url: "https://github.com/apple/swift-metrics.git", from: "2.13.0"),
        .package(url: "https://github.com/apple/swift-log.git", from: "1.16.2"),
        .package(url: "https://github.com/apple/swift-nio.git", from: "2.101.2"),
        .package(url: "https://github.com/apple/swift-crypto.git", from: "3.12.3"),
        .package(url: "https://github.com/apple/swift-http-types.git", from: "1.8.0"),
        .package(url: "https://github.com/swift-server/async-http-client.git", from: "1.37.0"),
        .package(url: "https://github.com/apple/swift-nio-ssl.git", from: "2.37.6"),
        .package(url: "https://github.com/apple/swift-nio-http2.git", from: "1.46.0"),
        .package(url: "https://github.com/apple/swift-nio-extras.git", from: "1.35.2"),
        .package(url: "https://github.com/apple/swift-certificates.git", from: "1.21.1"),
        .package(url: "https://github.com/apple/swift-asn1.git", from: "1.7.4"),
        // A command plugin only (`swift package generate-documentation`, run by scripts/docs);
        // no product depends on it.
        .package(url: "https://github.com/swiftlang/swift-docc-plugin.git", from: "1.5.0"),
    ],
    targets: [
        // Pure: Foundation only, no I/O. Builds for Linux and Apple platforms.
        // The JSON tree with source locations that every other target reads and writes JSON with.
        .target(name: "LandfallJSON"),
        // The XML tree with byte ranges that Android manifests and property lists are read with,
        // and that merges splice generated text into (every other byte kept as written).
        .target(name: "LandfallXML"),
        // The values the link server writes and the app SDK reads (campaign fields, resolved links).
        .target(name: "LandfallWire"),
        .target(name: "AppSiteAssociation", dependencies: ["LandfallJSON", "LandfallXML"]),
        .target(name: "DeepLinkRouting"),
        // QR codes (ISO/IEC 18004, byte mode, versions 1-40, L/M/Q/H) as SVG and PNG: pure Swift
        // with no dependencies, so the app SDK can draw the same code.
        .target(name: "LandfallQR"),
        // Share cards: a card laid out (pure Swift: line breaking, ellipsis, right-to-left order,
        // alignment), drawn with FreeType and written as PNG with LandfallQR's encoder; a card of
        // `landfall.yml` (LandfallSite's ResolvedCard) made into one. No C type leaves the target;
        // without the C libraries it builds with cards off (see above).
        .target(
            name: "LandfallCards",
            dependencies: ["LandfallQR", "LandfallSite", .product(name: "Crypto", package: "swift-crypto")]
                + (cardsHaveLibraries ? ["CFreeType", "CLibPNG"] : []),
            swiftSettings: cardsHaveLibraries ? [.define("LANDFALL_CARDS_FREETYPE")] : []
        ),
        // Short links as values: the link model, destination safety (open-redirect protection),
        // slugs, visitor classification, click decisions and Firebase Dynamic Links parameters.
        .target(name: "LandfallLinks", dependencies: ["AppSiteAssociation", "LandfallJSON", "LandfallWire"]),
        // The app SDK: resolving short links, claiming deferred links and reporting opens, joined
        // to the router; its logic is pure (the network is an injected transport), with SwiftUI and
        // UIKit adapters behind `#if canImport`.
        .target(name: "LandfallKit", dependencies: ["DeepLinkRouting", "LandfallWire"]),
        // The site configuration: reading `landfall.yml`, checking it, and deriving the association
        // files, pages and embargoes from it. No I/O: it reads text and takes the time as an argument.
        .target(
            name: "LandfallSite",
            dependencies: [
                "AppSiteAssociation",
                "DeepLinkRouting",
                "LandfallJSON",
                "LandfallLinks",
                "LandfallXML",
                .product(name: "Yams", package: "Yams"),
            ]
        ),
        // Webhooks as values: the events and their JSON, Standard Webhooks signatures and secrets,
        // which destinations are safe to call (no private networks), and the retry schedule.
        .target(
            name: "LandfallWebhooks",
            dependencies: ["LandfallJSON", "LandfallLinks", .product(name: "Crypto", package: "swift-crypto")]
        ),
        // Storage of links, clicks, API keys, invitations, claims, events and the dashboard's
        // people, sessions and audit log through SQLKit: SQLite (embedded) and PostgreSQL,
        // with versioned migrations and PostgreSQL LISTEN/NOTIFY change notifications.
        .target(
            name: "LandfallStorage",
            dependencies: [
                "LandfallJSON",
                "LandfallLinks",
                "LandfallWebhooks",
                "LandfallWire",
                .product(name: "SQLKit", package: "sql-kit"),
                .product(name: "SQLiteKit", package: "sqlite-kit"),
                .product(name: "SQLiteNIO", package: "sqlite-nio"),
                .product(name: "PostgresKit", package: "postgres-kit"),
                .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "Crypto", package: "swift-crypto"),
                // bcrypt, for the dashboard's passwords.
                .product(name: "HummingbirdBcrypt", package: "hummingbird-auth"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
            ]
        ),
        // The link server: the Hummingbird application `landfall serve` runs and the tests build.
        .target(
            name: "LandfallServer",
            dependencies: [
                "LandfallQR",
                // Share cards: rendered on first request, kept in memory and the data directory.
                "LandfallCards",
                "DeepLinkRouting",
                "LandfallJSON",
                "LandfallSite",
                "LandfallLinks",
                "LandfallStorage",
                "LandfallWebhooks",
                "LandfallWire",
                // The system resolver, which webhook deliveries check addresses with.
                "LandfallDoctor",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "HummingbirdCore", package: "hummingbird"),
                // `landfall serve --tls-certificate/--tls-key`: TLS, and HTTP/2 offered by ALPN.
                .product(name: "HummingbirdTLS", package: "hummingbird"),
                .product(name: "HummingbirdHTTP2", package: "hummingbird"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
                .product(name: "NIOTLS", package: "swift-nio"),
                .product(name: "NIOHTTP2", package: "swift-nio-http2"),
                .product(name: "X509", package: "swift-certificates"),
                .product(name: "SwiftASN1", package: "swift-asn1"),
                .product(name: "Mustache", package: "swift-mustache"),
                .product(name: "Prometheus", package: "swift-prometheus"),
                .product(name: "Metrics", package: "swift-metrics"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "UnixSignals", package: "swift-service-lifecycle"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOHTTPTypes", package: "swift-nio-extras"),
                .product(name: "NIOHTTPTypesHTTP1", package: "swift-nio-extras"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
            ]
        ),
        // `landfall doctor`: checks a live domain the way Apple's CDN and Android's verifier do.
        // `Checks/` and `Report/` are pure (a fetched response in, findings out); `Fetching/`
        // does the I/O: DNS, a TLS handshake that captures the certificate chain, and HTTP
        // requests that never follow redirects.
        .target(
            name: "LandfallDoctor",
            dependencies: [
                "AppSiteAssociation",
                "LandfallJSON",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOTLS", package: "swift-nio"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
                .product(name: "X509", package: "swift-certificates"),
                .product(name: "SwiftASN1", package: "swift-asn1"),
            ]
        ),
        // Test support shared by the doctor's and the CLI's tests: a certificate authority made
        // at run time and HTTPS stand-in servers on loopback, one behaviour per failure mode.
        .target(
            name: "DoctorStandIns",
            dependencies: [
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
                .product(name: "X509", package: "swift-certificates"),
                .product(name: "Crypto", package: "swift-crypto"),
            ],
            path: "Tests/Support/DoctorStandIns"
        ),
        // Test support for the server's tests: checks a response against `openapi/landfall.yaml`
        // (the operation, the documented status and media type, and the body against its schema).
        .target(
            name: "OpenAPIContract",
            dependencies: ["LandfallJSON", .product(name: "Yams", package: "Yams")],
            path: "Tests/Support/OpenAPIContract"
        ),
        // Test support for the tests that run programs (`landfall`, Chromium): posix_spawn and
        // waitpid, with no Foundation `Process` (which crashed under a full parallel run).
        .target(name: "ChildProcess", path: "Tests/Support/ChildProcess"),
        // Test support: a seeded random number generator (SplitMix64), so random cases repeat.
        .target(name: "SeededRandom", path: "Tests/Support/SeededRandom"),
        // Test support: the webhook receiver (Tests/Webhooks/receiver.py, run with ChildProcess),
        // which verifies deliveries with the independent `standardwebhooks` library for Python.
        .target(name: "WebhookReceiver", dependencies: ["ChildProcess"], path: "Tests/Support/WebhookReceiver"),
        // Test support: a PostgreSQL server of a test's own (initdb/pg_ctl in a temporary
        // directory) that the outage tests stop and start.
        .target(name: "ThrowawayPostgres", dependencies: ["ChildProcess"], path: "Tests/Support/ThrowawayPostgres"),
        // The command-line tool: the commands live in a library so tests can run them in-process.
        .target(
            name: "LandfallCLI",
            dependencies: [
                "AppSiteAssociation",
                "LandfallJSON",
                "DeepLinkRouting",
                "LandfallSite",
                "LandfallServer",
                "LandfallCards",
                "LandfallStorage",
                "LandfallLinks",
                "LandfallDoctor",
                "LandfallWebhooks",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Yams", package: "Yams"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        .executableTarget(name: "landfall", dependencies: ["LandfallCLI"]),
        .testTarget(
            name: "AppSiteAssociationTests",
            dependencies: [
                "SeededRandom",
                "AppSiteAssociation",
                "LandfallJSON",
                .product(name: "PropertyBased", package: "swift-property-based"),
            ],
            // Case files the tests read from the source tree (they are also CLI inputs).
            exclude: ["Fixtures"]
        ),
        .testTarget(
            name: "LandfallXMLTests",
            dependencies: ["LandfallXML", .product(name: "PropertyBased", package: "swift-property-based")]
        ),
        .testTarget(
            name: "DeepLinkRoutingTests",
            dependencies: [
                "DeepLinkRouting",
                .product(name: "PropertyBased", package: "swift-property-based"),
            ]
        ),
        .testTarget(
            name: "LandfallSiteTests",
            dependencies: [
                "SeededRandom",
                "LandfallSite",
                "LandfallJSON",
                "LandfallLinks",
                "AppSiteAssociation",
                "DeepLinkRouting",
                "LandfallXML",
                .product(name: "PropertyBased", package: "swift-property-based"),
            ],
            // App files (entitlements, manifests) the merge tests read from the source tree.
            exclude: ["Fixtures"]
        ),
        .testTarget(
            name: "LandfallLinksTests",
            dependencies: [
                "LandfallLinks",
                "LandfallJSON",
                "LandfallWire",
                "SeededRandom",
                .product(name: "PropertyBased", package: "swift-property-based"),
            ]
        ),
        .testTarget(
            name: "LandfallKitTests",
            dependencies: [
                "LandfallKit",
                "DeepLinkRouting",
                "LandfallWire",
                .product(name: "PropertyBased", package: "swift-property-based"),
            ]
        ),
        .testTarget(
            name: "LandfallStorageTests",
            dependencies: [
                "LandfallStorage",
                "LandfallWebhooks",
                "LandfallJSON",
                "LandfallLinks",
                "LandfallWire",
                "SeededRandom",
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        .testTarget(
            name: "LandfallServerTests",
            dependencies: [
                "LandfallServer",
                "LandfallCards",
                "LandfallSite",
                "LandfallJSON",
                "LandfallLinks",
                "LandfallStorage",
                "LandfallKit",
                "LandfallWebhooks",
                "DeepLinkRouting",
                "AppSiteAssociation",
                "OpenAPIContract",
                "ChildProcess",
                "WebhookReceiver",
                "ThrowawayPostgres",
                "SeededRandom",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdTesting", package: "hummingbird"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
                .product(name: "Yams", package: "Yams"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        .testTarget(
            name: "LandfallDoctorTests",
            dependencies: [
                "LandfallDoctor",
                "AppSiteAssociation",
                "DoctorStandIns",
                .product(name: "X509", package: "swift-certificates"),
                .product(name: "PropertyBased", package: "swift-property-based"),
            ]
        ),
        .testTarget(
            name: "LandfallCLITests",
            dependencies: [
                "SeededRandom",
                "LandfallCLI", "LandfallCards", "AppSiteAssociation", "LandfallStorage", "LandfallLinks", "LandfallDoctor", "DoctorStandIns", "ChildProcess",
                "LandfallWebhooks",
                // The receiver the webhook fault tests deliver to (standardwebhooks in Python).
                "WebhookReceiver",
                // A PostgreSQL server the outage tests stop and start.
                "ThrowawayPostgres",
                .product(name: "Yams", package: "Yams"),
                .product(name: "Logging", package: "swift-log"),
                // HTTPS clients of `landfall serve --tls-certificate` (HTTP/2 by ALPN, HTTP/1.1).
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
                .product(name: "X509", package: "swift-certificates"),
            ]
        ),
        .testTarget(
            name: "LandfallWebhooksTests",
            dependencies: [
                "LandfallWebhooks",
                "LandfallJSON",
                "LandfallLinks",
                "SeededRandom",
                "ChildProcess",
                "WebhookReceiver",
                .product(name: "PropertyBased", package: "swift-property-based"),
            ]
        ),
        .testTarget(name: "OpenAPIContractTests", dependencies: ["OpenAPIContract", "LandfallJSON"]),
        .testTarget(
            name: "LandfallCardsTests",
            dependencies: ["LandfallCards", "LandfallQR", "LandfallSite"],
            swiftSettings: cardsHaveLibraries ? [.define("LANDFALL_CARDS_FREETYPE")] : []
        ),
        .testTarget(name: "LandfallQRTests", dependencies: ["LandfallQR", "ChildProcess", "SeededRandom"]),
    ],
    swiftLanguageModes: [.v6]
)

if cardsHaveLibraries {
    package.targets += [
        // FreeType, for the cards' text (`pkg-config freetype2`).
        .systemLibrary(
            name: "CFreeType",
            path: "Sources/CardLibraries/CFreeType",
            pkgConfig: "freetype2",
            providers: [.apt(["libfreetype-dev"]), .brew(["freetype"])]
        ),
        // libpng and zlib, for the cards' images: PNG backgrounds and icons read, cards compressed.
        .systemLibrary(
            name: "CLibPNG",
            path: "Sources/CardLibraries/CLibPNG",
            pkgConfig: "libpng",
            providers: [.apt(["libpng-dev"]), .brew(["libpng"])]
        ),
    ]
}
