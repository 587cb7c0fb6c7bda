import Foundation
import LandfallLinks
import SQLKit

extension APIKeyRecord {
    /// The table.
    static let table = "api_keys"

    /// Every column, in the order of ``rowValues``.
    static let columns = ["id", "name", "scope", "secret_hash", "created_at", "revoked_at", "last_used_at"]

    /// The record's values, one per column of ``columns``.
    var rowValues: [any SQLExpression] {
        func date(_ value: Date?) -> any SQLExpression { value.map { SQLBind(Milliseconds.from($0)) } ?? SQLLiteral.null }
        return [
            SQLBind(id), SQLBind(name), SQLBind(scope.rawValue), SQLBind(secretHash), SQLBind(Milliseconds.from(createdAt)),
            date(revokedAt), date(lastUsedAt),
        ]
    }

    /// Reads a row of ``columns``.
    init(row: any SQLRow) throws(StorageError) {
        var reader = RowReader(row: row, table: Self.table)
        let id = try reader.string("id")
        reader.key = id
        self.init(
            id: id,
            name: try reader.string("name"),
            scope: try reader.parsed("scope", as: "a scope (\(APIKeyScope.names))", APIKeyScope.init(rawValue:)),
            secretHash: try reader.string("secret_hash"),
            createdAt: try reader.date("created_at"),
            revokedAt: try reader.optionalDate("revoked_at"),
            lastUsedAt: try reader.optionalDate("last_used_at")
        )
    }
}
