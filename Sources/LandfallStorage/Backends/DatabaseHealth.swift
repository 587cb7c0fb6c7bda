import Foundation
import NIOConcurrencyHelpers
import PostgresNIO
import SQLiteNIO

/// Whether the database is known to answer: a flag that failures meaning "the database cannot
/// be reached" set, and that only a successful probe clears.
///
/// While the database is down, ``admit()`` throws `.unavailable` at once, so a request that
/// needs the database is answered 503 in microseconds instead of waiting for the pool (10 s for
/// PostgreSQL, the busy timeout for SQLite). ``probe(_:)`` runs a cheap check of the database
/// at most once per ``probeInterval`` (callers arriving meanwhile share the running probe or get
/// the last answer), with a ``probeTimeout``.
///
/// ```swift
/// let health = DatabaseHealth()
/// try health.admit()                      // throws `.unavailable` while down
/// health.record(failure: error)           // marks down when `error` means "unreachable"
/// let condition = await health.probe { try await backend.read { try await $0.raw("SELECT 1").run() } }
/// ```
final class DatabaseHealth: Sendable {
    /// What is known about the database.
    enum Condition: Sendable, Equatable {
        /// It answered (or nothing said otherwise yet).
        case up
        /// It stopped answering at `since`; `reason` is the last failure.
        case down(since: Date, reason: String)
        /// The last check did not answer within ``probeTimeout``, without failing: `/ready` says
        /// so (a load balancer sends its traffic elsewhere for a while), but calls still go to
        /// the database. A busy machine or a pool under load is slow, not down: failing every
        /// call at once then would turn a slow second into an outage.
        case slow(reason: String)
    }

    private struct State {
        var condition = Condition.up
        /// When the last probe started.
        var lastProbe: Date?
        /// The probe running now, which concurrent callers wait for.
        var running: Task<Condition, Never>?
    }

    private let state = NIOLockedValueBox(State())
    /// How long after a probe the next may start.
    let probeInterval: Duration
    /// How long a probe may take before it counts as failed.
    let probeTimeout: Duration
    private let now: @Sendable () -> Date

    /// - Parameters:
    ///   - probeInterval: How long after a probe the next may start (one second).
    ///   - probeTimeout: How long a probe may take before the database counts as down (one second).
    ///   - now: The clock (tests move it).
    init(probeInterval: Duration = .seconds(1), probeTimeout: Duration = .seconds(1), now: @escaping @Sendable () -> Date = { Date() }) {
        self.probeInterval = probeInterval
        self.probeTimeout = probeTimeout
        self.now = now
    }

    /// What is known now.
    var condition: Condition { state.withLockedValue { $0.condition } }

    /// Whether the database is known to be down.
    var isDown: Bool {
        if case .down = condition { return true }
        return false
    }

    /// Returns when the database is not known to be down.
    ///
    /// - Throws: `.unavailable`, saying since when and why, while it is.
    func admit() throws(StorageError) {
        if case .down(let since, let reason) = condition {
            throw StorageError.unavailable(since: since, reason: reason)
        }
    }

    /// Marks the database down when `error` means it cannot be reached (``meansDown(_:)``).
    ///
    /// - Returns: Whether this call marked it down (it was up before): the caller starts the
    ///   re-checks then.
    @discardableResult
    func record(failure error: any Error) -> Bool {
        // A call refused because the database is down says nothing new (and its message
        // already holds the reason: recording it would nest the reason in itself).
        if let error = error as? StorageError, error.code == .unavailable { return false }
        guard Self.meansDown(error) else { return false }
        return markDown(reason: Self.reason(error))
    }

    /// Marks the database down for `reason`; whether it was up before.
    @discardableResult
    func markDown(reason: String) -> Bool {
        let now = now()
        return state.withLockedValue { state in
            switch state.condition {
            case .up, .slow:
                state.condition = .down(since: now, reason: reason)
                return true
            case .down(let since, _):
                state.condition = .down(since: since, reason: reason)
                return false
            }
        }
    }

    /// Runs `check` (a cheap query) unless a probe started less than ``probeInterval`` ago (then
    /// answers what is known) or one is running (then waits for its answer). A check that
    /// throws marks the database down; one that takes longer than ``probeTimeout`` marks it
    /// ``Condition/slow(reason:)`` unless it is down already; one that returns marks it up.
    func probe(_ check: @escaping @Sendable () async throws -> Void) async -> Condition {
        let now = now()
        let interval = probeInterval
        let timeout = probeTimeout
        let started = state.withLockedValue { state -> Task<Condition, Never>? in
            if let running = state.running { return running }
            if let last = state.lastProbe, now.timeIntervalSince(last) < interval.seconds { return nil }
            state.lastProbe = now
            let task = Task { [self] in
                let failure: String?
                var timedOut = false
                do {
                    try await Self.within(timeout, check)
                    failure = nil
                } catch let error as ProbeTimeout {
                    failure = error.description
                    timedOut = true
                } catch {
                    failure = Self.reason(error)
                }
                return self.state.withLockedValue { state in
                    state.running = nil
                    if let failure, timedOut {
                        if case .down(let since, _) = state.condition {
                            state.condition = .down(since: since, reason: failure)
                        } else {
                            state.condition = .slow(reason: failure)
                        }
                    } else if let failure {
                        if case .down(let since, _) = state.condition {
                            state.condition = .down(since: since, reason: failure)
                        } else {
                            state.condition = .down(since: self.now(), reason: failure)
                        }
                    } else {
                        state.condition = .up
                    }
                    return state.condition
                }
            }
            state.running = task
            return task
        }
        guard let started else { return condition }
        return await started.value
    }

    /// A probe that did not answer in time.
    private struct ProbeTimeout: Error, CustomStringConvertible {
        let limit: Duration
        var description: String { "the database did not answer a check within \(limit)" }
    }

    /// Runs `body`, failing with ``ProbeTimeout`` after `limit` (the body is cancelled then, and
    /// not waited for: a wait for a pool that cannot connect may not end at once).
    private static func within(_ limit: Duration, _ body: @escaping @Sendable () async throws -> Void) async throws {
        let (outcomes, outcome) = AsyncStream<Result<Void, any Error>>.makeStream()
        let work = Task {
            do {
                try await body()
                outcome.yield(.success(()))
            } catch {
                outcome.yield(.failure(error))
            }
        }
        let timer = Task {
            try? await Task.sleep(for: limit)
            outcome.yield(.failure(ProbeTimeout(limit: limit)))
        }
        var first = outcomes.makeAsyncIterator()
        let result = await first.next() ?? .failure(ProbeTimeout(limit: limit))
        timer.cancel()
        outcome.finish()
        work.cancel()
        try result.get()
    }

    /// Whether `error` means the database cannot be reached, as opposed to a statement that
    /// failed on a database that answers (a constraint, a bad row).
    ///
    /// Down: PostgreSQL's connection refused, closed or failed, and its pool giving no
    /// connection; SQLite's file missing, moved, unreadable (`SQLITE_CANTOPEN`,
    /// `SQLITE_READONLY_DBMOVED`), damaged (`SQLITE_CORRUPT`, `SQLITE_NOTADB`), failing I/O
    /// (`SQLITE_IOERR`); and a ``StorageError`` of code `.unreachable` or `.unavailable`. Not a
    /// lock held past the busy timeout (`SQLITE_BUSY`, `SQLITE_LOCKED`): another process's write
    /// (an import from the command line) stops writes for a while, and reads go on in WAL mode;
    /// a lock that stops reads too fails the probe's read, which marks the database down.
    static func meansDown(_ error: any Error) -> Bool {
        if let error = error as? StorageError {
            switch error.code {
            case .unreachable, .unavailable: return true
            default: return error.underlying.map(meansDown) ?? false
            }
        }
        if let error = error as? SQLiteError {
            return sqliteReasonsMeaningDown.contains(error.reason)
        }
        if let error = error as? PSQLError {
            switch error.code {
            case .connectionError, .serverClosedConnection, .clientClosedConnection, .uncleanShutdown, .poolClosed:
                return true
            default:
                return false
            }
        }
        // PostgresNIO's pool (its module is not public): it gave up creating connections.
        return String(describing: type(of: error)) == "ConnectionPoolError"
    }

    /// The SQLite results that mean the file cannot be used.
    static let sqliteReasonsMeaningDown: Set<SQLiteError.Reason> = [
        .corrupt, .corruptIndex, .corruptSequenceSchema, .notADatabase,
        .cantOpen, .cantOpenDirectory, .cantOpenInvalidPath, .readonlyBackingMoved, .readonlyCantLock,
        .ioError, .ioErrorFailedRead, .ioErrorIncompleteRead, .ioErrorFailedWrite, .ioErrorFailedSync, .ioErrorFailedDirSync,
        .ioErrorFailedTruncate, .ioErrorFailedStat, .ioErrorFailedUnlock, .ioErrorFailedReadLock, .ioErrorFailedDelete,
        .ioErrorFailedAccess, .ioErrorFailedLockCheck, .ioErrorFailedAdvisoryLock, .ioErrorFailedClose,
        .ioErrorFailedSharedMemOpen, .ioErrorFailedSharedMemSize, .ioErrorFailedSharedMemMap, .ioErrorFailedDeleteNonexistent,
        .ioErrorFailedMemoryMap, .ioErrorCorruptedFilesystem,
    ]

    /// What `error` says, for the `.unavailable` message and `/ready`.
    static func reason(_ error: any Error) -> String {
        if let error = error as? StorageError { return error.message }
        return StorageError.driverMessage(error)
    }
}
