import Foundation
import SQLKit

extension Storage {
    /// Stores a new API key (``APIKeys/generate(name:scope:at:)`` makes one).
    ///
    /// - Throws: ``StorageError`` `.query` when a key with the same id exists (generate another).
    public func insert(_ key: APIKeyRecord) async throws(StorageError) {
        try await writing("storing the API key \(key.id)") { database, _ in
            do {
                try await database.insert(into: APIKeyRecord.table).columns(APIKeyRecord.columns).values(key.rowValues).run()
            } catch where StorageError.violation(in: error) == .primaryKey {
                throw StorageError(.query, "an API key with the id \(key.id) already exists: generate another key", underlying: error)
            }
        }
    }

    /// Every API key, revoked ones included, oldest first.
    public func apiKeys() async throws(StorageError) -> [APIKeyRecord] {
        try await reading("listing API keys") { database in
            try await database.select().columns(APIKeyRecord.columns).from(APIKeyRecord.table)
                .orderBy("created_at").orderBy("id")
                .all()
                .map { row throws(StorageError) in try APIKeyRecord(row: row) }
        }
    }

    /// The API key with `id`, or `nil`.
    public func apiKey(id: String) async throws(StorageError) -> APIKeyRecord? {
        try await reading("reading the API key \(id)") { database in
            try await database.select().columns(APIKeyRecord.columns).from(APIKeyRecord.table)
                .where("id", .equal, id)
                .first()
                .map { row throws(StorageError) in try APIKeyRecord(row: row) }
        }
    }

    /// Revokes the API key with `id` as of `date`.
    ///
    /// - Returns: `false` when there is no such key or it was already revoked.
    public func revokeAPIKey(id: String, at date: Date) async throws(StorageError) -> Bool {
        try await writing("revoking the API key \(id)") { database, _ in
            try await database.update(APIKeyRecord.table)
                .set("revoked_at", to: Milliseconds.from(date))
                .where("id", .equal, id)
                .where("revoked_at", .is, SQLLiteral.null)
                .returning("id")
                .first() != nil
        }
    }

    /// Records that the key with `id` was used at `date` (unless a later use is recorded).
    /// The server calls it now and then, not on every request.
    public func noteAPIKeyUse(id: String, at date: Date) async throws(StorageError) {
        let milliseconds = Milliseconds.from(date)
        try await writing("noting the use of the API key \(id)") { database, _ in
            try await database.update(APIKeyRecord.table)
                .set("last_used_at", to: milliseconds)
                .where("id", .equal, id)
                .where { group in
                    group.where("last_used_at", .is, SQLLiteral.null).orWhere("last_used_at", .lessThan, milliseconds)
                }
                .run()
        }
    }
}
