import Foundation
import LandfallSite
import Testing

@testable import LandfallCards

#if LANDFALL_CARDS_FREETYPE
/// The demo's cards (examples/demo/landfall.yml) drawn and compared with the images in
/// Tests/Fixtures/cards/, with a tolerance for FreeType's versions: a pixel differs when a
/// channel moves by more than ``channelTolerance``, and at most ``differingShare`` of them may.
///
/// `scripts/update-card-goldens` redraws them (`LANDFALL_UPDATE_CARD_GOLDENS=1`) and says which
/// changed and by how much.
@Suite struct DemoCardGoldenTests {
    static let channelTolerance = 24
    static let differingShare = 0.005
    static let updating = ProcessInfo.processInfo.environment["LANDFALL_UPDATE_CARD_GOLDENS"] == "1"

    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let demo = repository.appendingPathComponent("examples/demo")
    static let goldens = repository.appendingPathComponent("Tests/Fixtures/cards")

    /// One demo card: the route, the values of one page or link, and its golden file.
    struct Case: Sendable, CustomTestStringConvertible {
        var golden: String
        var route: String
        var parameters: [String: String]
        var content: String?
        var data: [String: String] = [:]
        /// The template of `cards:` a short link names, if any.
        var card: String?
        var testDescription: String { golden }
    }

    static let cases = [
        // A puzzle shared with a score (the short link go.localhost/friday carries it).
        Case(golden: "puzzle-2026-11-20-shared.png", route: "puzzle", parameters: ["date": "2026-11-20"],
             content: "puzzle/2026-11-20", data: ["score": "3:12"]),
        // The same puzzle's page: no score, so no score line.
        Case(golden: "puzzle-2026-11-20.png", route: "puzzle", parameters: ["date": "2026-11-20"], content: "puzzle/2026-11-20"),
        // Routes without a card: the site's default, the page's title and the site's name.
        Case(golden: "invite.png", route: "invite", parameters: ["code": "7KQ2M-X4P9T-HCW3R"]),
        Case(golden: "article-winter-league.png", route: "article", parameters: ["slug": "winter-league"], content: "news/winter-league"),
        // The short link go.localhost/join: an invitation naming the template `invitation` of
        // `cards:`, with the inviter from its data, instead of the invite route's card.
        Case(golden: "link-join-invitation.png", route: "invite", parameters: ["code": "7KQ2M-X4P9T-HCW3R"],
             data: ["invitedBy": "Ada"], card: "invitation"),
    ]

    /// The card of a case, drawn with DejaVu Sans as the only fallback (so that the fonts
    /// installed besides it change nothing).
    static func draw(_ testCase: Case) throws -> Canvas {
        let yaml = try String(contentsOf: demo.appendingPathComponent("landfall.yml"), encoding: .utf8)
        let site = try SiteConfigurationReader.site(yaml: yaml, source: "landfall.yml").configuration
        let route = try #require(site.routes.first { $0.name == testCase.route })
        var values = CardValues(parameters: testCase.parameters, data: testCase.data)
        values.title = route.page.title?.filled(with: testCase.parameters)
        values.description = route.page.description?.filled(with: testCase.parameters)
        if let content = testCase.content {
            let data = try Data(contentsOf: demo.appendingPathComponent("content/\(content).json"))
            let fields = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
            for (key, value) in fields { values.content[key] = "\(value)" }
            if let title = fields["title"] as? String { values.title = title }
            if let description = fields["description"] as? String { values.description = description }
        }
        let template = try testCase.card.map { try #require(site.namedCardTemplate($0)) } ?? site.cardTemplate(for: route)
        let resolved = template.resolved(with: values, site: site)
        let description = try CardDescription(resolved) { path in
            FileManager.default.contents(atPath: demo.appendingPathComponent(path).path).map { [UInt8]($0) }
        }
        let renderer = CardRenderer(fallbackFonts: [try CardFixtures.regular()])
        return try renderer.draw(description)
    }

    @Test("the demo's cards look as their golden images", arguments: cases)
    func golden(_ testCase: Case) throws {
        let canvas = try Self.draw(testCase)
        let path = Self.goldens.appendingPathComponent(testCase.golden).path
        let existing = FileManager.default.contents(atPath: path).map { [UInt8]($0) }
        let comparison = try existing.map { try Self.compare(canvas, with: CardImage(name: testCase.golden, png: $0)) }
        if Self.updating {
            try FileManager.default.createDirectory(at: Self.goldens, withIntermediateDirectories: true)
            let png = canvas.png()
            if existing == png {
                print("card golden \(testCase.golden): unchanged")
            } else {
                try Data(png).write(to: URL(fileURLWithPath: path))
                print("card golden \(testCase.golden): " + (comparison.map {
                    $0.differing == 0 ? "rewritten: the same pixels, written differently (\(existing?.count ?? 0) bytes before, \(png.count) now)"
                        : String(format: "changed: %.2f%% of pixels differ, by up to %d", $0.share * 100, $0.largestDelta)
                } ?? "new"))
            }
            return
        }
        let result = try #require(comparison, "\(testCase.golden) is missing: run scripts/update-card-goldens")
        #expect(result.sizeMatches, "\(testCase.golden): the card is \(canvas.width)×\(canvas.height)")
        #expect(result.share <= Self.differingShare,
                "\(testCase.golden): \(String(format: "%.2f", result.share * 100))% of pixels differ by more than \(Self.channelTolerance) (largest \(result.largestDelta)); if the change is intended, run scripts/update-card-goldens and look at the images")
    }

    @Test("a link's named template draws another card than its route's")
    func namedTemplateDrawsAnotherCard() throws {
        let link = try Self.draw(Self.cases[4])
        var route = Self.cases[4]
        route.card = nil
        #expect(try Self.draw(route).rgb != link.rgb)
    }

    @Test("a shared puzzle's card has one more line than the page's: the score")
    func sharedScoreLine() throws {
        let shared = try Self.draw(Self.cases[0])
        let page = try Self.draw(Self.cases[1])
        #expect(shared.rgb != page.rgb)
    }

    struct Comparison {
        var sizeMatches: Bool
        var differing: Int
        var share: Double
        var largestDelta: Int
    }

    /// How a drawn card differs from a decoded golden: the pixels whose largest channel delta
    /// exceeds the tolerance, and the largest delta (a count of every difference when updating).
    static func compare(_ canvas: Canvas, with golden: CardImage) -> Comparison {
        guard canvas.width == golden.width, canvas.height == golden.height else {
            return Comparison(sizeMatches: false, differing: canvas.width * canvas.height, share: 1, largestDelta: 255)
        }
        var differing = 0, largest = 0
        for pixel in 0..<canvas.width * canvas.height {
            var delta = 0
            for channel in 0..<3 {
                delta = max(delta, abs(Int(canvas.rgb[pixel * 3 + channel]) - Int(golden.rgba[pixel * 4 + channel])))
            }
            largest = max(largest, delta)
            if delta > (updating ? 0 : channelTolerance) { differing += 1 }
        }
        return Comparison(sizeMatches: true, differing: differing, share: Double(differing) / Double(canvas.width * canvas.height), largestDelta: largest)
    }
}
#endif
