import Foundation
import LandfallLinks
@testable import LandfallStorage
import Testing

/// A PostgreSQL server that refuses `pg_trgm` (a role without CREATE on its database) still
/// migrates to the newest schema, and its search still finds links, without the index.
@Suite struct LinkSearchWithoutTrigramsTests {
    @Test(.enabled(if: Backend.all.contains(.postgres)))
    func aRoleThatMayNotInstallTheExtensionStillMigratesAndSearches() async throws {
        try await Backend.postgres.withLocation { location async throws in
            guard case .postgres(let url, let connections) = location, var components = URLComponents(string: url),
                  let database = components.path.split(separator: "/").last else {
                Issue.record("not a PostgreSQL location: \(location)")
                return
            }
            let role = "landfall_no_ext_\(UUID().uuidString.prefix(8).lowercased())"
            // As the admin: a role that may make tables in public but not install extensions
            // (CREATE on the database is what a trusted extension needs).
            let admin = try await Storage.open(location, logger: .quiet, migrations: [])
            try await admin.execute(raw: "CREATE ROLE \(role) LOGIN")
            try await admin.execute(raw: "GRANT CREATE, USAGE ON SCHEMA public TO \(role)")
            try await admin.execute(raw: "REVOKE CREATE ON DATABASE \(database) FROM PUBLIC")
            // Opening made the table of versions as the admin: the role makes its own.
            try await admin.execute(raw: "DROP TABLE \(Migrator.table)")
            await admin.close()

            components.user = role
            components.password = nil
            let limited = StorageLocation.postgres(url: try #require(components.string), connections: connections)
            do {
                let storage = try await Storage.open(limited, logger: .quiet)
                do {
                    #expect(try await storage.appliedMigrations() == Array(1...Storage.schemaVersion))
                    try await storage.insert(LinkListQueryTests.wordyLinks())
                    #expect(try await storage.links(LinkQuery(search: "BLOSSOM")).map(\.slug) == ["spring"])
                    #expect(try await storage.links(LinkQuery(search: "puzzle")).map(\.slug) == ["uni", "spring", "winter-cup"])
                    // The server really refused the extension.
                    try await storage.execute(raw: """
                        DO $$ BEGIN
                            IF EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'pg_trgm') THEN RAISE EXCEPTION 'pg_trgm is installed'; END IF;
                        END $$
                        """)
                } catch {
                    await storage.close()
                    throw error
                }
                await storage.close()
            } catch {
                await Self.drop(role, location: location)
                throw error
            }
            await Self.drop(role, location: location)
        }
    }

    /// Drops `role` and what it owns (before its database goes).
    static func drop(_ role: String, location: StorageLocation) async {
        guard let admin = try? await Storage.open(location, logger: .quiet, migrations: []) else { return }
        try? await admin.execute(raw: "DROP OWNED BY \(role)")
        try? await admin.execute(raw: "DROP ROLE \(role)")
        await admin.close()
    }
}
