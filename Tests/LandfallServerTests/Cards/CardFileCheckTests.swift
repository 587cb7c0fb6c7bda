import Foundation
import LandfallCards
@testable import LandfallServer
import Testing

/// Hostile or broken card files and texts: refused when the site loads, with the route and the
/// file named, or drawn clipped; never a crash or a stall.
@Suite struct CardFileCheckTests {
    /// A site whose puzzle route has `card` (YAML, a flow mapping) and the files of `binary`.
    static func site(card: String, binary: [String: Data] = [:], files: [String: String] = [:]) throws -> TemporarySite {
        let site = try TemporarySite(TemporarySite.configuration(routes: """
              - name: puzzle
                pattern: /puzzle/:date
                parameters: {date: day}
                page: {title: "Puzzle for {date}", content: "puzzle/{date}"}
                card: \(card)
            """), files: files)
        for (path, data) in binary { try site.directory.write(path, data: data) }
        return site
    }

    static func loadError(_ site: TemporarySite) -> String? {
        do {
            _ = try SiteLoader.load(site.source, now: Demo.noon)
            return nil
        } catch {
            return error.description
        }
    }

    @Test("a card naming a file the site folder does not have refuses the site, naming the route, the key and the file", arguments: [
        (#"{background: cards/missing.png}"#, "routes[0].card.background (route 'puzzle')", "'cards/missing.png' is not in the site folder"),
        (#"{icon: cards/none.png}"#, "routes[0].card.icon (route 'puzzle')", "'cards/none.png' is not in the site folder"),
        (#"{font: fonts/Missing.ttf}"#, "routes[0].card.font (route 'puzzle')", "the font 'fonts/Missing.ttf' is not in the site folder"),
    ])
    func missingFiles(card: String, place: String, message: String) throws {
        let site = try Self.site(card: card)
        defer { site.remove() }
        let error = try #require(Self.loadError(site))
        #expect(error.contains(place), "\(error)")
        #expect(error.contains(message), "\(error)")
        #expect(error.hasPrefix(site.configurationPath), "\(error)")
    }

    @Test("a background image of 10 MB refuses the site with the limit it passes", .enabled(if: CardTesting.shouldRun, CardTesting.skipReason))
    func hugeBackground() throws {
        try CardTesting.requireCards()
        var huge = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        huge.append(Data(count: 10 * 1024 * 1024))
        let site = try Self.site(card: "{background: cards/huge.png}", binary: ["cards/huge.png": huge])
        defer { site.remove() }
        let error = try #require(Self.loadError(site))
        #expect(error.contains("routes[0].card.background (route 'puzzle')"), "\(error)")
        #expect(error.contains("cards/huge.png: 10485768 bytes is more than a card image may have"), "\(error)")
    }

    @Test("a font file that is not a font refuses the site with FreeType's reason", .enabled(if: CardTesting.shouldRun, CardTesting.skipReason))
    func fontThatIsNotAFont() throws {
        try CardTesting.requireCards()
        let site = try Self.site(card: "{font: fonts/Fake.ttf}", files: ["fonts/Fake.ttf": "this is a text file, not a font\n"])
        defer { site.remove() }
        let error = try #require(Self.loadError(site))
        #expect(error.contains("routes[0].card.font (route 'puzzle')"), "\(error)")
        #expect(error.contains("fonts/Fake.ttf"), "\(error)")
    }

    @Test("an image that is not a PNG refuses the site", .enabled(if: CardTesting.shouldRun, CardTesting.skipReason))
    func imageThatIsNotAPNG() throws {
        try CardTesting.requireCards()
        let site = try Self.site(card: "{background: cards/photo.png}", files: ["cards/photo.png": "GIF89a, not a PNG"])
        defer { site.remove() }
        let error = try #require(Self.loadError(site))
        #expect(error.contains("routes[0].card.background (route 'puzzle')") && error.contains("cards/photo.png"), "\(error)")
    }

    @Test("a title of 100,000 characters gives a clipped card of the card's size", .enabled(if: CardTesting.shouldRun, CardTesting.skipReason))
    func hugeTitle() async throws {
        try CardTesting.requireCards()
        let title = String(repeating: "Lighthouse keeper ", count: 100_000 / 18)
        let site = try Self.site(card: #"{title: "{title}"}"#, files: ["content/puzzle/2026-11-20.json": #"{"title": "\#(title)"}"#])
        defer { site.remove() }
        let server = try await TestServer(site: site.source)
        try await server.run(.router) { client in
            let page = try await client.get("/puzzle/2026-11-20", host: TemporarySite.host)
            #expect(page.status == .ok)
            let image = try #require(HTMLPage(page.text).meta("og:image"))
            let card = try await client.get(CardTesting.target(of: image), host: TemporarySite.host)
            #expect(card.status == .ok)
            let picture = try CardImage(name: "card", png: card.body)
            #expect((picture.width, picture.height) == (1200, 630))
        }
    }
}
