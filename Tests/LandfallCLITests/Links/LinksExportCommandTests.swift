import Foundation
import LandfallCLI
import LandfallJSON
import LandfallLinks
import LandfallStorage
import LandfallWire
import SeededRandom
import Testing

/// `landfall links export`: CSV that `links import` reads back to the same links, JSON with
/// every field as the API writes it, page after page.
@Suite struct LinksExportCommandTests {
    /// Text a spreadsheet or a CSV reader could stumble on: separators, quotes, line breaks,
    /// formula starts, non-ASCII letters; never spaces at its ends (import drops those).
    static func text(_ generator: inout SeededGenerator) -> String {
        let pieces = ["a", "Z", "7", ",", "\"", "'", "\n", "\r\n", "=", "+", "-", "@", "é", "日本", "🧩", "x y", ";", "\\", "%", "/"]
        let count = Int.random(in: 1...8, using: &generator)
        let text = (0..<count).map { _ in pieces.randomElement(using: &generator) ?? "a" }.joined()
        return text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty ? "t" : "t" + text + "t"
    }

    /// A link with a random choice of fields set, valid for the demo site.
    static func link(_ number: Int, _ generator: inout SeededGenerator) -> ShortLink {
        func maybe(_ value: @autoclosure () -> String) -> String? {
            Bool.random(using: &generator) ? value() : nil
        }
        let created = Date(timeIntervalSince1970: 1_795_176_000 + Double(number))
        var link = ShortLink(id: LinkID.generate(at: created, using: &generator), host: "go.daily.example.com", slug: "x\(number)k",
                             target: "https://daily.example.com/puzzle/\(number)?from=export&n=\(number)", createdAt: created)
        link.overrides = PlatformOverrides(ios: maybe("https://daily.example.com/ios/\(number)"),
                                           android: maybe("https://daily.example.com/android/\(number)"),
                                           desktop: maybe("https://daily.example.com/desktop/\(number)"))
        let title = maybe(text(&generator)), description = maybe(text(&generator))
        link.preview = SocialPreview(title: title, description: description, imageURL: maybe("https://daily.example.com/\(number).png"))
        let source = maybe(text(&generator)), medium = maybe(text(&generator)), name = maybe("campaign-\(number % 3)")
        let term = maybe(text(&generator)), content = maybe(text(&generator))
        link.campaign = Campaign(source: source, medium: medium, name: name, term: term, content: content)
        for key in ["puzzle", "mode", "invited.by"] where Bool.random(using: &generator) {
            link.data[key] = text(&generator)
        }
        if Bool.random(using: &generator) {
            link.expiresAt = Date(timeIntervalSince1970: 4_102_444_800 + Double(Int.random(in: 0..<86_400_000, using: &generator)) / 1000)
        }
        link.maxClicks = Bool.random(using: &generator) ? Int.random(in: 1...1_000_000, using: &generator) : nil
        link.isDisabled = Bool.random(using: &generator)
        return link
    }

    /// What an import can give back: every field a link is created with.
    struct Fields: Equatable, CustomStringConvertible {
        var link: ShortLink

        static func == (lhs: Fields, rhs: Fields) -> Bool {
            lhs.link.host == rhs.link.host && lhs.link.slug == rhs.link.slug && lhs.link.target == rhs.link.target
                && lhs.link.overrides == rhs.link.overrides && lhs.link.preview == rhs.link.preview && lhs.link.campaign == rhs.link.campaign
                && lhs.link.data == rhs.link.data && lhs.link.expiresAt == rhs.link.expiresAt && lhs.link.maxClicks == rhs.link.maxClicks
                && lhs.link.isDisabled == rhs.link.isDisabled
        }

        var description: String { JSONWriter.compact.string(for: link.json) }
    }

    static func stored(_ location: StorageLocation) async throws -> [ShortLink] {
        try await CLIDatabase.withStorage(location) { storage in
            var all: [ShortLink] = []
            var query = LinkQuery(limit: 500, sort: .oldest)
            while true {
                let page = try await storage.links(query)
                all += page
                guard let last = page.last, page.count == 500 else { return all }
                query.after = last.id
            }
        }
    }

    @Test(arguments: CLIDatabase.all, [1, 2, 3])
    func linksExportedAsCSVAndImportedIntoAnEmptyDatabaseAreTheSameLinks(database: CLIDatabase, seed: UInt64) async throws {
        var generator = SeededGenerator(seed: seed)
        // More links than one page (500), so that paging is part of it.
        let links = (0..<(seed == 1 ? 1_203 : 60)).map { Self.link($0, &generator) }
        try await database.withDatabase { options, location in
            try await CLIDatabase.withStorage(location) { storage in try await storage.insert(links) }
            let file = try CLIFixtures.temporaryFolder().appendingPathComponent("links.csv").path
            let export = await runLandfallAsync(["links", "export", "--output", file] + options)
            #expect(export.status == .success, "\(export.standardError)")
            #expect(export.standardError == "Exported \(links.count) links to \(file).\n")

            let fresh = try temporaryDataDirectory()
            let imported = await runLandfallAsync(["links", "import", file, "--data-dir", fresh])
            #expect(imported.status == .success, "\(imported.standardOutput)\(imported.standardError)")
            let again = try await Self.stored(.sqlite(directory: fresh))
            let bySlug: (Fields, Fields) -> Bool = { $0.link.slug < $1.link.slug }
            let expected: [Fields] = links.map(Fields.init).sorted(by: bySlug)
            let found: [Fields] = again.map(Fields.init).sorted(by: bySlug)
            #expect(found == expected)
        }
    }

    @Test(arguments: CLIDatabase.all)
    func theJSONExportHoldsEveryLinkAsTheAPIWritesIt(database: CLIDatabase) async throws {
        var generator = SeededGenerator(seed: 9)
        let links = (0..<7).map { Self.link($0, &generator) }
        try await database.withDatabase { options, location in
            try await CLIDatabase.withStorage(location) { storage in try await storage.insert(links) }
            let output = await runLandfallAsync(["links", "export", "--format", "json"] + options)
            #expect(output.status == .success, "\(output.standardError)")
            let document = try JSONValue.parse(output.standardOutput)
            #expect(document == .object([("links", .array(links.map(\.json)))]))
            #expect(output.standardError == "Exported 7 links.\n")
        }
    }

    @Test func anEmptyDatabaseExportsAHeaderOrAnEmptyList() async throws {
        let directory = try temporaryDataDirectory()
        _ = try await CLIDatabase.withStorage(.sqlite(directory: directory)) { _ in }
        let csv = await runLandfallAsync(["links", "export", "--data-dir", directory])
        #expect(csv.standardOutput == ShortLink.csvExportHeader(dataKeys: []).joined(separator: ",") + "\n")
        let json = await runLandfallAsync(["links", "export", "--format", "json", "--data-dir", directory])
        #expect(json.standardOutput == "{\"links\": []}\n")
        #expect(json.standardError == "Exported 0 links.\n")
    }

    @Test(arguments: [
        (["--format", "xml"], "'xml'"),
        (["--output", ""], "--output must name a file (or - for standard output); it is empty"),
        (["--output", "/nonexistent-landfall-folder/links.csv"], "cannot write \"/nonexistent-landfall-folder/links.csv\": its directory /nonexistent-landfall-folder does not exist"),
    ])
    func badArgumentsAreRefusedSayingWhatIsExpected(arguments: [String], message: String) async throws {
        let directory = try temporaryDataDirectory()
        _ = try await CLIDatabase.withStorage(.sqlite(directory: directory)) { _ in }
        let output = await runLandfallAsync(["links", "export", "--data-dir", directory] + arguments)
        #expect(output.status == .usageOrInputError)
        #expect(output.standardError.contains(message), "\(output.standardError)")
        #expect(output.standardOutput.isEmpty)
    }

    @Test func aFailedExportLeavesNoFileAndAnExistingOneIsReplacedWhole() async throws {
        let folder = try CLIFixtures.temporaryFolder()
        let file = folder.appendingPathComponent("links.csv").path
        let missing = await runLandfallAsync(["links", "export", "--output", file, "--data-dir", folder.appendingPathComponent("none").path])
        #expect(missing.status == .usageOrInputError)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)

        let directory = try temporaryDataDirectory()
        var generator = SeededGenerator(seed: 4)
        try await CLIDatabase.withStorage(.sqlite(directory: directory)) { storage in try await storage.insert([Self.link(1, &generator)]) }
        try Data("old contents\n".utf8).write(to: URL(fileURLWithPath: file))
        let output = await runLandfallAsync(["links", "export", "--output", file, "--data-dir", directory])
        #expect(output.status == .success)
        let written = try String(contentsOfFile: file, encoding: .utf8)
        #expect(written.hasPrefix("target,slug,host,"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["links.csv"])
    }
}
