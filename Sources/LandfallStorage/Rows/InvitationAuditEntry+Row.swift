import Foundation
import SQLKit

extension InvitationAuditEntry {
    /// The table.
    static let table = "invite_audit"

    /// The columns written, in the order of ``rowValues`` (the `id` is the database's).
    static let columns = ["occurred_at", "action", "code", "reason", "address_hash"]

    /// The entry's values, one per column of ``columns``; the code cut to ``maximumCodeLength``.
    var rowValues: [any SQLExpression] {
        [
            SQLBind(Milliseconds.from(at)), SQLBind(action.rawValue), SQLBind(String(code.prefix(Self.maximumCodeLength))),
            ColumnValue.text(reason), ColumnValue.text(addressHash),
        ]
    }

    /// Reads a row of `id` and ``columns``.
    init(row: any SQLRow) throws(StorageError) {
        var reader = RowReader(row: row, table: Self.table)
        reader.key = try reader.optionalInt("id").map(String.init)
        let actions = InvitationAuditAction.allCases.map(\.rawValue).joined(separator: ", ")
        self.init(
            at: try reader.date("occurred_at"),
            action: try reader.parsed("action", as: "an audit action (\(actions))", InvitationAuditAction.init(rawValue:)),
            code: try reader.string("code"),
            reason: try reader.optionalString("reason"),
            addressHash: try reader.optionalString("address_hash")
        )
    }
}
