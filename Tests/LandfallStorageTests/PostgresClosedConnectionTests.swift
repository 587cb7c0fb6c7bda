import Foundation
@testable import LandfallStorage
import SQLKit
import Testing

/// A statement sent on a pooled PostgreSQL connection that has already closed fails, instead of
/// waiting for an answer that never comes.
///
/// PostgresNIO writes a statement to its channel without a promise for the write. Once the
/// channel has closed and its pipeline is taken apart, the write goes nowhere and the statement
/// is neither answered nor failed. Three `PostgresOutageTests` run at once beside a busy loop
/// found it, about one run in fifty: a `COMMIT` sent as PostgreSQL stopped never returned, and
/// the server's graceful shutdown waited for it (ten minutes on CI, until the test's time
/// limit). Here the server ends the connection's backend between two statements, and the next
/// statement is sent once the client has seen the connection close.
@Suite(.enabled(if: Backend.all.contains(.postgres), "needs LANDFALL_TEST_POSTGRES_URL"))
struct PostgresClosedConnectionTests {
    /// Where the next statement comes after the connection closed.
    enum NextStatement: String, CaseIterable, CustomTestStringConvertible {
        case readsAgain = "another statement of a read"
        case writesInTheTransaction = "another statement of a transaction"
        case commits = "the COMMIT of a transaction"

        var testDescription: String { rawValue }
    }

    @Test("a statement sent after its connection closed fails within seconds, and the next call gets a working connection",
          .timeLimit(.minutes(1)), arguments: NextStatement.allCases)
    func aStatementOnAClosedConnectionFails(_ next: NextStatement) async throws {
        try await Backend.postgres.withLocation { location in
            guard case .postgres(let url, _) = location else { return }
            let backend = try await PostgresBackend.open(url: url, logger: .quiet, origin: "closed-connection") { _ in }
            let started = ContinuousClock.now
            // Ends the backend of the connection `database` stands for (through another pooled
            // connection), then waits until the client has seen it closed.
            @Sendable func endItsBackend(_ database: any SQLDatabase) async throws {
                let pid = try #require(try await database.raw("SELECT pg_backend_pid() AS pid").first()).decode(column: "pid", as: Int.self)
                let ended = try await backend.read { other in
                    try #require(try await other.raw("SELECT pg_terminate_backend(\(bind: pid)::integer) AS ended").first()).decode(column: "ended", as: Bool.self)
                }
                #expect(ended, "PostgreSQL ended backend \(pid)")
                try await Task.sleep(for: .seconds(1))
            }
            let call = Task {
                switch next {
                case .readsAgain:
                    try await backend.read { database in
                        try await endItsBackend(database)
                        try await database.raw("SELECT 1").run()
                    }
                case .writesInTheTransaction:
                    try await backend.transaction { database in
                        try await endItsBackend(database)
                        try await database.raw("SELECT 1").run()
                    }
                case .commits:
                    try await backend.transaction { database in try await endItsBackend(database) }
                }
            }
            // A call that never returns must fail the test, not hang the run.
            let returned = await BoundedWait.finishes(within: .seconds(20)) { _ = await call.result }
            #expect(returned, "the call had not returned 20 s after it started")
            if returned {
                let outcome = await call.result
                guard case .failure(let error) = outcome else {
                    Issue.record("the call succeeded on a connection whose backend PostgreSQL had ended")
                    return
                }
                #expect(StorageError.wrapping(error, while: "testing").code == .unreachable,
                        "it failed as a connection lost, not with \(String(reflecting: error))")
                #expect(ContinuousClock.now - started < .seconds(10), "it failed within seconds")
                // The pool hands out a working connection to the next call.
                let answer = try await backend.read { database in
                    try #require(try await database.raw("SELECT 42 AS answer").first()).decode(column: "answer", as: Int.self)
                }
                #expect(answer == 42)
            }
            let closed = await BoundedWait.finishes(within: .seconds(15)) { await backend.close() }
            #expect(closed, "close() returned")
        }
    }
}
