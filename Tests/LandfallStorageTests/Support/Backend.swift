import Foundation
import LandfallLinks
@testable import LandfallStorage
import Logging
import Testing

/// The databases the storage tests run against: SQLite always, PostgreSQL when
/// `LANDFALL_TEST_POSTGRES_URL` names a server (an admin URL: each test creates its own
/// database through it and drops it at the end, see ``ScratchDatabase``).
///
/// Without the variable the PostgreSQL cases are left out (``PostgresAvailabilityTests`` says
/// so in the run), except when `CI` is set: then they run and fail, because `.ci/run` should
/// have started a server.
enum Backend: String, Sendable, CaseIterable, CustomTestStringConvertible {
    case sqlite
    case postgres

    /// The backends to run: SQLite, and PostgreSQL when there is a server or CI demands one.
    static var all: [Backend] {
        postgresAdminURL != nil || isCI ? [.sqlite, .postgres] : [.sqlite]
    }

    /// `LANDFALL_TEST_POSTGRES_URL`, when set and not empty.
    static var postgresAdminURL: String? {
        ProcessInfo.processInfo.environment["LANDFALL_TEST_POSTGRES_URL"].flatMap { $0.isEmpty ? nil : $0 }
    }

    /// Whether the tests run on CI (`CI` set).
    static var isCI: Bool {
        ProcessInfo.processInfo.environment["CI"].map { !$0.isEmpty } ?? false
    }

    var testDescription: String {
        switch self {
        case .sqlite: "SQLite"
        case .postgres: "PostgreSQL"
        }
    }

    /// The pool size of the tests' PostgreSQL storages. Swift Testing runs hundreds of tests at
    /// once, and with PostgresNIO's default of 20 each a full run had 880 connections open at
    /// its peak (a CI run hit the cluster's limit of 1,200 and failed 27 tests).
    static let postgresConnections = 4

    /// A new, empty location for one test.
    func makeLocation() async throws -> StorageLocation {
        switch self {
        case .sqlite:
            let directory = FileManager.default.temporaryDirectory
                .appendingPathComponent("landfall-storage-tests-\(UUID().uuidString)").path
            return .sqlite(directory: directory)
        case .postgres:
            let admin = try #require(
                Self.postgresAdminURL,
                "CI is set but LANDFALL_TEST_POSTGRES_URL is not: .ci/run should start PostgreSQL (scripts/with-postgres) and export it"
            )
            return .postgres(url: try await ScratchDatabase.create(adminURL: admin), connections: Self.postgresConnections)
        }
    }

    /// Removes what ``makeLocation()`` made.
    func remove(_ location: StorageLocation) async {
        switch location {
        case .sqlite(let directory):
            try? FileManager.default.removeItem(atPath: directory)
        case .postgres(let url, _):
            if let admin = Self.postgresAdminURL {
                try? await ScratchDatabase.drop(url, adminURL: admin)
            }
        }
    }

    /// Runs `body` with a location of its own, removed afterwards.
    func withLocation(_ body: (StorageLocation) async throws -> Void) async throws {
        let location = try await makeLocation()
        do {
            try await body(location)
            await remove(location)
        } catch {
            await remove(location)
            throw error
        }
    }

    /// Runs `body` with a storage opened on a location of its own, closed and removed afterwards.
    func withStorage(_ body: (Storage) async throws -> Void) async throws {
        try await withLocation { location in
            let storage = try await Storage.open(location, logger: .quiet)
            do {
                try await body(storage)
                await storage.close()
            } catch {
                await storage.close()
                throw error
            }
        }
    }
}

extension Logger {
    /// A logger that drops everything (the tests check results, not logs).
    static let quiet = Logger(label: "landfall.storage.tests", factory: { _ in SwiftLogNoOpLogHandler() })
}
