import Foundation
@testable import LandfallStorage
import NIOConcurrencyHelpers
import SQLiteKit
import Testing

/// The health flag of the storage: which failures mean the database is down, how a call is
/// refused while it is, and how often a probe asks the database.
@Suite struct DatabaseHealthTests {
    /// A clock the test moves.
    final class TestClock: Sendable {
        private let time = NIOLockedValueBox(Date(timeIntervalSince1970: 1_800_000_000))
        var now: Date { time.withLockedValue { $0 } }
        func advance(by seconds: TimeInterval) { time.withLockedValue { $0 += seconds } }
    }

    /// Counts the checks a probe made.
    final class Checks: Sendable {
        private let count = NIOLockedValueBox(0)
        var made: Int { count.withLockedValue { $0 } }
        func note() { count.withLockedValue { $0 += 1 } }
    }

    struct ErrorCase: Sendable, CustomTestStringConvertible {
        let name: String
        let error: StorageError
        let meansDown: Bool
        /// Whether recording it marks a database that was up down: all that mean down but a
        /// refusal of a database already down (``refusalsDoNotNestTheReason()``).
        var marksDown: Bool { meansDown && error.code != .unavailable }
        var testDescription: String { name }
    }

    static let storageErrors: [ErrorCase] = [
        ErrorCase(name: "unreachable", error: StorageError(.unreachable, "PostgreSQL refused the connection"), meansDown: true),
        ErrorCase(name: "unavailable", error: StorageError(.unavailable, "down since"), meansDown: true),
        ErrorCase(name: "a slug taken", error: StorageError(.slugTaken(host: "go.example.com", slug: "a"), "taken"), meansDown: false),
        ErrorCase(name: "a bad row", error: StorageError(.corruptRow(table: "links", column: "platform", detail: "x"), "bad"), meansDown: false),
        ErrorCase(name: "another query failure", error: StorageError(.query, "syntax error"), meansDown: false),
        ErrorCase(name: "closed", error: StorageError(.closed, "closed"), meansDown: false),
        ErrorCase(name: "a newer schema", error: StorageError(.newerSchema(found: 99, known: 9), "newer"), meansDown: false),
    ]

    @Test("a storage error means the database is down only when it could not be reached", arguments: storageErrors)
    func storageErrorsMeaningDown(_ item: ErrorCase) {
        #expect(DatabaseHealth.meansDown(item.error) == item.meansDown)
        let health = DatabaseHealth()
        #expect(health.record(failure: item.error) == item.marksDown)
        #expect(health.isDown == item.marksDown)
    }

    static let sqliteReasons: [(SQLiteError.Reason, Bool)] = [
        // Another process's write lock stops writes for a while, not reads (WAL): not down.
        (.busy, false), (.busyTimeout, false), (.locked, false),
        (.corrupt, true), (.notADatabase, true), (.cantOpen, true), (.readonlyBackingMoved, true),
        (.ioError, true), (.ioErrorFailedRead, true), (.ioErrorIncompleteRead, true),
        (.constraint, false), (.constraintUniqueFailed, false), (.error, false), (.tooBig, false), (.misuse, false),
        (.full, false), (.readOnly, false),
    ]

    @Test("an SQLite result means the database is down when the file cannot be used", arguments: sqliteReasons)
    func sqliteReasonsMeaningDown(_ reason: SQLiteError.Reason, down: Bool) {
        #expect(DatabaseHealth.sqliteReasonsMeaningDown.contains(reason) == down)
    }

    /// Real SQLite failures: a file that is not a database, and a statement on a table that
    /// does not exist.
    @Test("a real SQLite file of garbage means down; a statement that is wrong does not")
    func realSQLiteFailures() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("landfall-health-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let garbage = directory.appendingPathComponent("garbage.sqlite").path
        try Data(repeating: 0x5A, count: 8_192).write(to: URL(fileURLWithPath: garbage))
        let notADatabase = await Self.failure { try await SQLiteFile.run(["SELECT count(*) FROM sqlite_master"], on: garbage) }
        #expect(notADatabase.map(DatabaseHealth.meansDown) == true, "\(String(describing: notADatabase))")
        let good = directory.appendingPathComponent("good.sqlite").path
        let wrong = await Self.failure { try await SQLiteFile.run(["SELECT * FROM no_such_table"], on: good) }
        #expect(wrong.map(DatabaseHealth.meansDown) == false, "\(String(describing: wrong))")
    }

    private static func failure(_ body: () async throws -> Void) async -> (any Error)? {
        do {
            try await body()
            return nil
        } catch {
            return error
        }
    }

    @Test("while down, a call is refused at once with .unavailable, saying since when and why")
    func refusedWhileDown() throws {
        let clock = TestClock()
        let health = DatabaseHealth(now: { clock.now })
        try health.admit()
        #expect(health.record(failure: StorageError(.unreachable, "connection refused")))
        clock.advance(by: 5)
        #expect(!health.record(failure: StorageError(.unreachable, "connection reset")), "already down: not marked again")
        let error = try #require(throws: StorageError.self) { try health.admit() }
        #expect(error.code == .unavailable)
        #expect(error.message.contains(Date(timeIntervalSince1970: 1_800_000_000).formatted(.iso8601)), "since the first failure: \(error.message)")
        #expect(error.message.contains("connection reset"), "the last error: \(error.message)")
    }

    @Test("a probe asks the database at most once a second and marks it up or down")
    func probeCadence() async throws {
        let clock = TestClock()
        let health = DatabaseHealth(now: { clock.now })
        let checks = Checks()
        let failing = NIOLockedValueBox(true)
        let check: @Sendable () async throws -> Void = {
            checks.note()
            if failing.withLockedValue({ $0 }) { throw StorageError(.unreachable, "connection refused") }
        }
        #expect(await health.probe(check) != .up)
        #expect(checks.made == 1)
        failing.withLockedValue { $0 = false }
        clock.advance(by: 0.5)
        #expect(await health.probe(check) != .up, "within the second: the last answer, no new check")
        #expect(checks.made == 1)
        clock.advance(by: 0.5)
        #expect(await health.probe(check) == .up)
        #expect(checks.made == 2)
        try health.admit()
    }

    @Test("concurrent probes share one check")
    func concurrentProbesShareOne() async {
        let health = DatabaseHealth()
        let checks = Checks()
        let conditions = await withTaskGroup(of: DatabaseHealth.Condition.self) { group in
            for _ in 0..<8 {
                group.addTask {
                    await health.probe {
                        checks.note()
                        try await Task.sleep(for: .milliseconds(200))
                    }
                }
            }
            return await group.reduce(into: []) { $0.append($1) }
        }
        #expect(checks.made == 1)
        #expect(conditions.allSatisfy { $0 == .up })
    }

    /// A busy machine, or a pool under load, answers late: `/ready` says so, but calls must not
    /// be refused at once for it (the full test suite on two cores made a PostgreSQL probe take
    /// over a second, and every insert of a test was refused as "down").
    @Test("a check that does not answer within the timeout makes the database slow, not down: calls still go to it")
    func probeTimesOut() async throws {
        let health = DatabaseHealth(probeTimeout: .milliseconds(100))
        let condition = await health.probe { try await Task.sleep(for: .seconds(30)) }
        guard case .slow(let reason) = condition else {
            Issue.record("expected slow, got \(condition)")
            return
        }
        #expect(reason.contains("did not answer a check within"))
        #expect(!health.isDown)
        try health.admit()
    }

    @Test("a late check of a database already down keeps it down")
    func probeTimesOutWhileDown() async {
        let health = DatabaseHealth(probeInterval: .zero, probeTimeout: .milliseconds(100))
        health.markDown(reason: "connection refused")
        let condition = await health.probe { try await Task.sleep(for: .seconds(30)) }
        guard case .down(_, let reason) = condition else {
            Issue.record("expected down, got \(condition)")
            return
        }
        #expect(reason.contains("did not answer a check within"))
    }

    @Test("a call refused as unavailable does not nest the reason in itself")
    func refusalsDoNotNestTheReason() {
        let health = DatabaseHealth()
        health.markDown(reason: "connection refused")
        let refusal: StorageError
        do {
            try health.admit()
            Issue.record("expected a refusal")
            return
        } catch {
            refusal = error
        }
        #expect(health.record(failure: refusal) == false)
        guard case .down(_, let reason) = health.condition else {
            Issue.record("expected down")
            return
        }
        #expect(reason == "connection refused")
    }
}
