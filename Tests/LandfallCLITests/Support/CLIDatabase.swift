import Foundation
@testable import LandfallStorage
import Logging
import Testing

/// The databases the CLI's storage commands are tested on: SQLite always, PostgreSQL when
/// `LANDFALL_TEST_POSTGRES_URL` names a server (and always on CI, where a missing server fails).
enum CLIDatabase: String, CaseIterable, Sendable, CustomStringConvertible {
    case sqlite, postgres

    /// SQLite, and PostgreSQL when there is a server or CI demands one.
    static var all: [CLIDatabase] {
        let environment = ProcessInfo.processInfo.environment
        let postgres = environment["LANDFALL_TEST_POSTGRES_URL"].map { !$0.isEmpty } ?? false
        let ci = environment["CI"].map { !$0.isEmpty } ?? false
        return postgres || ci ? [.sqlite, .postgres] : [.sqlite]
    }

    var description: String { self == .sqlite ? "SQLite" : "PostgreSQL" }

    /// A logger that drops everything.
    static let quiet = Logger(label: "landfall.cli.tests") { _ in SwiftLogNoOpLogHandler() }

    /// Runs `body` with the storage options of a fresh database (`--data-dir …` or
    /// `--database-url … --database-connections 2`) and its location; drops it after.
    func withDatabase(_ body: ([String], StorageLocation) async throws -> Void) async throws {
        switch self {
        case .sqlite:
            let directory = try temporaryDataDirectory()
            try await body(["--data-dir", directory], .sqlite(directory: directory))
        case .postgres:
            let admin = try #require(ProcessInfo.processInfo.environment["LANDFALL_TEST_POSTGRES_URL"],
                                     "CI is set but LANDFALL_TEST_POSTGRES_URL is not")
            let url = try await ScratchDatabase.create(adminURL: admin)
            do {
                try await body(["--database-url", url, "--database-connections", "2"], .postgres(url: url, connections: 2))
            } catch {
                try? await ScratchDatabase.drop(url, adminURL: admin)
                throw error
            }
            try? await ScratchDatabase.drop(url, adminURL: admin)
        }
    }

    /// Runs `body` with the storage at `location` open, closed after.
    static func withStorage<Value>(_ location: StorageLocation, _ body: (Storage) async throws -> Value) async throws -> Value {
        let storage = try await Storage.open(location, logger: quiet)
        do {
            let value = try await body(storage)
            await storage.close()
            return value
        } catch {
            await storage.close()
            throw error
        }
    }
}
