import Foundation
import LandfallLinks
@testable import LandfallStorage
import Testing

/// Opening a database: the schema is created, migrated, or refused, and rows another version
/// wrote badly are errors, not crashes.
@Suite struct MigrationTests {
    @Test(arguments: Backend.all)
    func aFreshDatabaseGetsTheWholeSchema(backend: Backend) async throws {
        try await backend.withStorage { storage async throws in
            #expect(try await storage.appliedMigrations() == Array(1...Storage.schemaVersion))
            #expect(try await storage.linkCount() == 0)
            #expect(try await storage.apiKeys().isEmpty)
            #expect(try await storage.links(LinkQuery()).isEmpty)
        }
    }

    @Test(arguments: Backend.all)
    func reopeningAMigratedDatabaseChangesNothing(backend: Backend) async throws {
        try await backend.withLocation { location async throws in
            let link = Fixtures.fullLink()
            let first = try await Storage.open(location, logger: .quiet)
            try await first.insert([link])
            await first.close()

            let second = try await Storage.open(location, logger: .quiet)
            let versions = try await second.appliedMigrations()
            let stored = try await second.link(id: link.id)
            await second.close()

            #expect(versions == Array(1...Storage.schemaVersion))
            #expect(stored == link)
        }
    }

    @Test(arguments: Backend.all)
    func aDatabaseOfANewerVersionIsRefusedAndLeftUntouched(backend: Backend) async throws {
        try await backend.withLocation { location async throws in
            let link = Fixtures.link("kept")
            let current = try await Storage.open(location, logger: .quiet)
            try await current.insert([link])
            try await current.execute(raw: "INSERT INTO landfall_schema_migrations (version, name, applied_at) VALUES (99, 'from the future', 0)")
            try await current.execute(raw: "CREATE TABLE future_things (id INTEGER PRIMARY KEY)")
            await current.close()

            let error = await expectStorageError { _ = try await Storage.open(location, logger: .quiet) }

            #expect(error?.code == .newerSchema(found: 99, known: Storage.schemaVersion))
            #expect(error?.message.contains("schema version 99") == true)
            #expect(error?.message.contains("(\(Storage.schemaVersion))") == true)
            // A binary that knows version 99 finds everything as it was.
            let future = Migrations.all + [Migration(version: 99, name: "from the future", sqlite: [], postgres: [])]
            let newer = try await Storage.open(location, logger: .quiet, migrations: future)
            let versions = try await newer.appliedMigrations()
            let stored = try await newer.link(id: link.id)
            try await newer.execute(raw: "SELECT * FROM future_things")
            await newer.close()
            #expect(versions == Array(1...Storage.schemaVersion) + [99])
            #expect(stored == link)
        }
    }

    @Test(arguments: Backend.all)
    func pendingMigrationsRunInOrderAndAFailingOneLeavesTheOldVersion(backend: Backend) async throws {
        try await backend.withLocation { location async throws in
            let extra = Migration(
                version: Storage.schemaVersion + 1, name: "extra",
                sqlite: ["CREATE TABLE extra (id INTEGER PRIMARY KEY)", "INSERT INTO extra (id) VALUES (1)"],
                postgres: ["CREATE TABLE extra (id INTEGER PRIMARY KEY)", "INSERT INTO extra (id) VALUES (1)"]
            )
            let broken = Migration(
                version: Storage.schemaVersion + 2, name: "broken",
                sqlite: ["CREATE TABLE more (id INTEGER)", "INSERT INTO no_such_table VALUES (1)"],
                postgres: ["CREATE TABLE more (id INTEGER)", "INSERT INTO no_such_table VALUES (1)"]
            )
            let old = try await Storage.open(location, logger: .quiet)
            await old.close()

            let error = await expectStorageError {
                _ = try await Storage.open(location, logger: .quiet, migrations: Migrations.all + [extra, broken])
            }
            #expect(error?.code == .migration(version: Storage.schemaVersion + 2))
            #expect(error?.message.contains("no_such_table") == true)

            // Nothing of the failed run stayed: neither the good migration nor the broken one's first statement.
            let reopened = try await Storage.open(location, logger: .quiet)
            #expect(try await reopened.appliedMigrations() == Array(1...Storage.schemaVersion))
            await #expect(throws: (any Error).self) { try await reopened.execute(raw: "SELECT * FROM extra") }
            await #expect(throws: (any Error).self) { try await reopened.execute(raw: "SELECT * FROM more") }
            await reopened.close()

            let upgraded = try await Storage.open(location, logger: .quiet, migrations: Migrations.all + [extra])
            #expect(try await upgraded.appliedMigrations() == Array(1...(Storage.schemaVersion + 1)))
            try await upgraded.execute(raw: "SELECT * FROM extra")
            await upgraded.close()
        }
    }

    @Test(arguments: Backend.all)
    func aVersionOneDatabaseKeepsItsLinksClicksAndKeysThroughVersionTwo(backend: Backend) async throws {
        try await backend.withLocation { location async throws in
            let link = Fixtures.fullLink()
            let other = Fixtures.link("other", offset: 1)
            let key = APIKeys.generate(name: "ci", scope: .write, at: Fixtures.now).record
            let old = try await Storage.open(location, logger: .quiet, migrations: [Migrations.initial])
            #expect(try await old.appliedMigrations() == [1])
            try await old.insertAsBeforeLinkCards([link, other])
            try await old.record([
                Fixtures.count(link, .ios, 3), Fixtures.count(link, .crawler, 2), Fixtures.count(other, day: "2026-11-21", .android, referrer: "t.co", 4),
            ])
            try await old.insert(key)
            #expect(try await old.revokeAPIKey(id: key.id, at: Fixtures.at(5)))
            let links = try await old.linksAsBeforeLinkCards()
            let linkCounts = try await old.clickCounts(linkID: link.id)
            let otherCounts = try await old.clickCounts(linkID: other.id)
            let keys = try await old.apiKeys()
            await old.close()
            #expect(links.count == 2 && linkCounts.count == 2 && otherCounts.count == 1 && keys.count == 1)

            let migrated = try await Storage.open(location, logger: .quiet)
            do {
                #expect(try await migrated.appliedMigrations() == Array(1...Storage.schemaVersion))
                #expect(try await migrated.links(LinkQuery()).byID == links)
                #expect(try await migrated.link(host: Fixtures.host, slug: link.slug)?.clickCount == 3)
                #expect(try await migrated.clickCounts(linkID: link.id) == linkCounts)
                #expect(try await migrated.clickCounts(linkID: other.id) == otherCounts)
                #expect(try await migrated.apiKeys() == keys)
                // The new tables are there, empty, and see the old clicks.
                #expect(try await migrated.invitations(InvitationQuery(now: Fixtures.now)).isEmpty)
                #expect(try await migrated.runtimeSettings() == RuntimeSettings.defaults)
                #expect(try await migrated.trafficCounts(TrafficFilter(campaign: "winter-league")) == [
                    TrafficCount(day: "2026-11-20", type: .click, platform: .crawler, campaign: "winter-league", count: 2),
                    TrafficCount(day: "2026-11-20", type: .click, platform: .ios, campaign: "winter-league", count: 3),
                ])
            } catch {
                await migrated.close()
                throw error
            }
            await migrated.close()
        }
    }

    @Test(arguments: Backend.all)
    func aVersionTwoDatabaseKeepsItsLinksInvitationsAndSettingsThroughVersionThree(backend: Backend) async throws {
        try await backend.withLocation { location async throws in
            let link = Fixtures.fullLink()
            let invitation = Fixtures.invitation()
            let old = try await Storage.open(location, logger: .quiet, migrations: [Migrations.initial, Migrations.invitationsClaimsEvents])
            #expect(try await old.appliedMigrations() == [1, 2])
            try await old.insertAsBeforeLinkCards([link])
            try await old.insert([invitation])
            var settings = RuntimeSettings.defaults
            settings.invitationsRequired = true
            _ = try await old.update(settings, at: Fixtures.now)
            let links = try await old.linksAsBeforeLinkCards()
            let invitations = try await old.invitations(InvitationQuery(now: Fixtures.now))
            await old.close()

            let migrated = try await Storage.open(location, logger: .quiet)
            do {
                #expect(try await migrated.appliedMigrations() == Array(1...Storage.schemaVersion))
                #expect(try await migrated.links(LinkQuery()).byID == links)
                #expect(try await migrated.invitations(InvitationQuery(now: Fixtures.now)) == invitations)
                #expect(try await migrated.runtimeSettings().invitationsRequired)
                // The dashboard's tables are there, empty.
                #expect(try await migrated.dashboardUsers().isEmpty)
                #expect(try await migrated.dashboardAudit(limit: 10).isEmpty)
            } catch {
                await migrated.close()
                throw error
            }
            await migrated.close()
        }
    }

    /// A row another landfall could have written badly, and what reading it must say.
    struct Corruption: Sendable, CustomTestStringConvertible {
        var backend: Backend
        var name: String
        /// Statements that spoil the row of the link `id` (run one by one).
        var statements: @Sendable (_ id: String) -> [String]
        var read: @Sendable (Storage, LinkID) async throws -> Void
        var table: String
        var column: String
        var detail: String

        var testDescription: String { "\(name) (\(backend.testDescription))" }

        static var all: [Corruption] {
            Backend.all.flatMap { backend -> [Corruption] in
                var cases = [
                    Corruption(
                        backend: backend, name: "a malformed link id",
                        statements: { _ in [
                            "INSERT INTO links (id, host, slug, target, data, disabled, created_at, updated_at, click_count) VALUES ('not-a-uuid', 'go.example.com', 'bad', 'https://x.example.com', '{}', FALSE, 0, 0, 0)",
                        ] },
                        read: { storage, _ in _ = try await storage.links(LinkQuery()) },
                        table: "links", column: "id", detail: "'not-a-uuid', which is not a link id"
                    ),
                    Corruption(
                        backend: backend, name: "a NULL target",
                        statements: { id in
                            switch backend {
                            case .postgres:
                                return ["ALTER TABLE links ALTER COLUMN target DROP NOT NULL", "UPDATE links SET target = NULL WHERE id = '\(id)'"]
                            case .sqlite:
                                // SQLite cannot drop NOT NULL: rebuild the table without constraints, as a careless version might have.
                                return ["CREATE TABLE links_loose AS SELECT * FROM links", "DROP TABLE links", "ALTER TABLE links_loose RENAME TO links",
                                        "UPDATE links SET target = NULL WHERE id = '\(id)'"]
                            }
                        },
                        read: { storage, id in _ = try await storage.link(id: id) },
                        table: "links", column: "target", detail: "is NULL where a value is needed"
                    ),
                    Corruption(
                        backend: backend, name: "an unknown platform",
                        statements: { id in [
                            "INSERT INTO click_counts (link_id, day, platform, referrer_host, count) VALUES ('\(id)', '2026-11-20', 'telepathy', '', 1)",
                        ] },
                        read: { storage, id in _ = try await storage.clickCounts(linkID: id) },
                        table: "click_counts", column: "platform", detail: "'telepathy', which is not a platform (ios, android, desktop, crawler)"
                    ),
                    Corruption(
                        backend: backend, name: "data that is not a JSON object of strings",
                        statements: { id in ["UPDATE links SET data = '{\"n\": 1}' WHERE id = '\(id)'"] },
                        read: { storage, _ in _ = try await storage.link(host: "go.example.com", slug: "victim") },
                        table: "links", column: "data", detail: "'{\"n\": 1}', which is not a JSON object of strings"
                    ),
                    Corruption(
                        backend: backend, name: "an unknown API key scope",
                        statements: { _ in [
                            "INSERT INTO api_keys (id, name, scope, secret_hash, created_at) VALUES ('abcdefghijkl', 'old', 'admin', 'ff', 0)",
                        ] },
                        read: { storage, _ in _ = try await storage.apiKeys() },
                        table: "api_keys", column: "scope", detail: "'admin', which is not a scope (read, write or webhooks)"
                    ),
                ]
                let token = "lfc_AAAAAAAAAAAAAAAAAAAAAA"
                let claim: @Sendable (String, String) -> String = { platform, match in
                    "INSERT INTO claims (token, url, deep_link, created_at, expires_at, address_hash, platform, claimed_at, match_kind) "
                        + "VALUES ('\(token)', 'https://go.example.com/x', 'https://daily.example.com/x', 0, 1, 'ab', '\(platform)', 1, '\(match)')"
                }
                cases += [
                    Corruption(
                        backend: backend, name: "an invitation code with ambiguous symbols",
                        statements: { _ in [
                            "INSERT INTO invites (code, batch_id, uses, redeemed, created_at) VALUES ('0OIL10OIL10OIL1', 'b', 1, 0, 0)",
                        ] },
                        read: { storage, _ in _ = try await storage.invitations(InvitationQuery(now: Fixtures.now)) },
                        table: "invites", column: "code", detail: "'0OIL10OIL10OIL1', which is not an invitation code"
                    ),
                    Corruption(
                        backend: backend, name: "an unknown claim platform",
                        statements: { _ in [claim("telepathy", "strong")] },
                        read: { storage, _ in _ = try await storage.pendingClaim(token: try #require(ClaimToken(rawValue: token))) },
                        table: "claims", column: "platform", detail: "'telepathy', which is not a platform (ios, android, desktop, crawler)"
                    ),
                    Corruption(
                        backend: backend, name: "an unknown claim match",
                        statements: { _ in [claim("ios", "psychic")] },
                        read: { storage, _ in _ = try await storage.claim(token: try #require(ClaimToken(rawValue: token)), at: Fixtures.now, event: nil) },
                        table: "claims", column: "match_kind", detail: "'psychic', which is not a claim's match (strong or weak)"
                    ),
                    Corruption(
                        backend: backend, name: "an unknown event type",
                        statements: { _ in [
                            "INSERT INTO events (id, type, occurred_at, day, platform) VALUES ('e1', 'teleport', 0, '2026-11-20', 'ios')",
                        ] },
                        read: { storage, _ in _ = try await storage.trafficCounts(TrafficFilter()) },
                        table: "events", column: "type", detail: "'teleport', which is not an event type (click, open, first_open, claim, redemption)"
                    ),
                    Corruption(
                        backend: backend, name: "an unknown audit action",
                        statements: { _ in ["INSERT INTO invite_audit (occurred_at, action, code) VALUES (0, 'shrugged', 'X')"] },
                        read: { storage, _ in _ = try await storage.invitationAudit(limit: 10, before: nil) },
                        table: "invite_audit", column: "action", detail: "'shrugged', which is not an audit action"
                    ),
                    Corruption(
                        backend: backend, name: "a setting that is neither true nor false",
                        statements: { _ in ["INSERT INTO settings (key, value, updated_at) VALUES ('invitations_required', 'maybe', 0)"] },
                        read: { storage, _ in _ = try await storage.runtimeSettings() },
                        table: "settings", column: "value", detail: "'maybe', which is not true or false"
                    ),
                    Corruption(
                        backend: backend, name: "an address salt that is not hexadecimal",
                        statements: { _ in ["INSERT INTO address_salts (day, salt) VALUES ('2026-11-20', 'salty')"] },
                        read: { storage, _ in _ = try await storage.addressSalt(day: "2026-11-20") },
                        table: "address_salts", column: "salt", detail: "'salty', which is not 64 hexadecimal digits"
                    ),
                ]
                if backend == .sqlite {
                    // Only SQLite lets text into an integer column.
                    cases.append(Corruption(
                        backend: backend, name: "text in a date column",
                        statements: { id in ["UPDATE links SET created_at = 'yesterday' WHERE id = '\(id)'"] },
                        read: { storage, id in _ = try await storage.link(id: id) },
                        table: "links", column: "created_at", detail: "'yesterday', which is not a whole number"
                    ))
                }
                return cases
            }
        }
    }

    @Test(arguments: Corruption.all)
    func aCorruptRowIsAnErrorNamingTableColumnAndValue(corruption: Corruption) async throws {
        try await corruption.backend.withStorage { storage async throws in
            let victim = Fixtures.link("victim")
            try await storage.insert([victim])
            for statement in corruption.statements(victim.id.rawValue) {
                try await storage.execute(raw: statement)
            }

            let error = await expectStorageError { try await corruption.read(storage, victim.id) }

            guard case .corruptRow(let table, let column, let detail)? = error?.code else {
                Issue.record("expected corruptRow, got \(String(describing: error))")
                return
            }
            #expect(table == corruption.table)
            #expect(column == corruption.column)
            #expect(detail.contains(corruption.detail), "\(detail)")
            #expect(error?.message.contains(corruption.table) == true)
            #expect(error?.message.contains("fix or delete the row") == true)
            // The rest of the storage still works.
            #expect(try await storage.linkCount() >= 1)
        }
    }
}
