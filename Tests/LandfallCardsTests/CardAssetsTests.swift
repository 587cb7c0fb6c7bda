import Foundation
import LandfallSite
import Testing

@testable import LandfallCards

/// A site's card files, read once, and the fingerprint that names a card: it changes with
/// everything that changes the picture, and with nothing else.
@Suite struct CardAssetsTests {
    static let yaml = """
        site: {name: Daily Puzzle, color: "#3b5bdb", icon: /static/icon.png, timeZone: UTC}
        hosts: {site: daily.example.com}
        apps: [{name: daily, ios: {teamID: ABCDE12345, bundleID: com.example.daily}}]
        routes:
          - name: puzzle
            pattern: /puzzle/:date
            parameters: {date: day}
            page: {title: "Puzzle for {date}"}
            card:
              background: cards/back.png
              title: "Puzzle {date}"
              lines: ["Shared score: {score}"]
              data: [score]
        """

    static func configuration() throws -> SiteConfiguration {
        try SiteConfigurationReader.site(yaml: yaml, source: "landfall.yml").configuration
    }

    /// A renderer whose identity does not depend on the fonts installed.
    static let renderer = CardRenderer(fallbackFonts: [])

    static func resolved(date: String = "2026-11-20", score: String? = nil) throws -> ResolvedCard {
        let site = try configuration()
        let route = try #require(site.routes.first)
        return site.cardTemplate(for: route).resolved(with: CardValues(parameters: ["date": date], data: score.map { ["score": $0] } ?? [:]),
                                                      site: site)
    }

    @Test("a file a route's card names that is not in the site folder is refused with the route, its key and the file")
    func missingFileIsRefused() throws {
        #expect {
            _ = try CardAssets.load(try Self.configuration(), folder: "/srv/site") { _ in nil }
        } throws: { error in
            guard let error = error as? CardAssetsError else { return false }
            return error.problems == [CardAssetsError.Problem(path: "routes[0].card.background", route: "puzzle",
                                                              message: "'cards/back.png' is not in the site folder (/srv/site)")]
        }
    }

    @Test("a file a named template of cards: names that is not in the site folder is refused naming the template and its key", arguments: [
        ("{background: cards/invite.png}", "cards.invite.background", "'cards/invite.png' is not in the site folder (/srv/site)"),
        ("{icon: cards/badge.png}", "cards.invite.icon", "'cards/badge.png' is not in the site folder (/srv/site)"),
        ("{font: fonts/Brand.ttf}", "cards.invite.font", "the font 'fonts/Brand.ttf' is not in the site folder (/srv/site)"),
    ])
    func missingFileOfANamedTemplateIsRefused(template: String, path: String, message: String) throws {
        let yaml = Self.yaml + "\ncards:\n  invite: \(template)\n"
        let site = try SiteConfigurationReader.site(yaml: yaml, source: "landfall.yml").configuration
        let back: [UInt8] = [1]
        #expect {
            _ = try CardAssets.load(site, folder: "/srv/site") { $0 == "cards/back.png" ? back : nil }
        } throws: { error in
            guard let error = error as? CardAssetsError else { return false }
            return error.problems.contains(CardAssetsError.Problem(path: path, route: nil, message: message))
                && error.description.contains("\(path): \(message)")
        }
    }

    @Test("the site's icon is optional: the default card goes without it")
    func theSitesIconIsOptional() throws {
        let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let png = [UInt8](try Data(contentsOf: repository.appendingPathComponent("examples/demo/static/icon.png")))
        let assets = try CardAssets.load(try Self.configuration(), folder: "site") { $0 == "cards/back.png" ? png : nil }
        #expect(assets.digests["cards/back.png"] != nil)
        #expect(assets.digests["static/icon.png"] == nil)
    }

    @Test("the same card has the same fingerprint, 32 hex digits")
    func stable() throws {
        let one = CardAssets.none.fingerprint(of: try Self.resolved(), renderer: Self.renderer)
        let two = CardAssets.none.fingerprint(of: try Self.resolved(), renderer: Self.renderer)
        #expect(one == two)
        #expect(one.count == 32 && one.allSatisfy { $0.isHexDigit && !$0.isUppercase })
    }

    @Test("the fingerprint changes with the values, the template's look, a file's bytes and the renderer")
    func changesWithWhatChangesThePicture() throws {
        let base = try Self.resolved()
        let fingerprint = CardAssets.none.fingerprint(of: base, renderer: Self.renderer)
        var recoloured = base
        recoloured.title.color = "#000000"
        var resized = base
        resized.title.size += 1
        var moved = base
        moved.title.alignment = .center
        var otherFont = base
        otherFont.title.fonts = ["DejaVu Serif"]
        var otherFile = CardAssets.none
        otherFile.setDigest("0123", for: "cards/back.png")
        let changed = [
            CardAssets.none.fingerprint(of: try Self.resolved(date: "2026-11-21"), renderer: Self.renderer),
            CardAssets.none.fingerprint(of: try Self.resolved(score: "3:12"), renderer: Self.renderer),
            CardAssets.none.fingerprint(of: recoloured, renderer: Self.renderer),
            CardAssets.none.fingerprint(of: resized, renderer: Self.renderer),
            CardAssets.none.fingerprint(of: moved, renderer: Self.renderer),
            CardAssets.none.fingerprint(of: otherFont, renderer: Self.renderer),
            otherFile.fingerprint(of: base, renderer: Self.renderer),
        ]
        #expect(!changed.contains(fingerprint))
        #expect(Set(changed).count == changed.count)
    }

    @Test("text moved from the title to a line is another card, and another fingerprint")
    func fieldsDoNotRunTogether() throws {
        var one = try Self.resolved(score: "1")
        var two = one
        one.title.text = "ab"
        one.lines[0].text = "c"
        two.title.text = "a"
        two.lines[0].text = "bc"
        #expect(CardAssets.none.fingerprint(of: one, renderer: Self.renderer) != CardAssets.none.fingerprint(of: two, renderer: Self.renderer))
    }
}
