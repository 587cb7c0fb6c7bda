import Foundation
import LandfallCLI
import LandfallJSON
import LandfallLinks
import LandfallStorage
import Testing

/// `landfall stats export`: the click counts per link, day, platform and referrer, as CSV or
/// JSON, filtered by days and link, page after page.
@Suite struct StatsExportCommandTests {
    static func link(_ slug: String, offset: Double = 0) -> ShortLink {
        var generator = SystemRandomNumberGenerator()
        let created = Date(timeIntervalSince1970: 1_795_176_000 + offset)
        return ShortLink(id: LinkID.generate(at: created, using: &generator), host: "go.daily.example.com", slug: slug,
                         target: "https://daily.example.com/puzzle/\(slug)", createdAt: created)
    }

    static func count(_ link: ShortLink, _ day: String, _ platform: ClickPlatform, _ referrer: String = "", _ count: Int) -> ClickCount {
        ClickCount(key: ClickKey(linkID: link.id, day: day, platform: platform, referrerHost: referrer), count: count)
    }

    /// Two links, counts on three days.
    struct Planted {
        let winter = StatsExportCommandTests.link("winter")
        let spring = StatsExportCommandTests.link("spring", offset: 1)

        var counts: [ClickCount] {
            [
                StatsExportCommandTests.count(winter, "2026-11-19", .ios, "t.co", 3),
                StatsExportCommandTests.count(winter, "2026-11-20", .android, "", 2),
                StatsExportCommandTests.count(winter, "2026-11-20", .ios, "=evil.example", 1),
                StatsExportCommandTests.count(winter, "2026-11-21", .crawler, "news.example.com", 4),
                StatsExportCommandTests.count(spring, "2026-11-20", .desktop, "a,b.example", 5),
            ]
        }

        func plant(_ location: StorageLocation) async throws {
            try await CLIDatabase.withStorage(location) { storage in
                try await storage.insert([winter, spring])
                try await storage.record(counts)
            }
        }

        /// The CSV line of a count, as the export writes it.
        func line(_ count: ClickCount) -> String {
            let slug = count.key.linkID == winter.id ? "winter" : "spring"
            return [count.key.linkID.rawValue, "go.daily.example.com", slug, count.key.day, count.key.platform.rawValue,
                    CSVTable.field(count.key.referrerHost), String(count.count)].joined(separator: ",")
        }
    }

    static let header = "link_id,host,slug,day,platform,referrer,count"

    @Test(arguments: CLIDatabase.all)
    func everyCountIsExportedByLinkThenDayQuotedAndSafeForSpreadsheets(database: CLIDatabase) async throws {
        let planted = Planted()
        try await database.withDatabase { options, location in
            try await planted.plant(location)
            let output = await runLandfallAsync(["stats", "export"] + options)
            #expect(output.status == .success, "\(output.standardError)")
            let sorted = planted.counts.sorted {
                ($0.key.linkID.rawValue, $0.key.day, $0.key.platform.rawValue, $0.key.referrerHost)
                    < ($1.key.linkID.rawValue, $1.key.day, $1.key.platform.rawValue, $1.key.referrerHost)
            }
            #expect(output.lines == [Self.header] + sorted.map(planted.line))
            #expect(output.standardOutput.contains(",'=evil.example,1"))
            #expect(output.standardOutput.contains(",\"a,b.example\",5"))
            #expect(output.standardError == "Exported 5 click counts.\n")
        }
    }

    @Test(arguments: [
        (["--from", "2026-11-20"], ["2026-11-20", "2026-11-20", "2026-11-21", "2026-11-20"]),
        (["--to", "2026-11-19"], ["2026-11-19"]),
        (["--from", "2026-11-20", "--to", "2026-11-20"], ["2026-11-20", "2026-11-20", "2026-11-20"]),
        (["--link", "spring"], ["2026-11-20"]),
        (["--link", "winter", "--from", "2026-11-21"], ["2026-11-21"]),
        (["--from", "2026-12-01"], []),
    ])
    func theDaysAndTheLinkFilterTheRows(arguments: [String], days: [String]) async throws {
        let planted = Planted()
        let directory = try temporaryDataDirectory()
        try await planted.plant(.sqlite(directory: directory))
        let output = await runLandfallAsync(["stats", "export", "--format", "json", "--data-dir", directory] + arguments)
        #expect(output.status == .success, "\(output.standardError)")
        let document = try JSONValue.parse(output.standardOutput)
        let rows = try #require(document["clickCounts"]?.arrayValue)
        #expect(rows.compactMap { $0["day"]?.stringValue }.sorted() == days.sorted())
        if arguments.contains("spring") {
            #expect(rows == [.object([
                ("linkID", .string(planted.spring.id.rawValue)), ("host", .string("go.daily.example.com")), ("slug", .string("spring")),
                ("day", .string("2026-11-20")), ("platform", .string("desktop")), ("referrer", .string("a,b.example")), ("count", .integer(5)),
            ])])
        }
    }

    @Test(arguments: CLIDatabase.all)
    func countsOfManyPagesAreAllExportedOnceInOrder(database: CLIDatabase) async throws {
        let links = (0..<3).map { Self.link("many\($0)", offset: Double($0)) }
        let days = (0..<500).map { UTCDay.text(daysSince1970: 20_000 + $0) }
        let counts = links.flatMap { link in days.map { Self.count(link, $0, .ios, "", 1) } }
        try await database.withDatabase { options, location in
            try await CLIDatabase.withStorage(location) { storage in
                try await storage.insert(links)
                try await storage.record(counts)
            }
            let file = try CLIFixtures.temporaryFolder().appendingPathComponent("clicks.csv").path
            let output = await runLandfallAsync(["stats", "export", "--output", file] + options)
            #expect(output.status == .success, "\(output.standardError)")
            #expect(output.standardError == "Exported 1500 click counts to \(file).\n")
            let lines = try String(contentsOfFile: file, encoding: .utf8).split(separator: "\n").dropFirst()
            #expect(lines.count == 1_500)
            let keys = lines.map { $0.split(separator: ",", omittingEmptySubsequences: false).prefix(4).joined(separator: ",") }
            #expect(keys == keys.sorted() && Set(keys).count == 1_500)
        }
    }

    @Test(arguments: [
        (["--from", "2026-13-01"], "--from '2026-13-01' has no month 13; months are 01 to 12 (YYYY-MM-DD)"),
        (["--to", "20261120"], "--to '20261120' is not a day; write YYYY-MM-DD, such as 2026-11-20"),
        (["--from", "2026-11-2"], "--from '2026-11-2' is not a day; write YYYY-MM-DD, such as 2026-11-20"),
        (["--from", "2026-02-29"], "--from '2026-02-29' is not a day of the calendar: 2026-02 has days 01 to 28"),
        (["--from", "2026-11-21", "--to", "2026-11-20"], "--from 2026-11-21 is after --to 2026-11-20; give the earlier day first"),
        (["--format", "xlsx"], "'xlsx'"),
        (["--link", " "], "--link is empty; name a link by its id, short URL or slug, or leave it out"),
    ])
    func badArgumentsAreRefusedSayingWhatIsExpected(arguments: [String], message: String) async throws {
        let output = await runLandfallAsync(["stats", "export", "--data-dir", try temporaryDataDirectory()] + arguments)
        #expect(output.status == .usageOrInputError)
        #expect(output.standardError.contains(message), "\(output.standardError)")
        #expect(output.standardOutput.isEmpty)
    }

    @Test func anUnknownLinkIsAProblemFoundNamingIt() async throws {
        let directory = try temporaryDataDirectory()
        try await Planted().plant(.sqlite(directory: directory))
        let output = await runLandfallAsync(["stats", "export", "--link", "autumn", "--data-dir", directory])
        #expect(output.status == .problemsFound)
        #expect(output.standardError.contains("no link is 'autumn'"))
        #expect(output.standardOutput.isEmpty)
    }
}
