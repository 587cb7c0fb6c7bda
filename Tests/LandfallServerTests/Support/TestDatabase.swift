import Foundation
@testable import LandfallStorage

/// The databases server tests run against: SQLite always, PostgreSQL when
/// `LANDFALL_TEST_POSTGRES_URL` names a server (each server gets a scratch database created
/// through that admin URL), and always on CI, where a missing server is a failure.
enum TestDatabase: String, Sendable, CaseIterable, CustomStringConvertible {
    case sqlite
    case postgres

    /// SQLite, and PostgreSQL when there is a server or CI demands one.
    static var all: [TestDatabase] {
        adminURL != nil || isCI ? [.sqlite, .postgres] : [.sqlite]
    }

    /// `LANDFALL_TEST_POSTGRES_URL`, when set and not empty.
    static var adminURL: String? {
        ProcessInfo.processInfo.environment["LANDFALL_TEST_POSTGRES_URL"].flatMap { $0.isEmpty ? nil : $0 }
    }

    static var isCI: Bool {
        ProcessInfo.processInfo.environment["CI"].map { !$0.isEmpty } ?? false
    }

    /// The pool size of the test servers' PostgreSQL storages. Swift Testing runs hundreds of
    /// servers at once, and with PostgresNIO's default of 20 each a full run had 880
    /// connections open at its peak (a CI run hit the cluster's limit of 1,200 and failed 27
    /// tests).
    static let postgresConnections = 4

    var description: String { self == .sqlite ? "SQLite" : "PostgreSQL" }

    struct MissingServer: Error, CustomStringConvertible {
        var description: String { "CI is set but LANDFALL_TEST_POSTGRES_URL is not: .ci/run should start PostgreSQL and export it" }
    }

    struct ScratchDatabaseError: Error, CustomStringConvertible {
        var description: String
    }

    /// A place a server stores in, removed by ``remove()``.
    struct Location: Sendable {
        /// The scratch PostgreSQL database, or `nil` for SQLite in the data directory.
        let databaseURL: String?
        /// Whether ``remove()`` drops it (the server that created it does).
        var owned = true

        /// Drops the scratch database (in the background: a test's end does not wait for it).
        func remove() {
            guard owned, let databaseURL, let admin = TestDatabase.adminURL else { return }
            Task { try? await ScratchDatabase.drop(databaseURL, adminURL: admin) }
        }
    }

    /// A new location: SQLite in `sqliteDirectory`, or a new scratch PostgreSQL database.
    func makeLocation(sqliteDirectory: String) async throws -> Location {
        switch self {
        case .sqlite:
            return Location(databaseURL: nil)
        case .postgres:
            guard let admin = Self.adminURL else { throw MissingServer() }
            // PostgreSQL refuses a CREATE DATABASE while another copies the template at the
            // same moment ("source database is being accessed by other users"): try again.
            var lastError: (any Error)?
            for attempt in 0..<5 {
                do {
                    return Location(databaseURL: try await ScratchDatabase.create(adminURL: admin))
                } catch {
                    lastError = error
                    try await Task.sleep(for: .milliseconds(100 * (attempt + 1)))
                }
            }
            // PostgresNIO hides the server's message from `description`.
            throw ScratchDatabaseError(description: "cannot create a scratch database: \(String(reflecting: lastError))")
        }
    }
}
