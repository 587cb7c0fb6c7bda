import Foundation
import SQLKit

extension Storage {
    /// Stores a new session (``DashboardSessions/start(for:at:userAgent:policy:)`` makes one).
    public func insert(_ session: DashboardSession) async throws(StorageError) {
        try await writing("storing a dashboard session") { database, _ in
            try await database.insert(into: DashboardSession.table).columns(DashboardSession.columns).values(session.rowValues).run()
        }
    }

    /// The session stored under `tokenHash` and its user, or `nil`. Whether it is still valid
    /// is for the caller to ask (``DashboardSession/isValid(at:policy:)``, and the user not
    /// disabled).
    public func dashboardSession(tokenHash: String) async throws(StorageError) -> (session: DashboardSession, user: DashboardUser)? {
        let session = try await reading("reading a dashboard session") { database in
            try await database.select().columns(DashboardSession.columns).from(DashboardSession.table)
                .where("token_hash", .equal, tokenHash)
                .first()
                .map { row throws(StorageError) in try DashboardSession(row: row) }
        }
        guard let session, let user = try await dashboardUser(id: session.userID) else { return nil }
        return (session, user)
    }

    /// The sessions of the user with `id`, newest first.
    public func dashboardSessions(ofUser id: String) async throws(StorageError) -> [DashboardSession] {
        try await reading("listing the sessions of the dashboard user \(id)") { database in
            try await database.select().columns(DashboardSession.columns).from(DashboardSession.table)
                .where("user_id", .equal, id)
                .orderBy("created_at", .descending)
                .all()
                .map { row throws(StorageError) in try DashboardSession(row: row) }
        }
    }

    /// Notes that the session under `tokenHash` was used at `date` (unless a later use is noted).
    public func noteDashboardSessionUse(tokenHash: String, at date: Date) async throws(StorageError) {
        let milliseconds = Milliseconds.from(date)
        try await writing("noting the use of a dashboard session") { database, _ in
            try await database.update(DashboardSession.table)
                .set("last_seen_at", to: milliseconds)
                .where("token_hash", .equal, tokenHash)
                .where("last_seen_at", .lessThan, milliseconds)
                .run()
        }
    }

    /// Ends the session under `tokenHash` (signing out).
    ///
    /// - Returns: `false` when there was no such session.
    public func endDashboardSession(tokenHash: String) async throws(StorageError) -> Bool {
        try await writing("ending a dashboard session") { database, _ in
            try await database.delete(from: DashboardSession.table)
                .where("token_hash", .equal, tokenHash)
                .returning("token_hash")
                .first() != nil
        }
    }

    /// Ends every session of the user with `id`.
    ///
    /// - Returns: How many there were.
    public func endDashboardSessions(ofUser id: String) async throws(StorageError) -> Int {
        try await writing("ending the sessions of the dashboard user \(id)") { database, _ in
            try await database.delete(from: DashboardSession.table)
                .where("user_id", .equal, id)
                .returning("token_hash")
                .all()
                .count
        }
    }

    /// Removes the sessions that have ended at `now` under `policy`: past their end, or unused
    /// for longer than its idle time.
    ///
    /// - Returns: How many were removed.
    public func purgeDashboardSessions(at now: Date, policy: DashboardSessionPolicy) async throws(StorageError) -> Int {
        let idleSince = Milliseconds.from(now.addingTimeInterval(-policy.idleTimeout))
        let nowMilliseconds = Milliseconds.from(now)
        return try await writing("removing ended dashboard sessions") { database, _ in
            try await database.delete(from: DashboardSession.table)
                .where("expires_at", .lessThanOrEqual, nowMilliseconds)
                .orWhere("last_seen_at", .lessThanOrEqual, idleSince)
                .returning("token_hash")
                .all()
                .count
        }
    }
}
