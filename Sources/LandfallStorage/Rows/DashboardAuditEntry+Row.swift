import Foundation
import SQLKit

extension DashboardAuditEntry {
    /// The table.
    static let table = "dashboard_audit"

    /// Every column but `id` (the database numbers entries), in the order of ``rowValues``.
    static let columns = ["occurred_at", "actor", "user_id", "action", "subject", "before_value", "after_value"]

    /// The entry's values, one per column of ``columns``.
    var rowValues: [any SQLExpression] {
        func text(_ value: String?) -> any SQLExpression { value.map { SQLBind($0) } ?? SQLLiteral.null }
        return [SQLBind(Milliseconds.from(at)), SQLBind(actor), text(userID), SQLBind(action), SQLBind(subject), text(before), text(after)]
    }

    /// Reads a row of `id` and ``columns``.
    init(row: any SQLRow) throws(StorageError) {
        var reader = RowReader(row: row, table: Self.table)
        let id = try reader.int("id")
        reader.key = String(id)
        self.init(
            id: id,
            at: try reader.date("occurred_at"),
            actor: try reader.string("actor"),
            userID: try reader.optionalString("user_id"),
            action: try reader.string("action"),
            subject: try reader.string("subject"),
            before: try reader.optionalString("before_value"),
            after: try reader.optionalString("after_value")
        )
    }
}
