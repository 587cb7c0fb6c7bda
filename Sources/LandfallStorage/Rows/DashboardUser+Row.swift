import Foundation
import LandfallLinks
import SQLKit

extension DashboardUser {
    /// The table.
    static let table = "dashboard_users"

    /// Every column, in the order of ``rowValues``.
    static let columns = ["id", "email", "name", "role", "password_hash", "created_at", "password_changed_at", "disabled_at",
                          "last_sign_in_at", "failed_sign_ins", "last_failed_sign_in_at"]

    /// The user's values, one per column of ``columns``.
    var rowValues: [any SQLExpression] {
        func date(_ value: Date?) -> any SQLExpression { value.map { SQLBind(Milliseconds.from($0)) } ?? SQLLiteral.null }
        return [
            SQLBind(id), SQLBind(email), SQLBind(name), SQLBind(role.rawValue), SQLBind(passwordHash),
            SQLBind(Milliseconds.from(createdAt)), SQLBind(Milliseconds.from(passwordChangedAt)), date(disabledAt),
            date(lastSignInAt), SQLBind(failedSignIns), date(lastFailedSignInAt),
        ]
    }

    /// Reads a row of ``columns``.
    init(row: any SQLRow) throws(StorageError) {
        var reader = RowReader(row: row, table: Self.table)
        let id = try reader.string("id")
        reader.key = id
        let roles = DashboardRole.allCases.map(\.rawValue).joined(separator: ", ")
        self.init(
            id: id,
            email: try reader.string("email"),
            name: try reader.string("name"),
            role: try reader.parsed("role", as: "a role (\(roles))", DashboardRole.init(rawValue:)),
            passwordHash: try reader.string("password_hash"),
            createdAt: try reader.date("created_at"),
            passwordChangedAt: try reader.date("password_changed_at"),
            disabledAt: try reader.optionalDate("disabled_at"),
            lastSignInAt: try reader.optionalDate("last_sign_in_at"),
            failedSignIns: try reader.int("failed_sign_ins"),
            lastFailedSignInAt: try reader.optionalDate("last_failed_sign_in_at")
        )
    }
}
