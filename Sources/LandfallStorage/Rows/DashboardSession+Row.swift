import Foundation
import SQLKit

extension DashboardSession {
    /// The table.
    static let table = "dashboard_sessions"

    /// Every column, in the order of ``rowValues``.
    static let columns = ["token_hash", "user_id", "csrf_token", "created_at", "last_seen_at", "expires_at", "user_agent"]

    /// The session's values, one per column of ``columns``.
    var rowValues: [any SQLExpression] {
        [
            SQLBind(tokenHash), SQLBind(userID), SQLBind(csrfToken), SQLBind(Milliseconds.from(createdAt)),
            SQLBind(Milliseconds.from(lastSeenAt)), SQLBind(Milliseconds.from(expiresAt)), SQLBind(userAgent),
        ]
    }

    /// Reads a row of ``columns``.
    init(row: any SQLRow) throws(StorageError) {
        var reader = RowReader(row: row, table: Self.table)
        let tokenHash = try reader.string("token_hash")
        reader.key = String(tokenHash.prefix(8)) + "…"
        self.init(
            tokenHash: tokenHash,
            userID: try reader.string("user_id"),
            csrfToken: try reader.string("csrf_token"),
            createdAt: try reader.date("created_at"),
            lastSeenAt: try reader.date("last_seen_at"),
            expiresAt: try reader.date("expires_at"),
            userAgent: try reader.string("user_agent")
        )
    }
}
