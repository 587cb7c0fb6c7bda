import Foundation
import LandfallLinks
import SQLKit

extension Invitation {
    /// The table.
    static let table = "invites"

    /// Every column, in the order of ``rowValues``.
    static let columns = ["code", "batch_id", "uses", "redeemed", "expires_at", "note", "campaign", "created_at", "revoked_at"]

    /// The invitation's values, one per column of ``columns``.
    var rowValues: [any SQLExpression] {
        [
            SQLBind(code.rawValue), SQLBind(batchID), SQLBind(uses), SQLBind(redeemed), ColumnValue.date(expiresAt), ColumnValue.text(note),
            ColumnValue.text(campaign), SQLBind(Milliseconds.from(createdAt)), ColumnValue.date(revokedAt),
        ]
    }

    /// Reads a row of ``columns``.
    init(row: any SQLRow) throws(StorageError) {
        var reader = RowReader(row: row, table: Self.table)
        let code = try reader.parsed(
            "code", as: "an invitation code (\(InviteCode.length) symbols of \(String(InviteCode.alphabet)))", InviteCode.init(rawValue:)
        )
        reader.key = code.rawValue
        self.init(
            code: code,
            batchID: try reader.string("batch_id"),
            uses: try reader.int("uses"),
            redeemed: try reader.int("redeemed"),
            expiresAt: try reader.optionalDate("expires_at"),
            note: try reader.optionalString("note"),
            campaign: try reader.optionalString("campaign"),
            createdAt: try reader.date("created_at"),
            revokedAt: try reader.optionalDate("revoked_at")
        )
    }
}
