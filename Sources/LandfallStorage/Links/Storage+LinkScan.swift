import LandfallLinks
import SQLKit

/// One batch of ``Storage/scanLinks(from:limit:)``: every link, read in batches, for a server
/// that keeps them all in memory.
public struct LinkScanBatch: Sendable {
    /// A link's host and slug.
    public struct Key: Sendable, Hashable {
        public var host: String
        public var slug: String
    }

    /// The links read.
    public var links: [ShortLink] = []
    /// Rows that are links but could not be read (`StorageError.Code.corruptRow`): asked
    /// again one by one, they give their error to whoever asks.
    public var unreadable: [Key] = []
    /// Where the next batch starts; `nil` after the last.
    public var next: LinkScanPosition?
}

/// Where a scan of every link goes on: after a row (SQLite's rowid) or a link id (PostgreSQL).
public struct LinkScanPosition: Sendable, Hashable {
    var rowID: Int64?
    var id: String?

    init(rowID: Int64) {
        self.rowID = rowID
    }

    init(id: String) {
        self.id = id
    }
}

extension Storage {
    /// Up to `limit` links from `position` (the first when `nil`), in the database's order: its
    /// rows' order on SQLite, the ids' on PostgreSQL. A link changed while a scan runs may be
    /// read before or after the change: whoever keeps the links applies ``changes()`` too.
    public func scanLinks(from position: LinkScanPosition?, limit: Int) async throws(StorageError) -> LinkScanBatch {
        let limit = max(1, limit)
        if let sqlite = try backend() as? SQLiteBackend {
            if let batch = sqlite.links.scan(afterRowID: position?.rowID ?? 0, limit: limit) { return batch }
            return try await reading("reading links \(limit) at a time") { database in
                let rows = try await database.raw("""
                    SELECT rowid AS scan_rowid, \(unsafeRaw: ShortLink.selectList) FROM \(unsafeRaw: ShortLink.table) \
                    WHERE rowid > \(bind: position?.rowID ?? 0) ORDER BY rowid LIMIT \(bind: limit)
                    """).all()
                var batch = Self.batch(of: rows)
                if rows.count == limit, let last = rows.last { batch.next = LinkScanPosition(rowID: try last.decode(column: "scan_rowid", as: Int64.self)) }
                return batch
            }
        }
        return try await reading("reading links \(limit) at a time") { database in
            let rows = try await database.raw("""
                SELECT \(unsafeRaw: ShortLink.selectList) FROM \(unsafeRaw: ShortLink.table) \
                WHERE id > \(bind: position?.id ?? "") ORDER BY id LIMIT \(bind: limit)
                """).all()
            var batch = Self.batch(of: rows)
            if rows.count == limit, let last = rows.last { batch.next = LinkScanPosition(id: try last.decode(column: "id", as: String.self)) }
            return batch
        }
    }

    private static func batch(of rows: [any SQLRow]) -> LinkScanBatch {
        var batch = LinkScanBatch()
        for row in rows {
            do {
                batch.links.append(try ShortLink(row: row))
            } catch {
                batch.unreadable.append(LinkScanBatch.Key(host: (try? row.decode(column: "host", as: String.self)) ?? "",
                                                          slug: (try? row.decode(column: "slug", as: String.self)) ?? ""))
            }
        }
        return batch
    }
}
