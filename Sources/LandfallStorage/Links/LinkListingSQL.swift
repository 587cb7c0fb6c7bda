import Foundation
import LandfallLinks
import SQLKit

/// The SQL of a ``LinkQuery`` for one dialect: its conditions, its order, and the statements
/// ``Storage/links(_:)`` runs.
///
/// Each condition is written so that an index serves it (see ``Migrations/linkSearch``): the
/// states are literal SQL matching the partial indexes `links_disabled` and `links_expiring`,
/// the cursor is a row-value comparison on the sort's index.
///
/// A search of 3 characters or more runs in two steps, so that a common word and a rare one
/// are both fast. First the next ``window`` links in order are read and the search applied to
/// them: a common word fills the page from them. If it does not, the matches come from the
/// trigram index (SQLite: FTS5's `links_search`; PostgreSQL: `pg_trgm`'s GIN indexes, when
/// the extension could be installed), few for a word that is rare, and are put in order.
/// Both steps keep exactly the links whose text matches `LIKE` (`ILIKE`), so they agree.
struct LinkListingSQL {
    let query: LinkQuery
    let kind: BackendKind

    /// How many links the first step of a search reads.
    static let window = 4_000

    /// Whether the search needs the two steps (text of 3 characters or more).
    var searchesText: Bool {
        (query.search?.count ?? 0) >= 3
    }

    /// The statement of one step: `searching` `nil` for a query without a text search,
    /// `.window` and `.index` for the two steps of one with.
    func statement(_ step: Step?) -> SQLQueryString {
        let select = "SELECT \(ShortLink.selectList) FROM \(ShortLink.table)"
        var sql: SQLQueryString
        switch step {
        case nil:
            sql = "\(unsafeRaw: select)" + whereClause(conditions) + " ORDER BY \(unsafeRaw: order)"
        case .window:
            sql = "SELECT \(unsafeRaw: ShortLink.selectList) FROM (\(unsafeRaw: select)" + whereClause(conditions)
                + " ORDER BY \(unsafeRaw: order) LIMIT \(literal: Self.window)) AS window_links WHERE "
                + textMatch + " ORDER BY \(unsafeRaw: order)"
        case .index:
            switch kind {
            case .sqlite:
                // CROSS JOIN: SQLite reads the (few) index matches first, then their links,
                // rather than every link in order asking the index about each. The conditions
                // name the columns of the links found (the index has columns of the same names).
                let columns = ShortLink.columns.map { "links.\"\($0)\"" }.joined(separator: ", ")
                sql = "SELECT \(unsafeRaw: ShortLink.selectList) FROM (SELECT \(unsafeRaw: columns) FROM links_search CROSS JOIN links "
                    + "ON links.rowid = links_search.rowid WHERE links_search MATCH \(bind: Self.phrase(query.search ?? ""))) AS found_links"
                    + whereClause([textMatch] + conditions) + " ORDER BY \(unsafeRaw: order)"
            case .postgres:
                sql = "\(unsafeRaw: select)" + whereClause([textMatch] + conditions) + " ORDER BY \(unsafeRaw: order)"
            }
        }
        return sql + " LIMIT \(literal: query.clampedLimit)"
    }

    /// The two steps of a text search.
    enum Step {
        case window
        case index
    }

    /// `ORDER BY`'s terms for the sort (the ones of its index).
    var order: String {
        switch query.sort {
        case .newest: "id DESC"
        case .oldest: "id ASC"
        case .mostClicked: "click_count DESC, id DESC"
        }
    }

    /// The conditions of the query but a text search's (3+ characters) match.
    var conditions: [SQLQueryString] {
        var conditions: [SQLQueryString] = []
        if let cursor = query.cursor {
            switch query.sort {
            case .newest: conditions.append("id < \(bind: cursor.id.rawValue)")
            case .oldest: conditions.append("id > \(bind: cursor.id.rawValue)")
            case .mostClicked:
                // A cursor without a count (from another order) starts after the link's id among
                // the most clicked, which is no page of this order: it is ignored.
                if let count = cursor.clickCount {
                    conditions.append("(click_count, id) < (\(bind: count), \(bind: cursor.id.rawValue))")
                }
            }
        }
        if let host = query.host {
            conditions.append("host = \(bind: host.lowercased())")
        }
        if let prefix = query.slugPrefix, !prefix.isEmpty {
            conditions.append(Self.slugStarts(with: prefix))
        }
        if let search = query.search, !search.isEmpty, search.count < 3 {
            conditions.append(Self.slugStarts(with: search))
        }
        if let state = query.state {
            let now = Milliseconds.from(query.now ?? Date())
            // Literal SQL, the text of the partial indexes' conditions, so that both planners
            // use them.
            switch state {
            case .disabled:
                conditions.append("disabled")
            case .active:
                conditions.append("NOT disabled AND (expires_at IS NULL OR expires_at > \(bind: now)) AND (max_clicks IS NULL OR click_count < max_clicks)")
            case .expired:
                conditions.append("NOT disabled AND (expires_at IS NOT NULL OR max_clicks IS NOT NULL) AND (expires_at <= \(bind: now) OR click_count >= max_clicks)")
            }
        }
        if let disabled = query.disabled {
            conditions.append("disabled = \(bind: disabled)")
        }
        if let name = query.campaignName {
            conditions.append("utm_campaign = \(bind: name)")
        }
        if let text = query.targetContains, !text.isEmpty {
            // The position of a substring, 0 when absent: instr in SQLite, strpos in PostgreSQL.
            conditions.append("\(unsafeRaw: kind == .sqlite ? "instr" : "strpos")(target, \(bind: text)) > 0")
        }
        if let from = query.createdFrom {
            conditions.append("created_at >= \(bind: Milliseconds.from(from))")
        }
        if let before = query.createdBefore {
            conditions.append("created_at < \(bind: Milliseconds.from(before))")
        }
        return conditions
    }

    /// The search's test on one link: its slug, title or target contains the text, ASCII case
    /// ignored (SQLite's `LIKE`) or every letter's (PostgreSQL's `ILIKE`).
    var textMatch: SQLQueryString {
        let pattern = "%" + Self.escapedForLike(query.search ?? "") + "%"
        let like = kind == .sqlite ? "LIKE" : "ILIKE"
        return "(slug \(unsafeRaw: like) \(bind: pattern) ESCAPE '\\' OR preview_title \(unsafeRaw: like) \(bind: pattern) ESCAPE '\\' OR target \(unsafeRaw: like) \(bind: pattern) ESCAPE '\\')"
    }

    /// ` WHERE a AND b …`, or nothing.
    private func whereClause(_ conditions: [SQLQueryString]) -> SQLQueryString {
        guard let first = conditions.first else { return "" }
        return conditions.dropFirst().reduce(" WHERE (" + first + ")") { $0 + " AND (" + $1 + ")" }
    }

    /// Slugs starting with `prefix`: a range an index on the slug serves (byte order in both
    /// dialects), and the exact test (substr and length count characters in both).
    static func slugStarts(with prefix: String) -> SQLQueryString {
        "slug >= \(bind: prefix) AND slug < \(bind: prefix + "\u{10FFFF}") AND substr(slug, 1, length(\(bind: prefix))) = \(bind: prefix)"
    }

    /// `text` for a `LIKE` pattern with `ESCAPE '\'`: its `%`, `_` and `\` stand for themselves.
    static func escapedForLike(_ text: String) -> String {
        var escaped = ""
        for character in text {
            if character == "%" || character == "_" || character == "\\" { escaped.append("\\") }
            escaped.append(character)
        }
        return escaped
    }

    /// `text` as an FTS5 phrase (in double quotes, its own doubled): trigrams of exactly it.
    static func phrase(_ text: String) -> String {
        "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }
}
