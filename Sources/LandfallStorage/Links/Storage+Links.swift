import Foundation
import LandfallLinks
import LandfallWebhooks
import SQLKit

extension Storage {
    /// Stores `links`, all or none, in one transaction, with a `link.created` event for each
    /// (`WebhookOutbox`).
    ///
    /// - Throws: ``StorageError`` `.slugTaken(host:slug:)` when a link's host and slug are
    ///   already stored or repeat within `links` (also when another instance stored them a
    ///   moment earlier), `.idTaken` when an id is; nothing is stored then.
    public func insert(_ links: [ShortLink]) async throws(StorageError) {
        guard !links.isEmpty else { return }
        try await writing("storing \(links.count) link(s)") { database, changes in
            for link in links {
                do {
                    try await database.insert(into: ShortLink.table).columns(ShortLink.columns).values(link.rowValues).run()
                } catch {
                    throw Self.refusal(error, for: link)
                }
                changes.append(LinkChange(id: link.id, host: link.host.lowercased(), slugs: [link.slug]))
            }
            try await self.enqueueWebhooks(links.map { WebhookEvent.link(.linkCreated, $0, at: $0.createdAt) }, in: database)
        }
    }

    /// The link with `id`, or `nil`.
    public func link(id: LinkID) async throws(StorageError) -> ShortLink? {
        try await reading("reading the link \(id)") { database in
            try await database.select().columns(ShortLink.columns).from(ShortLink.table)
                .where("id", .equal, id.rawValue)
                .first()
                .map { row throws(StorageError) in try ShortLink(row: row) }
        }
    }

    /// The link with `slug` on `host` (compared lowercased), or `nil`.
    public func link(host: String, slug: String) async throws(StorageError) -> ShortLink? {
        // The hot look-up of every click that misses the server's cache: on SQLite, a statement
        // kept prepared and stepped here; when SQLite cannot answer at once, the backend's readers.
        if let sqlite = try backend() as? SQLiteBackend {
            switch sqlite.links.link(host: host, slug: slug) {
            case .link(let link): return link
            case .missing: return nil
            case .unavailable: break
            }
        }
        return try await reading("reading the link \(host)/\(slug)") { database in
            // The hot lookup of every click that misses the server's cache: its text is built
            // once, not by the query builder each time.
            try await database.raw("""
                SELECT \(unsafeRaw: ShortLink.selectList) FROM \(unsafeRaw: ShortLink.table) \
                WHERE host = \(bind: host.lowercased()) AND slug = \(bind: slug) LIMIT 1
                """)
                .first()
                .map { row throws(StorageError) in try ShortLink(row: row) }
        }
    }

    /// Replaces the stored link with `link.id` by `link`, keeping its creation time and click
    /// count (clicks only ever come from `record(_:)`), with a `link.disabled` event when it
    /// was enabled and is disabled now, else `link.updated`.
    ///
    /// - Returns: `false` when no link has that id.
    /// - Throws: ``StorageError`` `.slugTaken(host:slug:)` when another link has the new host and slug.
    public func update(_ link: ShortLink) async throws(StorageError) -> Bool {
        try await writing("updating the link \(link.id)") { database, changes in
            guard let oldRow = try await database.select().columns(ShortLink.columns).from(ShortLink.table)
                .where("id", .equal, link.id.rawValue)
                .for(.update)
                .first()
            else { return false }
            let old = try ShortLink(row: oldRow)
            var update = database.update(ShortLink.table)
            for (column, value) in zip(ShortLink.columns, link.rowValues) where ShortLink.updatedColumns.contains(column) {
                update = update.set(SQLIdentifier(column), to: value)
            }
            let stored: ShortLink
            do {
                guard let row = try await update.where("id", .equal, link.id.rawValue)
                    .returning(ShortLink.columns.map { SQLIdentifier($0) })
                    .first()
                else { return false }
                stored = try ShortLink(row: row)
            } catch {
                throw Self.refusal(error, for: link)
            }
            let host = link.host.lowercased()
            let oldHost = old.host.lowercased()
            if oldHost == host {
                changes.append(LinkChange(id: link.id, host: host, slugs: old.slug == link.slug ? [old.slug] : [old.slug, link.slug]))
            } else {
                changes.append(LinkChange(id: link.id, host: oldHost, slugs: [old.slug]))
                changes.append(LinkChange(id: link.id, host: host, slugs: [link.slug]))
            }
            try await self.enqueueWebhooks([.linkChange(from: old, to: stored, at: stored.updatedAt)], in: database)
            return true
        }
    }

    /// Deletes the link with `id` and its click counts, with a `link.deleted` event (the link as it was).
    ///
    /// - Returns: `false` when no link has that id.
    public func delete(id: LinkID) async throws(StorageError) -> Bool {
        try await writing("deleting the link \(id)") { database, changes in
            let deleted = try await database.delete(from: ShortLink.table)
                .where("id", .equal, id.rawValue)
                .returning(ShortLink.columns.map { SQLIdentifier($0) })
                .first()
            guard let deleted else { return false }
            let link = try ShortLink(row: deleted)
            changes.append(LinkChange(id: id, host: link.host.lowercased(), slugs: [link.slug]))
            try await self.enqueueWebhooks([.link(.linkDeleted, link, at: Date())], in: database)
            return true
        }
    }

    /// The links `query` selects, in its order (newest first by default: ids descending, they
    /// are UUIDv7, so by creation time).
    ///
    /// Page through all links by passing the last link of a page as the next query's cursor
    /// (``LinkCursor/init(after:sortedBy:)``; ``LinkQuery/after`` for the newest or oldest
    /// first): links created meanwhile are newer and never shift the pages. How each filter and
    /// a search are read through indexes is `LinkListingSQL`'s.
    public func links(_ query: LinkQuery) async throws(StorageError) -> [ShortLink] {
        let listing = LinkListingSQL(query: query, kind: try backend().kind)
        return try await reading("listing links") { database in
            func run(_ step: LinkListingSQL.Step?) async throws -> [ShortLink] {
                try await database.raw(listing.statement(step)).all().map { row throws(StorageError) in try ShortLink(row: row) }
            }
            guard listing.searchesText else { return try await run(nil) }
            let nearby = try await run(.window)
            if nearby.count == query.clampedLimit { return nearby }
            return try await run(.index)
        }
    }

    /// The links with the most clicks, most first (of equal counts, the newest first): the
    /// dashboard's top links. Read through the `links_click_count` index.
    public func mostClickedLinks(limit: Int) async throws(StorageError) -> [ShortLink] {
        try await reading("reading the most clicked links") { database in
            try await database.select().columns(ShortLink.columns).from(ShortLink.table)
                .where("click_count", .greaterThan, 0)
                .orderBy("click_count", .descending).orderBy("id", .descending)
                .limit(min(max(limit, 1), 100))
                .all()
                .map { row throws(StorageError) in try ShortLink(row: row) }
        }
    }

    /// How many links are stored.
    public func linkCount() async throws(StorageError) -> Int {
        try await reading("counting links") { database in
            let row = try await database.select().column(SQLFunction("COUNT", args: SQLLiteral.all), as: "count").from(ShortLink.table).first()
            return try row?.decode(column: "count", as: Int.self) ?? 0
        }
    }

    /// The slugs on `host` that have capital letters, at most `limit` of them, and how many
    /// there are: on a link host whose slugs ignore case, such links (made before it ignored
    /// case) open only as written.
    public func slugsWithCapitals(host: String, limit: Int = 5) async throws(StorageError) -> (count: Int, examples: [String]) {
        try await reading("finding slugs with capitals") { database in
            let condition: SQLQueryString = "host = \(bind: host.lowercased()) AND slug <> LOWER(slug)"
            let count = try await database.raw("SELECT COUNT(*) AS count FROM links WHERE \(condition)").first()?
                .decode(column: "count", as: Int.self) ?? 0
            guard count > 0 else { return (0, []) }
            let rows = try await database.raw("SELECT slug FROM links WHERE \(condition) ORDER BY slug LIMIT \(bind: limit)").all()
            return (count, try rows.map { try $0.decode(column: "slug", as: String.self) })
        }
    }

    /// The error for a failed write of `link`: `.slugTaken` or `.idTaken` for a uniqueness
    /// violation, the driver's error otherwise.
    static func refusal(_ error: any Error, for link: ShortLink) -> any Error {
        switch StorageError.violation(in: error) {
        case .hostAndSlug:
            StorageError.slugTaken(host: link.host.lowercased(), slug: link.slug)
        case .primaryKey:
            StorageError(.idTaken(link.id), "a link with the id \(link.id) already exists: generate a new id", underlying: error)
        case .foreignKey, nil:
            error
        }
    }
}
