import Foundation
import LandfallLinks
import LandfallWire
import Testing

/// Reading files of links: Firebase Dynamic Links' Takeout export, Landfall's JSON and CSV, and
/// telling them apart.
@Suite struct LinkImportFileTests {
    static let fixtures = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/import")

    static func fixture(_ name: String) throws -> String {
        try String(contentsOf: fixtures.appendingPathComponent(name), encoding: .utf8)
    }

    @Test("a Takeout export (a BOM, CRLF, quoted commas and quotes) gives each row its slug, target, fallbacks, preview, campaign and name")
    func aTakeoutExportIsReadRowByRow() throws {
        let file = try LinkImportFile(text: Self.fixture("takeout-daily.page.link.csv"), file: "daily.csv")
        #expect(file.format == .firebase)
        #expect(file.rows.map(\.number) == [2, 3, 4])
        #expect(file.rows.allSatisfy { $0.problems.isEmpty && $0.notes.isEmpty })
        #expect(file.rows.map(\.source) == ["https://daily.page.link/fRiDaY", "https://daily.page.link/w1nt3r", "https://daily.page.link/oldpromo"])

        let friday = try #require(file.rows[0].draft)
        #expect(friday.slug == "fRiDaY")
        #expect(friday.target == "https://daily.example.com/puzzle/2026-11-20")
        #expect(friday.preview == SocialPreview(title: "Friday's puzzle, shared", description: #"A friend shared it, with "love""#,
                                                imageURL: "https://daily.example.com/static/daily-puzzle.png"))
        #expect(friday.campaign == Campaign(source: "share", medium: "app", name: "friday"))
        #expect(friday.data == ["name": "Friday share"])
        #expect(!friday.isDisabled)

        let winter = try #require(file.rows[1].draft)
        #expect(winter.overrides == PlatformOverrides(ios: "https://daily.example.com/ios-help", android: "https://daily.example.com/android-help",
                                                      desktop: "https://daily.example.com/news/winter-league?from=desktop"))
        #expect(winter.campaign == Campaign(source: "newsletter", medium: "email", name: "winter-league", term: "puzzles", content: "header"))
        #expect(winter.data.isEmpty, "an empty name is no data")

        let archived = try #require(file.rows[2].draft)
        #expect(archived.isDisabled, "an archived link is kept, disabled")
        #expect(archived.data == ["name": "Autumn promo (archived)"])
    }

    @Test("the columns a Takeout export has that links do not keep are named once per file and reason, with their values and how many rows had each")
    func theColumnsNotKeptAreNamedWithTheirValues() throws {
        let file = try LinkImportFile(csv: Self.fixture("takeout-daily.page.link.csv"))
        #expect(file.notes == [
            "apn (com.example.dailypuzzle in 3 rows); ibi (com.example.dailypuzzle in 3 rows); isi (1234567890 in 2 rows) are not imported: the apps come from the site configuration (apps: android.package, ios.bundleID, ios.appStoreID), for every link.",
            "ius (dailypuzzle in 1 row) is not imported: the custom scheme comes from the site configuration (apps: ios.scheme).",
            "amv (31 in 1 row); imv (2.1 in 1 row) are not imported: Landfall has no minimum app version per link.",
            "ipfl (https://daily.example.com/ipad-help in 1 row) is not imported: iPad visitors without the app go where iPhone visitors go (ifl, kept as overrides.ios).",
            "efr (1 in 1 row) is not imported: a short link shows Landfall's page when the app does not open; there is no per-link switch to skip it.",
            "at (1010l in 1 row); ct (spring in 1 row); mt (8 in 1 row); pt (pt1 in 1 row) are not imported: App Store analytics tokens are not kept; Landfall counts clicks itself, and utm_* are kept as the campaign.",
            "creation_timestamp (2022-09-01T00:00:00.000Z in 1 row, 2023-11-02T08:30:00.000Z in 1 row, 2024-03-01T10:00:00.000Z in 1 row) is not imported: an imported link is created when it is imported.",
        ])
        let unknown = try LinkImportFile(csv: "short_link,link,extra\nhttps://x.page.link/a,https://daily.example.com/,1\nhttps://x.page.link/b,https://daily.example.com/,1\n")
        #expect(unknown.notes == ["extra (1 in 2 rows) is not imported: it is not a column of Firebase's export."])
    }

    @Test("a short link's path before its last segment is noted as not kept", arguments: [
        ("https://links.brand.com/share/abc", "abc", ["the path /share before the slug is not kept: a short link is https://HOST/SLUG"]),
        ("https://links.brand.com/abc/", "abc", []),
        ("https://daily.page.link/Ab%2Dc", "Ab-c", []),
    ])
    func aPathPrefixIsNoted(shortLink: String, slug: String, notes: [String]) throws {
        let file = try LinkImportFile(csv: "short_link,link\n\(shortLink),https://daily.example.com/\n")
        #expect(file.rows[0].draft?.slug == slug)
        #expect(file.rows[0].notes == notes)
    }

    @Test("a Takeout row without a usable short link or target is refused in that column", arguments: [
        ("not a url,https://daily.example.com/", "short_link", "'not a url' is not a short link's URL; the export has https://PREFIX/SUFFIX here"),
        ("https://daily.page.link,https://daily.example.com/", "short_link", "'https://daily.page.link' has no path after its host, so no slug to keep"),
        (",https://daily.example.com/", "short_link", "is empty; every row of the export has the short link it was"),
        ("https://daily.page.link/abc,", "link", "missing; give the URL the link leads to, as in \"target\": \"https://example.com/page\""),
        ("https://daily.page.link/abc,https://daily.example.com/,maybe", "archived", "expected true or false, found a string"),
    ])
    func aBrokenRowIsRefusedInItsColumn(row: String, column: String, message: String) throws {
        let header = row.filter { $0 == "," }.count == 2 ? "short_link,link,archived" : "short_link,link"
        let file = try LinkImportFile(csv: "\(header)\n\(row)\n", file: "fdl.csv")
        #expect(file.rows[0].draft == nil)
        #expect(file.rows[0].problems.map(\.column) == [column])
        #expect(file.rows[0].problems.first?.message == message)
        #expect(file.rows[0].problems.first?.description.hasPrefix("fdl.csv row 2, column \(column): ") == true)
    }

    @Test("the demo's links.json reads as five links; an export's own fields and nulls are left out and noted")
    func landfallJSONIsRead() throws {
        let demo = try String(contentsOf: Self.fixtures.appendingPathComponent("../../../examples/demo/links.json").standardized, encoding: .utf8)
        let file = try LinkImportFile(text: demo)
        #expect(file.format == .json)
        #expect(file.rows.compactMap(\.draft?.slug) == ["friday", "winter", "newyear", "join", "mug"])
        #expect(file.rows.compactMap(\.draft).first { $0.slug == "join" }?.card == "invitation")
        #expect(file.notes.isEmpty)

        let exported = #"""
            {"links": [
              {"id":"01a21b1f-bb0c-72bc-b284-d540b705965a","url":"https://go.daily.example.com/friday","host":"go.daily.example.com","slug":"friday","target":"https://daily.example.com/puzzle/2026-11-20","overrides":{"ios":null,"android":null,"desktop":null},"preview":{"title":"Friday","description":null,"imageURL":null},"campaign":{},"data":{},"expiresAt":null,"maxClicks":null,"disabled":true,"createdAt":"2026-11-27T09:00:00Z","updatedAt":"2026-11-27T09:00:00Z","clicks":12}
            ]}
            """#
        let read = try LinkImportFile(json: exported)
        let draft = try #require(read.rows[0].draft, "\(read.rows[0].problems)")
        #expect(draft.slug == "friday" && draft.preview.title == "Friday" && draft.isDisabled && draft.maxClicks == nil)
        #expect(read.rows[0].source == "https://go.daily.example.com/friday")
        #expect(read.notes == ["id, url, createdAt, updatedAt, clicks describe the exported links themselves and are not imported: each link made gets its own."])

        let list = try LinkImportFile(json: #"[{"target": "https://daily.example.com/a"}, {"target": 3}, "x"]"#, file: "l.json")
        #expect(list.rows.map { $0.draft != nil } == [true, false, false])
        #expect(list.rows[1].problems.map(\.description) == ["l.json link 2, field target: expected a string, found a number"])
        #expect(list.rows[2].problems.first?.description.hasPrefix("l.json link 3") == true)
    }

    @Test("a JSON file that is not a list of links is refused as a whole, saying what it should be", arguments: [
        (#"{"links": 3}"#, "is a number"),
        (#"{"links": [], "more": 1}"#, "has 'more' beside links"),
        (#"{"link": []}"#, "is an object without links"),
        (#"{"links": [}"#, "line 1"),
        ("\"text\"", "is a string"),
    ])
    func aJSONFileThatIsNoListIsRefused(text: String, saying: String) {
        #expect(throws: LinkImportProblem.self) { try LinkImportFile(json: text) }
        do {
            _ = try LinkImportFile(json: text)
        } catch {
            #expect(error.description.contains(saying), "\(error)")
        }
    }

    @Test("the format is told by the content: JSON when it starts with { or [ (after a BOM and spaces), a Takeout export by its columns, else Landfall's CSV", arguments: [
        ("{\"links\": []}", LinkImportFile.Format.json),
        ("\u{FEFF}  \n[]", .json),
        ("short_link,link\nhttps://x.page.link/a,https://daily.example.com/\n", .firebase),
        ("link,short_link,name\nhttps://daily.example.com/,https://x.page.link/a,\n", .firebase),
        ("target,slug\nhttps://daily.example.com/,a\n", .csv),
    ])
    func theFormatIsToldByTheContent(text: String, format: LinkImportFile.Format) throws {
        #expect(try LinkImportFile(text: text).format == format)
    }

    @Test("Landfall's CSV refuses a column that is no field, and names Firebase's columns in the message")
    func landfallCSVRefusesAnUnknownColumn() {
        #expect(throws: LinkImportProblem.self) { try LinkImportFile(csv: "link,slug\nhttps://daily.example.com/,a\n") }
        do {
            _ = try LinkImportFile(csv: "link,slug\nhttps://daily.example.com/,a\n")
        } catch {
            #expect(error.description.hasPrefix("row 1, column link: is not a field of a link;"))
            #expect(error.description.hasSuffix("a Firebase Dynamic Links export has the columns short_link and link"))
        }
    }
}
