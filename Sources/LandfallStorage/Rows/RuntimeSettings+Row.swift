import Foundation
import SQLKit

extension RuntimeSettings {
    /// The table: one row (`key`, `value`, `updated_at`) per setting.
    static let table = "settings"
    /// The key of ``invitationsRequired``.
    static let invitationsRequiredKey = "invitations_required"

    /// Each setting's key and its value as stored text.
    var storedValues: [(key: String, value: String)] {
        [(Self.invitationsRequiredKey, invitationsRequired ? "true" : "false")]
    }

    /// Reads the rows of `key, value, updated_at`: settings missing keep their defaults, keys
    /// this binary does not know (a newer landfall's) are skipped, and ``updatedAt`` is the
    /// latest row's.
    init(rows: [any SQLRow]) throws(StorageError) {
        self.init()
        for row in rows {
            var reader = RowReader(row: row, table: Self.table)
            let key = try reader.string("key")
            reader.key = key
            let updatedAt = try reader.date("updated_at")
            switch key {
            case Self.invitationsRequiredKey:
                invitationsRequired = try reader.parsed("value", as: "true or false") { ["true": true, "false": false][$0] }
            default:
                continue
            }
            self.updatedAt = max(self.updatedAt ?? updatedAt, updatedAt)
        }
    }
}
