import ChildProcess
import Foundation
import LandfallCLI
import LandfallLinks
import LandfallStorage
import Testing

/// `landfall links` against real SQLite and PostgreSQL databases, with the demo site's checks.
@Suite struct LinksCommandTests {
    static func stored(_ location: StorageLocation) async throws -> [ShortLink] {
        try await CLIDatabase.withStorage(location) { storage in try await storage.links(LinkQuery(limit: 500)) }
    }

    @Test("create, list, show, disable, enable and delete a link, as the API would", arguments: CLIDatabase.all)
    func roundTrip(database: CLIDatabase) async throws {
        try await database.withDatabase { options, location in
            let created = await runLandfallAsync(["links", "create", "--target", "https://daily.example.com/winter", "--slug", "winter",
                                                  "--title", "Winter League", "--campaign", "winter-league", "--data", "invitedBy=ada",
                                                  "--max-clicks", "100"] + options)
            #expect(created.status == .success, "\(created.standardError)")
            #expect(created.standardOutput == "https://go.daily.example.com/winter\n")
            let link = try #require(try await Self.stored(location).first)
            #expect(link.preview.title == "Winter League" && link.campaign.name == "winter-league" && link.data == ["invitedBy": "ada"])
            #expect(link.maxClicks == 100 && !link.isDisabled)

            let listed = await runLandfallAsync(["links", "list", "--search", "WINTER", "--format", "json"] + options)
            let json = try #require(try CLIFixtures.jsonObject(listed.standardOutput) as? [String: Any])
            let links = try #require(json["links"] as? [[String: Any]])
            #expect(links.map { $0["id"] as? String } == [link.id.rawValue])
            #expect(await runLandfallAsync(["links", "list", "--state", "disabled"] + options).standardOutput.isEmpty)

            let shown = await runLandfallAsync(["links", "show", "https://go.daily.example.com/winter", "--format", "json"] + options)
            let show = try #require(try CLIFixtures.jsonObject(shown.standardOutput) as? [String: Any])
            #expect((show["link"] as? [String: Any])?["slug"] as? String == "winter")
            #expect((show["stats"] as? [String: Any])?["clicks"] as? Int == 0)

            let disabled = await runLandfallAsync(["links", "disable", "winter"] + options)
            #expect(disabled.standardOutput == "https://go.daily.example.com/winter is disabled: it answers 410 Gone.\n")
            #expect(try await Self.stored(location).first?.isDisabled == true)
            #expect(await runLandfallAsync(["links", "list", "--state", "disabled"] + options).lines.count == 2)

            let enabled = await runLandfallAsync(["links", "enable", link.id.rawValue] + options)
            #expect(enabled.status == .success)
            #expect(try await Self.stored(location).first?.isDisabled == false)

            let refused = await runLandfallAsync(["links", "delete", "winter"] + options)
            #expect(refused.status == .usageOrInputError)
            #expect(refused.standardError.contains("give --yes to delete the link without asking"))
            let deleted = await runLandfallAsync(["links", "delete", "winter", "--yes"] + options)
            #expect(deleted.status == .success, "\(deleted.standardError)")
            #expect(try await Self.stored(location).isEmpty)
            let gone = await runLandfallAsync(["links", "show", "winter"] + options)
            #expect(gone.status == .problemsFound)
            #expect(gone.standardError.contains("no link is 'winter'"))
        }
    }

    @Test("links show counts the clicks made in in-app browsers apart, as the API does", arguments: CLIDatabase.all)
    func showCountsInAppBrowsers(database: CLIDatabase) async throws {
        try await database.withDatabase { options, location in
            let created = await runLandfallAsync(["links", "create", "--target", "https://daily.example.com/winter", "--slug", "winter"] + options)
            #expect(created.status == .success, "\(created.standardError)")
            let link = try #require(try await Self.stored(location).first)
            try await CLIDatabase.withStorage(location) { storage in
                try await storage.record([ClickCount(key: ClickKey(linkID: link.id, day: "2026-11-20", platform: .ios, referrerHost: ""), count: 4)],
                                         alreadyCounted: [], journalAbove: 100)
                try await storage.record(inAppClicks: [
                    InAppClickCount(key: InAppClickKey(linkID: link.id, day: "2026-11-20", app: "Instagram"), count: 2),
                    InAppClickCount(key: InAppClickKey(linkID: link.id, day: "2026-11-20", app: "TikTok"), count: 1),
                ])
            }
            let shown = await runLandfallAsync(["links", "show", "winter"] + options)
            #expect(shown.status == .success, "\(shown.standardError)")
            #expect(shown.lines.contains { $0.hasPrefix("In-app browsers:") && $0.hasSuffix("Instagram 2, TikTok 1") }, "\(shown.standardOutput)")
            let json = await runLandfallAsync(["links", "show", "winter", "--format", "json"] + options)
            let stats = try #require((try CLIFixtures.jsonObject(json.standardOutput) as? [String: Any])?["stats"] as? [String: Any])
            #expect((stats["byInAppBrowser"] as? [[String: Any]])?.map { $0["key"] as? String } == ["Instagram", "TikTok"])
            #expect(stats["clicks"] as? Int == 4)
        }
    }

    @Test("links list searches and filters in the storage: a word anywhere without regard to case, 1-2 characters the slug's start, each state",
          arguments: CLIDatabase.all)
    func listSearchesAndFilters(database: CLIDatabase) async throws {
        try await database.withDatabase { options, _ async throws in
            let links: [(slug: String, title: String, extra: [String])] = [
                ("spring", "Spring Quiz", []), ("sprint", "Fast puzzles", ["--disabled"]), ("winter", "Quiz of winter", ["--max-clicks", "1"]),
            ]
            for (slug, title, extra) in links {
                let created = await runLandfallAsync(["links", "create", "--target", "https://daily.example.com/\(slug)", "--slug", slug,
                                                      "--title", title] + extra + options)
                #expect(created.status == .success, "\(created.standardError)")
            }
            #expect(try await Self.listedSlugs(["--search", "qUIZ"] + options) == ["spring", "winter"])
            #expect(try await Self.listedSlugs(["--search", "sp"] + options) == ["spring", "sprint"])
            #expect(try await Self.listedSlugs(["--search", "in"] + options) == [])
            #expect(try await Self.listedSlugs(["--state", "disabled"] + options) == ["sprint"])
            #expect(try await Self.listedSlugs(["--state", "active"] + options) == ["spring", "winter"])
            #expect(try await Self.listedSlugs(["--state", "all"] + options) == ["spring", "sprint", "winter"])
        }
    }

    /// The slugs `links list --format json` prints with `arguments`, sorted.
    static func listedSlugs(_ arguments: [String]) async throws -> [String] {
        let listed = await runLandfallAsync(["links", "list", "--format", "json"] + arguments)
        let json = try #require(try CLIFixtures.jsonObject(listed.standardOutput) as? [String: Any], "\(listed.standardError)")
        return try #require(json["links"] as? [[String: Any]]).compactMap { $0["slug"] as? String }.sorted()
    }

    @Test("the API's refusals come out of links create naming the option, and nothing is stored", arguments: [
        (["--target", "https://evil.example.net/"], 2, "error: --target: the destination's host evil.example.net is not one of the site's hosts"),
        (["--target", "https://daily.example.com/", "--slug", "shop"], 2, "error: --slug: the slug 'shop' is reserved"),
        (["--target", "https://daily.example.com/", "--slug", "taken"], 1, "error: --slug: The slug 'taken' is already used on go.daily.example.com; choose another."),
        (["--target", "https://daily.example.com/", "--expires", "2020-01-01"], 2, "error: --expires: 2020-01-01T00:00:00.000Z has passed; give a time in the future."),
        (["--target", "https://daily.example.com/", "--max-clicks", "0"], 2, "error: --max-clicks: must be at least 1, found 0"),
        (["--target", "https://daily.example.com/", "--ios", "javascript:alert(1)"], 2, "error: --ios: "),
    ])
    func refusals(arguments: [String], status: Int32, message: String) async throws {
        let directory = try temporaryDataDirectory()
        _ = await runLandfallAsync(["links", "create", "--target", "https://daily.example.com/t", "--slug", "taken", "--data-dir", directory])
        let output = await runLandfallAsync(["links", "create"] + arguments + ["--data-dir", directory])
        #expect(output.status.rawValue == status)
        #expect(output.standardError.contains(message), "\(output.standardError)")
        #expect(try await Self.stored(.sqlite(directory: directory)).map(\.slug) == ["taken"])
    }

    static let csv = "\u{FEFF}target,slug,title,maxClicks\r\n"
        + "https://daily.example.com/a,spring,\"Say \"\"hi\"\", Ada\",10\r\n"
        + "https://daily.example.com/b,summer,\"two\r\nlines\",\r\n"
        + "https://evil.example.net/,autumn,,\r\n"
        + "https://daily.example.com/c,,,zero\r\n"

    @Test("an import with a refused row reports its row and column and stores nothing")
    func importIsAllOrNothing() async throws {
        let folder = try CLIFixtures.temporaryFolder()
        let file = folder.appendingPathComponent("links.csv").path
        try Data(Self.csv.utf8).write(to: URL(fileURLWithPath: file))
        let directory = try temporaryDataDirectory()
        let output = await runLandfallAsync(["links", "import", file, "--data-dir", directory])
        #expect(output.status == .usageOrInputError)
        #expect(output.lines == [
            "row 2  https://go.daily.example.com/spring  (not created)",
            "row 3  https://go.daily.example.com/summer  (not created)",
            "row 4  error: column target: the destination's host evil.example.net is not one of the site's hosts (daily.example.com, www.daily.example.com, open.dailypuzzle.app) and https://evil.example.net/ matches no allowlist pattern; to allow it, add a pattern under links.allowlist, such as ^https://evil\\.example\\.net/.*$",
            "row 5  error: column maxClicks: expected an integer, found zero",
        ])
        #expect(output.standardError.contains("Created nothing: 2 of 4 rows are refused"))
        #expect(try await Self.stored(.sqlite(directory: directory)).isEmpty)

        let skipped = await runLandfallAsync(["links", "import", file, "--skip-invalid", "--data-dir", directory])
        #expect(skipped.status == .problemsFound)
        let links = try await Self.stored(.sqlite(directory: directory))
        #expect(Set(links.map(\.slug)) == ["spring", "summer"])
        #expect(links.first { $0.slug == "spring" }?.preview.title == "Say \"hi\", Ada")
        #expect(links.first { $0.slug == "spring" }?.maxClicks == 10)
        #expect(links.first { $0.slug == "summer" }?.preview.title == "two\r\nlines")

        // The same rows again: the links they made are there, unchanged; nothing is created.
        let again = await runLandfallAsync(["links", "import", file, "--skip-invalid", "--data-dir", directory])
        #expect(again.lines.prefix(2) == [
            "row 2  https://go.daily.example.com/spring  unchanged: there already, with the same settings",
            "row 3  https://go.daily.example.com/summer  unchanged: there already, with the same settings",
        ])
        #expect(again.standardError.contains("Created 0 links; skipped 2 refused rows. 2 were there already, unchanged."))
        #expect(try await Self.stored(.sqlite(directory: directory)).count == 2)

        // A slug taken by a link with other settings is a refusal.
        let changed = folder.appendingPathComponent("changed.csv").path
        try Data("target,slug\nhttps://daily.example.com/other,spring\n".utf8).write(to: URL(fileURLWithPath: changed))
        let refused = await runLandfallAsync(["links", "import", changed, "--dry-run", "--data-dir", directory])
        #expect(refused.status == .usageOrInputError)
        #expect(refused.lines == [
            "row 2  error: column slug: The slug 'spring' is already used on go.daily.example.com by a link with other settings (to https://daily.example.com/a); choose another, or change or delete that link first.",
        ])
    }

    @Test("links qr writes a PNG that zbarimg reads back as the short URL",
          .enabled(if: ProcessInfo.processInfo.environment["CI"] != nil || ChildProcess.executable(named: "zbarimg") != nil))
    func qrCodeDecodes() async throws {
        let zbarimg = try #require(ChildProcess.executable(named: "zbarimg"), "install zbar-tools")
        let directory = try temporaryDataDirectory()
        _ = await runLandfallAsync(["links", "create", "--target", "https://daily.example.com/winter", "--slug", "winter", "--data-dir", directory])
        let folder = try CLIFixtures.temporaryFolder()
        let png = folder.appendingPathComponent("code.png").path
        let output = await runLandfallAsync(["links", "qr", "winter", "--output", png, "--ecc", "H", "--size", "4", "--data-dir", directory])
        #expect(output.status == .success, "\(output.standardError)")
        let decoded = folder.appendingPathComponent("decoded.txt").path
        let child = try ChildProcess(executable: zbarimg, arguments: ["--raw", "-q", png], standardOutput: decoded)
        let termination = await child.exit(within: .seconds(60))
        #expect(termination?.status == 0)
        #expect(try String(contentsOfFile: decoded, encoding: .utf8) == "https://go.daily.example.com/winter\n")
    }

    @Test("links qr refuses options out of the API's ranges, naming the option", arguments: [
        (["--size", "0"], "error: --size must be from 1 to 64 pixels per module; it is 0"),
        (["--margin", "65"], "error: --margin must be from 0 to 64 modules; it is 65"),
        (["--ecc", "X"], "error: --ecc must be L, M, Q or H; 'X' is not"),
    ])
    func qrRefusals(arguments: [String], message: String) async throws {
        let output = await runLandfallAsync(["links", "qr", "winter", "--output", "x.png"] + arguments)
        #expect(output.status == .usageOrInputError)
        #expect(output.standardError.contains(message), "\(output.standardError)")
    }
}
