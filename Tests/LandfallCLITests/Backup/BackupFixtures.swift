import Foundation
import LandfallLinks
@testable import LandfallStorage

/// Databases and backups for the backup and restore tests: real SQLite files in fresh folders.
enum BackupFixtures {
    /// A link on go.example.com with `slug`, created now.
    static func link(_ slug: String) -> ShortLink {
        var generator = SystemRandomNumberGenerator()
        return ShortLink(id: LinkID.generate(at: Date(), using: &generator), host: "go.example.com", slug: slug,
                         target: "https://daily.example.com/puzzle/\(slug)", createdAt: Date())
    }

    /// A fresh data directory holding a database with links named `slugs`.
    static func dataDirectory(with slugs: [String]) async throws -> String {
        let directory = try temporaryDataDirectory()
        try await CLIDatabase.withStorage(.sqlite(directory: directory)) { storage in
            try await storage.insert(slugs.map(link))
        }
        return directory
    }

    /// A backup made by `landfall backup` of a database with links named `slugs`.
    static func backup(with slugs: [String]) async throws -> String {
        let directory = try await dataDirectory(with: slugs)
        let file = try CLIFixtures.temporaryFolder().appendingPathComponent("backup.sqlite").path
        let output = await runLandfall(["backup", "--data-dir", directory, "--to", file])
        guard output.status == .success else { throw Failed(message: output.standardError) }
        return file
    }

    /// The slugs of the links in the database of `directory`.
    static func slugs(in directory: String) async throws -> Set<String> {
        try await CLIDatabase.withStorage(.sqlite(directory: directory)) { storage in
            var slugs: Set<String> = []
            for slug in ["before", "old", "kept"] where try await storage.link(host: "go.example.com", slug: slug) != nil {
                slugs.insert(slug)
            }
            return slugs
        }
    }

    /// The path of the database in `directory`.
    static func database(in directory: String) -> String {
        StorageLocation.sqlite(directory: directory).sqliteFile ?? directory
    }

    /// Sets the modification time of `path` to `offset` seconds after that of `reference`.
    static func setModified(_ path: String, seconds offset: TimeInterval, after reference: String) throws {
        let made = try FileManager.default.attributesOfItem(atPath: reference)[.modificationDate] as? Date ?? Date()
        try FileManager.default.setAttributes([.modificationDate: made.addingTimeInterval(offset)], ofItemAtPath: path)
    }

    struct Failed: Error, CustomStringConvertible {
        var message: String
        var description: String { message }
    }
}
