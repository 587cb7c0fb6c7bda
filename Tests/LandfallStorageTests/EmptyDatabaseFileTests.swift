import Foundation
@testable import LandfallStorage
import Testing

/// A zero-length SQLite file (a failed copy, a truncated restore, a full disk) is refused, not
/// silently made a new empty database that hides the operator's links (issue 15, finding 7).
@Suite struct EmptyDatabaseFileTests {
    /// A new directory holding an empty `landfall.sqlite`, and the file's path.
    static func directoryWithEmptyFile() throws -> (directory: String, file: String) {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("landfall-storage-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let file = directory.appendingPathComponent("landfall.sqlite").path
        #expect(FileManager.default.createFile(atPath: file, contents: Data()))
        return (directory.path, file)
    }

    static func size(of file: String) throws -> Int {
        try #require(try URL(fileURLWithPath: file).resourceValues(forKeys: [.fileSizeKey]).fileSize)
    }

    @Test func aZeroLengthDatabaseFileIsRefusedSayingWhyAndWhatToDoAndIsLeftEmpty() async throws {
        let (directory, file) = try Self.directoryWithEmptyFile()
        defer { try? FileManager.default.removeItem(atPath: directory) }

        let error = await expectStorageError { _ = try await Storage.open(.sqlite(directory: directory), logger: .quiet) }

        #expect(error?.code == .emptyDatabaseFile(path: file))
        let message = try #require(error?.message)
        for part in [file, "is empty (0 bytes)", "failed copy", "restore", "remove it", "--force"] {
            #expect(message.contains(part), "\(message)")
        }
        #expect(try Self.size(of: file) == 0)
        #expect(!FileManager.default.fileExists(atPath: file + "-wal"))
    }

    @Test func aZeroLengthDatabaseFileIsMadeANewDatabaseWhenForced() async throws {
        let (directory, file) = try Self.directoryWithEmptyFile()
        defer { try? FileManager.default.removeItem(atPath: directory) }

        let storage = try await Storage.open(.sqlite(directory: directory), logger: .quiet, forceNewDatabaseInEmptyFile: true)
        try await storage.insert([Fixtures.link("again")])
        await storage.close()

        #expect(try Self.size(of: file) > 0)
        let reopened = try await Storage.open(.sqlite(directory: directory), logger: .quiet)
        let found = try await reopened.link(host: Fixtures.host, slug: "again")
        await reopened.close()
        #expect(found != nil)
    }

    @Test func aMissingDatabaseFileIsStillCreated() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("landfall-storage-tests-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let storage = try await Storage.open(.sqlite(directory: directory), logger: .quiet)
        try await storage.insert([Fixtures.link("fresh")])
        await storage.close()
        #expect(try Self.size(of: directory + "/landfall.sqlite") > 0)
    }
}
