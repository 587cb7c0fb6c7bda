import Foundation
import LandfallLinks
@testable import LandfallStorage
import Testing

/// Opening, pinging and closing, and the errors of a location that cannot be used.
@Suite struct StorageLifecycleTests {
    @Test(arguments: Backend.all)
    func anOpenStorageAnswersPingsAndAClosedOneRefusesEverything(backend: Backend) async throws {
        try await backend.withLocation { location async throws in
            let storage = try await Storage.open(location, logger: .quiet)
            #expect(storage.location == location)
            // A ping gives up after two seconds. In a full parallel test run on two cores the
            // SQLite thread pool all storages share can be that busy, so an open storage gets a
            // few tries; a closed one (below) must say no at once.
            var answered = false
            for _ in 1...5 where !answered {
                answered = await storage.ping()
            }
            #expect(answered)

            await storage.close()
            await storage.close()

            #expect(await storage.ping() == false)
            let link = Fixtures.link("late")
            let errors = [
                await expectStorageError { try await storage.insert([link]) },
                await expectStorageError { _ = try await storage.link(id: link.id) },
                await expectStorageError { _ = try await storage.links(LinkQuery()) },
                await expectStorageError { try await storage.record([Fixtures.count(link, 1)]) },
                await expectStorageError { _ = try await storage.apiKeys() },
                await expectStorageError { _ = try await storage.revokeAPIKey(id: "x", at: Fixtures.now) },
            ]
            for error in errors {
                #expect(error?.code == .closed)
                #expect(error?.message.contains("closed") == true)
            }
            var ended = true
            for await _ in storage.changes() { ended = false }
            #expect(ended)
        }
    }

    @Test func anSQLiteDirectoryIsCreatedWithTheDatabaseInIt() async throws {
        let parent = FileManager.default.temporaryDirectory.appendingPathComponent("landfall-storage-tests-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: parent) }
        let directory = parent.appendingPathComponent("nested/data").path
        let storage = try await Storage.open(.sqlite(directory: directory), logger: .quiet)
        await storage.close()
        #expect(FileManager.default.fileExists(atPath: directory + "/landfall.sqlite"))
    }

    @Test func anSQLiteDirectoryThatCannotBeCreatedIsAnInvalidLocation() async throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("landfall-storage-tests-\(UUID().uuidString)")
        try Data("not a directory".utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }

        let error = await expectStorageError { _ = try await Storage.open(.sqlite(directory: file.path + "/data"), logger: .quiet) }

        #expect(error?.code == .invalidLocation)
        #expect(error?.message.contains("cannot create the data directory") == true)
    }

    @Test func aFileThatIsNotADatabaseIsUnreachable() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("landfall-storage-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        try Data(repeating: 0x41, count: 4096).write(to: directory.appendingPathComponent("landfall.sqlite"))

        let error = await expectStorageError { _ = try await Storage.open(.sqlite(directory: directory.path), logger: .quiet) }

        #expect(error?.code == .unreachable)
        #expect(error?.message.contains("landfall.sqlite") == true)
    }

    @Test(arguments: ["mysql://root@localhost/landfall", "postgres://user:s3cret@/landfall", "not a url at all"])
    func aMalformedPostgreSQLURLIsAnInvalidLocationAndKeepsThePasswordSecret(url: String) async {
        let error = await expectStorageError { _ = try await Storage.open(.postgres(url: url), logger: .quiet) }
        #expect(error?.code == .invalidLocation)
        #expect(error?.message.contains("postgres://user:password@host:port/database") == true)
        #expect(error?.description.contains("s3cret") == false)
    }

    @Test func aPostgreSQLServerThatDoesNotAnswerIsUnreachable() async {
        // How long giving up takes (about 10 s) is not asserted here: timings belong in
        // benchmarks, and a loaded machine stretches them.
        let error = await expectStorageError {
            _ = try await Storage.open(.postgres(url: "postgres://landfall:s3cret@127.0.0.1:1/landfall?sslmode=disable"), logger: .quiet)
        }
        #expect(error?.code == .unreachable)
        #expect(error?.message.contains("127.0.0.1:1") == true)
        #expect(error?.message.contains("s3cret") == false)
    }

    @Test(.enabled(if: Backend.all.contains(.postgres), "needs LANDFALL_TEST_POSTGRES_URL"))
    func aStorageWhosePostgreSQLConnectionsWereKilledWorksAgain() async throws {
        try await Backend.postgres.withStorage { storage async throws in
            let link = Fixtures.link("survivor")
            try await storage.insert([link])
            // Several pooled connections, then all of them ended by the server.
            try await withThrowingTaskGroup(of: Void.self) { group in
                for _ in 0..<8 {
                    group.addTask { _ = try await storage.links(LinkQuery()) }
                }
                try await group.waitForAll()
            }
            try await storage.execute(raw: """
                SELECT pg_terminate_backend(pid) FROM pg_stat_activity
                WHERE datname = current_database() AND pid <> pg_backend_pid()
                """)

            var found: ShortLink?
            for _ in 0..<40 where found == nil {
                found = try? await storage.link(id: link.id)
                if found == nil { try await Task.sleep(for: .milliseconds(50)) }
            }
            #expect(found == link)
            // A ping gives up after 2 s; a full parallel run on two cores can take that long to
            // let a new pooled connection answer (seen in CI), so it gets a few.
            var alive = false
            for _ in 0..<5 where !alive { alive = await storage.ping() }
            #expect(alive)
        }
    }

    @Test(.enabled(if: Backend.postgresAdminURL != nil, "needs LANDFALL_TEST_POSTGRES_URL"))
    func aPostgreSQLDatabaseThatDoesNotExistIsUnreachableAndSaysSo() async throws {
        let admin = try #require(Backend.postgresAdminURL)
        var components = try #require(URLComponents(string: admin))
        components.path = "/landfall_no_such_database"
        let error = await expectStorageError { _ = try await Storage.open(.postgres(url: try #require(components.string)), logger: .quiet) }
        #expect(error?.code == .unreachable)
        #expect(error?.message.contains("does not exist") == true)
    }
}
