import Foundation
import LandfallLinks
import LandfallStorage
import LandfallWire
import Testing

/// `landfall links import` with Firebase Dynamic Links' Takeout export (one file per URL
/// prefix, given at once) and Landfall's own JSON: a dry run, the import, the same import again,
/// and a broken row.
@Suite struct LinksImportFirebaseTests {
    static let takeout = ["takeout-daily.page.link.csv", "takeout-links.brand.com.csv"].map {
        CLIFixtures.repositoryRoot.appendingPathComponent("Tests/Fixtures/import/\($0)").path
    }

    @Test("two prefixes' Takeout files: a dry run says what each row becomes, the import makes every link, and importing again changes nothing",
          arguments: CLIDatabase.all)
    func takeoutFilesImportOnceAndOnlyOnce(database: CLIDatabase) async throws {
        try await database.withDatabase { options, location in
            let dryRun = await runLandfallAsync(["links", "import"] + Self.takeout + ["--dry-run"] + options)
            #expect(dryRun.status == .success, "\(dryRun.standardError)")
            let (daily, brand) = (Self.takeout[0], Self.takeout[1])
            #expect(dryRun.lines == [
                "\(daily) row 2  https://go.daily.example.com/fRiDaY  (would be created)  (was https://daily.page.link/fRiDaY)",
                "\(daily) row 3  https://go.daily.example.com/w1nt3r  (would be created)  (was https://daily.page.link/w1nt3r)",
                "\(daily) row 4  https://go.daily.example.com/oldpromo  (would be created)  (was https://daily.page.link/oldpromo)",
                "\(brand) row 2  https://go.daily.example.com/mug  (would be created)  (was https://links.brand.com/mug)",
                "\(brand) row 3  https://go.daily.example.com/abc  (would be created)  (was https://links.brand.com/share/abc)",
                "\(brand) row 3  note: the path /share before the slug is not kept: a short link is https://HOST/SLUG",
            ])
            #expect(dryRun.standardError.contains("note: \(daily): apn (com.example.dailypuzzle in 3 rows); ibi (com.example.dailypuzzle in 3 rows); isi (1234567890 in 2 rows) are not imported"))
            #expect(dryRun.standardError.contains("note: \(daily): daily.page.link: its 3 links move to go.daily.example.com (page.link domains are Google's, and stopped answering when Firebase Dynamic Links shut down)."))
            #expect(dryRun.standardError.contains("note: \(brand): links.brand.com: its 2 links move to go.daily.example.com (to keep the old addresses, add links.brand.com to hosts.links and point its DNS here)."))
            #expect(dryRun.standardError.contains("Dry run: 5 of 5 rows would be created; nothing was stored."))
            #expect(try await LinksCommandTests.stored(location).isEmpty)

            let imported = await runLandfallAsync(["links", "import"] + Self.takeout + options)
            #expect(imported.status == .success, "\(imported.standardError)")
            #expect(imported.standardError.contains("Created 5 links from 2 files."))
            let links = try await LinksCommandTests.stored(location)
            #expect(Set(links.map(\.slug)) == ["fRiDaY", "w1nt3r", "oldpromo", "mug", "abc"])
            let friday = try #require(links.first { $0.slug == "fRiDaY" })
            #expect(friday.preview.title == "Friday's puzzle, shared" && friday.data == ["name": "Friday share"])
            #expect(friday.campaign == Campaign(source: "share", medium: "app", name: "friday"))
            #expect(links.first { $0.slug == "oldpromo" }?.isDisabled == true, "archived is kept disabled")
            #expect(links.first { $0.slug == "w1nt3r" }?.overrides.android == "https://daily.example.com/android-help")

            let again = await runLandfallAsync(["links", "import"] + Self.takeout + ["--format", "json"] + options)
            #expect(again.status == .success, "\(again.standardError)")
            #expect(again.standardError.contains("Created no link from 2 files: all 5 rows were there already, unchanged."))
            let report = try JSONSerialization.jsonObject(with: Data(again.standardOutput.utf8)) as? [String: Any]
            #expect(report?["created"] as? Int == 0 && report?["unchanged"] as? Int == 5)
            #expect((report?["files"] as? [[String: Any]])?.map { $0["format"] as? String } == ["firebase", "firebase"])
            let after = try await LinksCommandTests.stored(location)
            #expect(Set(after.map(\.id)) == Set(links.map(\.id)), "the same links, not new ones")
        }
    }

    @Test("a broken row in one of the files makes the all-or-nothing import create no link from any of them")
    func aBrokenRowStopsTheWholeImport() async throws {
        let folder = try CLIFixtures.temporaryFolder()
        let broken = folder.appendingPathComponent("takeout-broken.csv").path
        try Data("short_link,link,archived\nhttps://x.page.link/good,https://daily.example.com/a,false\nhttps://x.page.link/bad,https://daily.example.com/b,maybe\n".utf8)
            .write(to: URL(fileURLWithPath: broken))
        let directory = try temporaryDataDirectory()
        let output = await runLandfallAsync(["links", "import"] + Self.takeout + [broken, "--data-dir", directory])
        #expect(output.status == .usageOrInputError)
        #expect(output.lines.last == "\(broken) row 3  error: column archived: expected true or false, found a string")
        #expect(output.standardError.contains("Created nothing: 1 of 7 rows is refused"))
        #expect(try await LinksCommandTests.stored(.sqlite(directory: directory)).isEmpty)
    }

    @Test("the demo's links.json imports, then imports again as unchanged; a link changed meanwhile is refused, naming its target")
    func landfallJSONImportsOnce() async throws {
        let demo = CLIFixtures.repositoryRoot.appendingPathComponent("examples/demo/links.json").path
        let directory = try temporaryDataDirectory()
        let first = await runLandfallAsync(["links", "import", demo, "--data-dir", directory])
        #expect(first.status == .success, "\(first.standardError)")
        #expect(first.lines.first == "link 1  https://go.daily.example.com/friday")
        let again = await runLandfallAsync(["links", "import", demo, "--data-dir", directory])
        #expect(again.status == .success)
        #expect(again.lines.allSatisfy { $0.hasSuffix("unchanged: there already, with the same settings") } && again.lines.count == 5)

        _ = await runLandfallAsync(["links", "disable", "winter", "--data-dir", directory])
        let changed = await runLandfallAsync(["links", "import", demo, "--dry-run", "--data-dir", directory])
        #expect(changed.status == .usageOrInputError)
        #expect(changed.lines.contains("link 2  error: field slug: The slug 'winter' is already used on go.daily.example.com by a link with other settings (to https://daily.example.com/news/winter-league); choose another, or change or delete that link first."))
    }
}
