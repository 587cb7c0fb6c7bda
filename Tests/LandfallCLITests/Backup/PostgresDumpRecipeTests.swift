import Foundation
@testable import LandfallCLI
import LandfallLinks
@testable import LandfallStorage
import LandfallWire
import Testing

/// The PostgreSQL backup recipe that `landfall backup` prints and the article on backing up
/// (`Sources/LandfallServer/LandfallServer.docc/BackingUp.md`) gives, run as it
/// is written (`pg_dump`, then `pg_restore`) against the test server: the restored database
/// holds every row of every table, and Landfall opens and writes to it.
///
/// Runs when `LANDFALL_TEST_POSTGRES_URL` names a server and `pg_dump` is installed; on CI
/// (`CI` set) a missing server or `pg_dump` fails instead.
@Suite struct PostgresDumpRecipeTests {
    static let environment = ProcessInfo.processInfo.environment
    static let adminURL = environment["LANDFALL_TEST_POSTGRES_URL"].flatMap { $0.isEmpty ? nil : $0 }
    static let isCI = environment["CI"].map { !$0.isEmpty } ?? false
    static let tools = ["pg_dump", "pg_restore"].allSatisfy { tool in
        (environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":").contains {
            FileManager.default.isExecutableFile(atPath: "\($0)/\(tool)")
        }
    }
    static let runs = isCI || (adminURL != nil && tools)

    /// The recipe's two commands, as printed.
    static var recipe: (dump: String, restore: String)? {
        let lines = BackupDatabaseOptions.postgresRecipe.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        guard let dump = lines.first(where: { $0.hasPrefix("pg_dump ") }),
              let restore = lines.first(where: { $0.hasPrefix("pg_restore ") }) else { return nil }
        return (dump, restore)
    }

    @Test func theBackupArticleGivesTheRecipeLandfallBackupPrints() throws {
        let (dump, restore) = try #require(Self.recipe, "the recipe has a pg_dump line and a pg_restore line")
        let article = try String(contentsOf: CLIFixtures.repositoryRoot.appendingPathComponent(
            "Sources/LandfallServer/LandfallServer.docc/BackingUp.md"), encoding: .utf8)
        #expect(article.contains("\n" + dump + "\n"))
        #expect(article.contains("\n" + restore + "\n"))
    }

    @Test(.enabled(if: runs, "needs LANDFALL_TEST_POSTGRES_URL and pg_dump (scripts/with-postgres)"))
    func aDumpRestoredIntoANewDatabaseAndOverTheOldOneHoldsEveryRowOfEveryTable() async throws {
        let admin = try #require(Self.adminURL, "CI is set but LANDFALL_TEST_POSTGRES_URL is not")
        try #require(Self.tools, "CI is set but pg_dump or pg_restore is not installed")
        let (dump, restore) = try #require(Self.recipe)
        let source = try await ScratchDatabase.create(adminURL: admin)
        let target = try await ScratchDatabase.create(adminURL: admin)
        defer {
            Task {
                try? await ScratchDatabase.drop(source, adminURL: admin)
                try? await ScratchDatabase.drop(target, adminURL: admin)
            }
        }
        let folder = try CLIFixtures.temporaryFolder()

        // Filled through Storage, and dumped while it is open (as a running server would be).
        let dumped = try await CLIDatabase.withStorage(.postgres(url: source, connections: 2)) { storage in
            try await Self.fill(storage)
            try Self.run(dump, url: source, in: folder)
            return try await Self.rows(of: storage)
        }
        #expect(dumped.count >= 10, "the tables of the schema: \(dumped.keys.sorted())")
        #expect(dumped["links"]?.count == 3 && dumped["click_counts"]?.count == 2 && dumped["events"]?.count == 2)

        // Into a new database.
        try Self.run(restore, url: target, in: folder)
        try await CLIDatabase.withStorage(.postgres(url: target, connections: 2)) { storage in
            #expect(try await Self.rows(of: storage) == dumped)
            // The identity sequences came along: a new audit entry gets an id of its own.
            try await storage.recordDashboardAudit(DashboardAuditEntry(at: Date(), actor: "ada@example.com", action: "link.create", subject: "after"))
            #expect(try await storage.dashboardAudit(limit: 10).count == 3)
        }

        // Over the database it came from, changed meanwhile (with landfall serve stopped).
        try await CLIDatabase.withStorage(.postgres(url: source, connections: 2)) { storage in
            try await storage.insert([Self.link("later")])
            try await storage.recordDashboardAudit(DashboardAuditEntry(at: Date(), actor: "ada@example.com", action: "link.create", subject: "later"))
        }
        try Self.run(restore, url: source, in: folder)
        let restored = try await CLIDatabase.withStorage(.postgres(url: source, connections: 2)) { storage in
            try await Self.rows(of: storage)
        }
        #expect(restored == dumped)
    }

    /// Runs `command` with `sh` in `folder`, `LANDFALL_DATABASE_URL` set to `url`.
    static func run(_ command: String, url: String, in folder: URL) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", command]
        process.currentDirectoryURL = folder
        var environment = ProcessInfo.processInfo.environment
        environment["LANDFALL_DATABASE_URL"] = url
        process.environment = environment
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "`\(command)` failed: \(message)")
        #expect(message.isEmpty, "`\(command)` printed: \(message)")
    }

    static func link(_ slug: String) -> ShortLink {
        var generator = SystemRandomNumberGenerator()
        return ShortLink(id: LinkID.generate(at: Date(), using: &generator), host: "go.example.com", slug: slug,
                         target: "https://daily.example.com/puzzle/\(slug)", createdAt: Date())
    }

    /// Rows in the tables the schema has: links (one with every field), click counts, events,
    /// invitation and dashboard audit entries, a setting.
    static func fill(_ storage: Storage) async throws {
        var full = link("winter")
        full.preview = SocialPreview(title: "Winter ‘league’", description: "Ünïcödé, \"quotes\"", imageURL: "https://cdn.example.com/w.png")
        full.campaign = Campaign(source: "newsletter", medium: "email", name: "winter-league")
        full.data = ["puzzle": "2026-11-21", "json": "{\"a\":[1]}"]
        full.maxClicks = 1_000
        let links = [full, link("spring"), link("summer")]
        try await storage.insert(links)
        try await storage.record([
            ClickCount(key: ClickKey(linkID: full.id, day: "2026-11-20", platform: .ios, referrerHost: "t.co"), count: 3),
            ClickCount(key: ClickKey(linkID: links[1].id, day: "2026-11-21", platform: .android, referrerHost: ""), count: 1),
        ])
        _ = try await storage.record(events: [
            AppEvent(id: UUID().uuidString.lowercased(), type: .open, occurredAt: Date(), platform: .ios, linkID: full.id),
            AppEvent(id: UUID().uuidString.lowercased(), type: .firstOpen, occurredAt: Date(), platform: .android),
        ])
        try await storage.recordInvitationAudit([InvitationAuditEntry(at: Date(), action: .created, code: "7KQ2M-X4P9T-HCW3R")])
        for subject in ["winter", "spring"] {
            try await storage.recordDashboardAudit(DashboardAuditEntry(at: Date(), actor: "ada@example.com", action: "link.create", subject: subject))
        }
        _ = try await storage.update(RuntimeSettings(invitationsRequired: true), at: Date())
    }

    /// Every row of every table of the `public` schema, as JSON text, sorted, by table.
    static func rows(of storage: Storage) async throws -> [String: [String]] {
        try await storage.reading("reading every table") { database in
            let tables = try await database.raw("""
                SELECT table_name::text AS name FROM information_schema.tables
                WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY 1
                """).all().map { try $0.decode(column: "name", as: String.self) }
            var rows: [String: [String]] = [:]
            for table in tables {
                rows[table] = try await database.raw("SELECT row_to_json(t)::text AS row FROM \(ident: table) t").all()
                    .map { try $0.decode(column: "row", as: String.self) }.sorted()
            }
            return rows
        }
    }
}
