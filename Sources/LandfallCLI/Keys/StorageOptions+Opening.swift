import Foundation
import LandfallStorage
import Logging

extension StorageOptions {
    /// The SQLite database's file name in `--data-dir` (as `StorageLocation.sqlite` documents it).
    static let sqliteFileName = "landfall.sqlite"

    /// Opens the storage these options name (with `LANDFALL_DATABASE_URL` read from `context`),
    /// runs `body` with it and closes it, however `body` ends.
    ///
    /// Failures are reported into `output` and give `nil`: a bad location or a database that
    /// cannot be opened is an input that cannot be read (status 2); a failing query inside
    /// `body` is a problem found (status 1). With `mustExist`, a missing SQLite database is
    /// refused instead of created, so that a mistyped `--data-dir` does not leave an empty
    /// database behind.
    func withStorage<Result>(
        in context: CommandContext,
        mustExist: Bool,
        into output: inout CommandOutput,
        _ body: (Storage) async throws(StorageError) -> Result
    ) async -> Result? {
        let location: StorageLocation
        do {
            location = try self.location(environment: context.environment)
        } catch {
            output.fail(error.description, status: .usageOrInputError)
            return nil
        }
        if mustExist, case .sqlite(let directory) = location {
            let file = Self.sqliteFile(in: directory)
            guard FileManager.default.fileExists(atPath: file) else {
                output.fail("""
                    there is no database at \(file); is --data-dir right? \
                    (`landfall serve` and `landfall keys create` create it)
                    """, status: .usageOrInputError)
                return nil
            }
        }
        let emptyFile = location.emptySQLiteFile
        let storage: Storage
        do {
            storage = try await Storage.open(location, logger: Logger(label: "landfall.keys") { _ in SwiftLogNoOpLogHandler() },
                                             forceNewDatabaseInEmptyFile: force)
            if let emptyFile { output.printError("warning: \(emptyFile) was empty (0 bytes): created a new database in it (--force)") }
        } catch {
            // The storage's message usually names the database already; name it when it does not.
            let name = Self.displayName(of: location)
            let message = error.description.contains(name) ? error.description : "cannot open the database at \(name): \(error)"
            output.fail(message, status: .usageOrInputError)
            return nil
        }
        let result: Result?
        do {
            result = try await body(storage)
        } catch {
            output.fail("\(error)", status: .problemsFound)
            result = nil
        }
        await storage.close()
        return result
    }

    /// The SQLite database's path in `directory`, written as the directory was.
    static func sqliteFile(in directory: String) -> String {
        directory.hasSuffix("/") ? directory + sqliteFileName : directory + "/" + sqliteFileName
    }

    /// How messages name a location: the SQLite file's path, or the PostgreSQL URL without its
    /// password.
    static func displayName(of location: StorageLocation) -> String {
        switch location {
        case .sqlite(let directory):
            return sqliteFile(in: directory)
        case .postgres(let url, _):
            return redacted(url)
        }
    }
}
