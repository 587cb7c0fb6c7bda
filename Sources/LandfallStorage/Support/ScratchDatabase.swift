import Foundation
import Logging
import PostgresKit
import PostgresNIO

/// Throwaway PostgreSQL databases for tests: each test creates its own database next to the
/// one an admin URL names, and drops it at the end, so tests running at once never meet.
///
/// For test targets (`@testable import LandfallStorage`):
///
/// ```swift
/// let admin = ProcessInfo.processInfo.environment["LANDFALL_TEST_POSTGRES_URL"]!
/// let url = try await ScratchDatabase.create(adminURL: admin)   // postgres://…/landfall_test_3f9a…
/// defer { Task { try await ScratchDatabase.drop(url, adminURL: admin) } }
/// let storage = try await Storage.open(.postgres(url: url), logger: logger)
/// ```
enum ScratchDatabase {
    /// Creates an empty database named `<prefix>_<12 random hex digits>` on the server of
    /// `adminURL` (whose user may create databases) and returns its URL: `adminURL` with the
    /// database replaced.
    static func create(adminURL: String, prefix: String = "landfall_test") async throws -> String {
        let name = prefix + "_" + (0..<12).map { _ in String(Int.random(in: 0..<16), radix: 16) }.joined()
        try await withAdminConnection(adminURL) { connection, logger in
            try await connection.query(PostgresQuery(unsafeSQL: "CREATE DATABASE \"\(name)\""), logger: logger)
        }
        guard var components = URLComponents(string: adminURL) else { throw URLError(.badURL) }
        components.path = "/" + name
        guard let url = components.string else { throw URLError(.badURL) }
        return url
    }

    /// Drops the database `url` names, ending its connections first.
    static func drop(_ url: String, adminURL: String) async throws {
        guard let name = URLComponents(string: url)?.path.dropFirst(), !name.isEmpty, !name.contains("\"") else { return }
        try await withAdminConnection(adminURL) { connection, logger in
            try await connection.query(PostgresQuery(unsafeSQL: "DROP DATABASE IF EXISTS \"\(name)\" WITH (FORCE)"), logger: logger)
        }
    }

    private static func withAdminConnection(_ adminURL: String, _ body: (PostgresConnection, Logger) async throws -> Void) async throws {
        let logger = Logger(label: "landfall.scratch-database", factory: { _ in SwiftLogNoOpLogHandler() })
        let configuration = try SQLPostgresConfiguration(url: adminURL).coreConfiguration
        let connection = try await PostgresConnection.connect(configuration: configuration, id: 1, logger: logger)
        do {
            try await body(connection, logger)
        } catch {
            try? await connection.close()
            throw error
        }
        try await connection.close()
    }
}
