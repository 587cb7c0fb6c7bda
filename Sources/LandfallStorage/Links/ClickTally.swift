import Foundation
import LandfallLinks
import SQLKit

/// Clicks to add to the stored counts, merged by key: for each link, day, platform and
/// referrer host, how many clicks (`clicks`, added to `click_counts`) and how many of them
/// are still to be added to the link's `click_count` (`people`: neither crawlers' clicks nor
/// those a click limit already counted).
struct ClickTally: Sendable {
    struct Totals: Sendable, Hashable {
        var clicks = 0
        var people = 0
    }

    private(set) var totals: [ClickKey: Totals] = [:]

    init() {}

    /// `counts` (people's clicks go to their link's click count too) and `alreadyCounted`
    /// (people's clicks a click limit already added to it).
    init(counts: [ClickCount], alreadyCounted: [ClickCount]) {
        for count in counts where count.count != 0 {
            add(count.key, clicks: count.count, people: count.key.platform == .crawler ? 0 : count.count)
        }
        for count in alreadyCounted where count.count != 0 {
            add(count.key, clicks: count.count, people: 0)
        }
    }

    mutating func add(_ key: ClickKey, clicks: Int, people: Int) {
        totals[key, default: Totals()].clicks += clicks
        totals[key, default: Totals()].people += people
    }

    var isEmpty: Bool { totals.isEmpty }

    /// The keys, sorted, so that concurrent transactions lock rows in the same order (no
    /// deadlocks).
    var sortedKeys: [ClickKey] {
        totals.keys.sorted { ($0.linkID, $0.day, $0.platform.rawValue, $0.referrerHost) < ($1.linkID, $1.day, $1.platform.rawValue, $1.referrerHost) }
    }

    /// People's clicks by link, sorted by link.
    var peopleByLink: [(LinkID, Int)] {
        totals.reduce(into: [LinkID: Int]()) { links, entry in
            if entry.value.people != 0 { links[entry.key.linkID, default: 0] += entry.value.people }
        }
        .sorted { $0.key < $1.key }
        .map { ($0.key, $0.value) }
    }

    /// Adds the clicks to `click_counts` and the people's clicks to their links' click
    /// counts, in a few statements of many rows each, locking rows in the order of their keys,
    /// links before their counts (concurrent flushes, folds and deletions wait for each other
    /// instead of deadlocking); counts of links that no longer exist are dropped. Enqueues them for the webhook endpoints that want `link.clicked` when
    /// `webhooks`.
    func add(to database: any SQLDatabase, webhooks: Bool, at date: Date) async throws {
        let keys = sortedKeys
        if database.dialect.name == "postgresql" {
            // The links first, in the order of their ids, as a link's deletion locks it before its
            // counts (the cascade); and in one order for every writer: the update below locks them
            // in the order of its plan (a hash join: the table's), and two instances' flushes or
            // folds of the same links would deadlock.
            let links = Array(Set(keys.map(\.linkID))).sorted()
            for chunk in links.chunked(into: Storage.rowsPerStatement) {
                try await database.raw("""
                    SELECT id FROM links WHERE id IN (\(binds: chunk.map(\.rawValue))) ORDER BY id FOR NO KEY UPDATE
                    """).run()
            }
        }
        for chunk in keys.chunked(into: Storage.rowsPerStatement) {
            let rows = chunk.map { key -> SQLQueryString in
                "(\(bind: key.linkID.rawValue), \(bind: key.day), \(bind: key.platform.rawValue), \(bind: key.referrerHost), \(bind: totals[key]?.clicks ?? 0))"
            }
            // VALUES names its columns column1 … column5 in both SQLite and PostgreSQL.
            try await database.raw("""
                INSERT INTO click_counts (link_id, day, platform, referrer_host, count)
                SELECT v.column1, v.column2, v.column3, v.column4, v.column5
                FROM (VALUES \(rows.joined(separator: ", "))) AS v
                WHERE EXISTS (SELECT 1 FROM links WHERE links.id = v.column1)
                ORDER BY v.column1, v.column2, v.column3, v.column4
                ON CONFLICT (link_id, day, platform, referrer_host)
                DO UPDATE SET count = click_counts.count + excluded.count
                """).run()
        }
        for chunk in peopleByLink.chunked(into: Storage.rowsPerStatement) {
            let rows = chunk.map { id, count -> SQLQueryString in "(\(bind: id.rawValue), \(bind: count))" }
            try await database.raw("""
                UPDATE links SET click_count = click_count + v.column2
                FROM (VALUES \(rows.joined(separator: ", "))) AS v
                WHERE links.id = v.column1
                """).run()
        }
        if webhooks {
            try await WebhookOutbox.enqueueClicks(totals.mapValues(\.clicks), in: database, at: date)
        }
    }

    /// Appends the clicks to `click_journal`: a statement per ``journalRowsPerStatement`` keys,
    /// each bound to one JSON array of the rows (`[[link, day, platform, referrer, clicks,
    /// people], …]`) that the database takes apart (`json_each` on SQLite,
    /// `json_array_elements` on PostgreSQL): one bound value per 10,000 keys, where 500-row
    /// statements took 3,000 values each through SQLKit's serialization and the driver's
    /// binding. (The redirect benchmark saw no difference either way: the journal is a small
    /// part of a miss, `Benchmarks/ShortLinkRedirect/RESULTS.md`.) The rows go in any order:
    /// the fold sorts what it locks.
    func append(to database: any SQLDatabase) async throws {
        for chunk in Array(totals).chunked(into: Self.journalRowsPerStatement) {
            var rows = "["
            rows.reserveCapacity(chunk.count * 96)
            for (index, (key, totals)) in chunk.enumerated() {
                if index > 0 { rows += "," }
                rows += "[\"\(key.linkID.rawValue.jsonEscaped)\",\"\(key.day.jsonEscaped)\",\"\(key.platform.rawValue.jsonEscaped)\","
                rows += "\"\(key.referrerHost.jsonEscaped)\",\(totals.clicks),\(totals.people)]"
            }
            rows += "]"
            let insert = "INSERT INTO click_journal (link_id, day, platform, referrer_host, clicks, people)"
            let statement: SQLQueryString = database.dialect.name == "postgresql"
                ? """
                  \(unsafeRaw: insert) SELECT e->>0, e->>1, e->>2, e->>3, (e->>4)::bigint, (e->>5)::bigint
                  FROM json_array_elements(CAST(\(bind: rows) AS json)) AS e
                  """
                : """
                  \(unsafeRaw: insert) SELECT value->>0, value->>1, value->>2, value->>3, value->>4, value->>5
                  FROM json_each(\(bind: rows))
                  """
            try await database.raw(statement).run()
        }
    }

    /// How many keys one statement of ``append(to:)`` journals (about 100 bytes of JSON each).
    static let journalRowsPerStatement = 10_000
}

private extension String {
    /// The text as the inside of a JSON string: `"`, `\` and control characters escaped.
    var jsonEscaped: String {
        guard utf8.contains(where: { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") }) else { return self }
        var escaped = ""
        for scalar in unicodeScalars {
            switch scalar {
            case "\"": escaped += "\\\""
            case "\\": escaped += "\\\\"
            case _ where scalar.value < 0x20: escaped += "\\u" + String(repeating: "0", count: 4 - String(scalar.value, radix: 16).count) + String(scalar.value, radix: 16)
            default: escaped.unicodeScalars.append(scalar)
            }
        }
        return escaped
    }
}
