import Foundation
import Hummingbird
@testable import LandfallStorage
import NIOConcurrencyHelpers
import Testing
@testable import LandfallServer

/// `/ready` tells the truth about an SQLite database damaged, deleted, replaced or write-locked under
/// a running server, and recovers by itself where the database does.
@Suite struct SQLiteReadinessTests {
    /// Something done to the database file under the server, and its undoing when there is one.
    struct Fault: Sendable, CustomTestStringConvertible {
        let name: String
        /// Words the 503's `problem` contains.
        let says: String
        /// Does the damage; returns the repair, or `nil` when only a restart repairs it.
        let damage: @Sendable (_ path: String) async throws -> (@Sendable () async throws -> Void)?
        var testDescription: String { name }
    }

    static let faults: [Fault] = [
        Fault(name: "its first pages overwritten", says: "not a database") { path in
            let file = try FileHandle(forUpdating: URL(fileURLWithPath: path))
            let original = try file.read(upToCount: 8_192) ?? Data()
            try file.seek(toOffset: 0)
            try file.write(contentsOf: Data(repeating: 0xA5, count: original.count))
            try file.close()
            return {
                let file = try FileHandle(forUpdating: URL(fileURLWithPath: path))
                try file.seek(toOffset: 0)
                try file.write(contentsOf: original)
                try file.close()
            }
        },
        Fault(name: "deleted", says: "is gone") { path in
            try FileManager.default.removeItem(atPath: path)
            return nil
        },
        Fault(name: "replaced by a copy", says: "was replaced") { path in
            let copy = path + ".copy"
            try FileManager.default.copyItem(atPath: path, toPath: copy)
            guard rename(copy, path) == 0 else { throw CocoaError(.fileWriteUnknown) }
            return nil
        },
    ]

    @Test("/ready answers 503 saying why when the SQLite file is damaged, deleted or replaced, and 200 again once repaired",
          arguments: faults)
    func readinessFollowsTheFile(_ fault: Fault) async throws {
        let server = try await TestServer()
        guard case .sqlite(let directory) = server.storageLocation else { return }
        let path = directory + "/landfall.sqlite"
        try await server.run(.live) { client in
            #expect(try await client.get("/ready").status == .ok)
            let repair = try await fault.damage(path)
            let failing = try await Self.eventually { try await client.get("/ready") } until: { $0.status == .serviceUnavailable }
            #expect(failing.status == .serviceUnavailable, "\(failing.text)")
            #expect(failing["Retry-After"] != nil)
            let json = try #require(try JSONSerialization.jsonObject(with: Data(failing.body)) as? [String: Any])
            #expect(json["ready"] as? Bool == false)
            #expect((json["problem"] as? String)?.contains(fault.says) == true, "\(json["problem"] ?? "no problem")")
            #expect(try await client.get("/health").status == .ok, "the process still answers")
            #expect(try await client.get("/.well-known/apple-app-site-association").status == .ok, "the association file is served")
            guard let repair else { return }
            try await repair()
            let recovered = try await Self.eventually { try await client.get("/ready") } until: { $0.status == .ok }
            #expect(recovered.status == .ok, "\(recovered.text)")
        }
    }

    /// A write lock another connection holds (`landfall links import` in another process) stops
    /// writes for a while, not reads: the server stays ready, and a short link still redirects.
    /// (No lock can stop a WAL database's readers while the server has it open: every open
    /// connection holds a shared lock on the file, so another's exclusive locking mode cannot
    /// be had. "Locked" for a running server means writes waiting.)
    @Test("/ready stays 200 while another connection holds the write lock, and a short link still answers")
    func aWriteLockHeldElsewhereIsNotAnOutage() async throws {
        let server = try await TestServer()
        guard case .sqlite(let directory) = server.storageLocation else { return }
        try await server.run(.live) { client in
            let lock = try await HeldLock(directory + "/landfall.sqlite", exclusiveLockingMode: false)
            for _ in 0..<3 {
                let ready = try await client.get("/ready")
                #expect(ready.status == .ok, "\(ready.text)")
                let link = try await client.get("/no-such-link-\(UUID().uuidString.prefix(8))", host: Demo.links)
                #expect(link.status == .notFound, "the look-up is read and answered, not refused: \(link.status)")
                try await Task.sleep(for: .milliseconds(1_100))
            }
            await lock.release()
        }
    }

    /// Asks `ask` until `condition` holds or 15 s passed (the probe runs at most once a second);
    /// the last answer.
    static func eventually<Answer: Sendable>(_ ask: () async throws -> Answer, until condition: (Answer) -> Bool) async throws -> Answer {
        let deadline = ContinuousClock.now + .seconds(15)
        var answer = try await ask()
        while !condition(answer), ContinuousClock.now < deadline {
            try await Task.sleep(for: .milliseconds(200))
            answer = try await ask()
        }
        return answer
    }
}

/// A lock on an SQLite file held by a connection of its own until ``release()``: the write lock
/// (`BEGIN EXCLUSIVE`, which in WAL mode lets readers go on), or with `exclusiveLockingMode`
/// a lock no other connection can read through (`PRAGMA locking_mode = EXCLUSIVE` and a write).
final class HeldLock: Sendable {
    private let release_: AsyncStream<Void>.Continuation
    private let done: Task<Void, any Error>

    init(_ path: String, exclusiveLockingMode: Bool) async throws {
        let (released, release) = AsyncStream<Void>.makeStream()
        let (locked, lock) = AsyncStream<Result<Void, any Error>>.makeStream()
        release_ = release
        done = Task {
            do {
                try await SQLiteFile.with(path, busyTimeoutMilliseconds: 5_000) { connection in
                    if exclusiveLockingMode {
                        try await connection.sql().raw("PRAGMA locking_mode = EXCLUSIVE").run()
                    }
                    try await connection.sql().raw("BEGIN EXCLUSIVE").run()
                    if exclusiveLockingMode {
                        // The exclusive lock is kept after this write's commit, until the connection closes.
                        try await connection.sql().raw("UPDATE settings SET updated_at = updated_at").run()
                        try await connection.sql().raw("COMMIT").run()
                        try await connection.sql().raw("BEGIN").run()
                    }
                    lock.yield(.success(()))
                    for await _ in released { break }
                    try await connection.sql().raw("COMMIT").run()
                }
            } catch {
                lock.yield(.failure(error))
                throw error
            }
        }
        var first = locked.makeAsyncIterator()
        try await first.next()?.get()
    }

    /// Ends the transaction and closes the connection.
    func release() async {
        release_.yield()
        release_.finish()
        _ = try? await done.value
    }
}
