import Foundation
import LandfallCards
import Testing

/// What the share-card tests share: whether they run, the goldens, and a comparison of a
/// served card with one.
enum CardTesting {
    /// Cards are drawn in this build; on CI (`CI` set) the tests run anyway and fail when they
    /// are not, since CI installs FreeType and libpng.
    static var shouldRun: Bool {
        CardRenderer.isAvailable || ProcessInfo.processInfo.environment["CI"].map { !$0.isEmpty } ?? false
    }

    /// The reason given when they are skipped.
    static let skipReason: Comment = "cards are off in this build (apt-get install libfreetype-dev libpng-dev zlib1g-dev, and build again)"

    /// Fails the test (on CI) when cards are off.
    static func requireCards(sourceLocation: SourceLocation = #_sourceLocation) throws {
        try #require(CardRenderer.isAvailable, "CI is set but this build has cards off: \(CardRenderer.offReason ?? "")",
                     sourceLocation: sourceLocation)
    }

    static let repository = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// A golden card of Tests/Fixtures/cards/.
    static func golden(_ name: String) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: repository.appendingPathComponent("Tests/Fixtures/cards/\(name)")))
    }

    /// The share of pixels whose largest channel differs by more than 24 between two PNG files
    /// (1 when their sizes differ): the tolerance of the golden tests of LandfallCards.
    static func differingShare(_ png: [UInt8], _ other: [UInt8]) throws -> Double {
        let one = try CardImage(name: "served", png: png)
        let two = try CardImage(name: "golden", png: other)
        guard one.width == two.width, one.height == two.height else { return 1 }
        var differing = 0
        for pixel in 0..<(one.width * one.height) {
            for channel in 0..<3 where abs(Int(one.rgba[pixel * 4 + channel]) - Int(two.rgba[pixel * 4 + channel])) > 24 {
                differing += 1
                break
            }
        }
        return Double(differing) / Double(one.width * one.height)
    }

    /// The path and query of an absolute card URL.
    static func target(of url: String) -> String {
        guard let components = URLComponents(string: url) else { return url }
        return components.percentEncodedPath + (components.percentEncodedQuery.map { "?\($0)" } ?? "")
    }
}
