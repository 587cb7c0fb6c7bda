import Foundation
import Logging
import SQLKit

/// The log of link changes on SQLite (schema version 10, `link_changes`): every write of links
/// appends its changes in its own transaction (``append(_:origin:at:to:)``), and a process that
/// listens (``Storage/changes()``) reads the rows other processes appended
/// (``SQLiteChangeLog/Poller``), four times a second. Rows older than ten minutes are pruned.
enum SQLiteChangeLog {
    static let table = "link_changes"
    /// How long a row is kept: a listener further behind than this empties what it holds.
    static let keptFor: TimeInterval = 600

    /// Appends `changes` made by `origin` (``Storage``'s id), inside the writing transaction.
    static func append(_ changes: [LinkChange], origin: String, at date: Date, to database: any SQLDatabase) async throws {
        let seconds = Int(date.timeIntervalSince1970)
        for chunk in changes.chunked(into: 500) {
            let rows = chunk.map { change -> SQLQueryString in
                "(\(bind: ChangeNotice(origin: origin, change: change).payload), \(bind: seconds))"
            }
            try await database.raw("INSERT INTO link_changes (payload, changed_at) VALUES \(rows.joined(separator: ", "))").run()
        }
    }

    /// The newest row's number, pruned or not (SQLite's counter of `AUTOINCREMENT`; 0 before the first).
    static func newest(in storage: Storage) async throws(StorageError) -> Int {
        try await storage.reading("reading the log of link changes") { database in
            try await database.raw("SELECT COALESCE((SELECT seq FROM sqlite_sequence WHERE name = 'link_changes'), 0) AS newest").first()?
                .decode(column: "newest", as: Int.self) ?? 0
        }
    }

    /// Reads the changes other processes log, and hands them to `deliver`; ``LinkChange/anyLink``
    /// when rows it had not read were pruned (it fell more than ``keptFor`` behind).
    ///
    /// It holds the storage weakly: a storage nobody closes stops being read once it is gone.
    struct Poller: Sendable {
        weak let storage: Storage?
        let origin: String
        let interval: Duration
        let logger: Logger
        let deliver: @Sendable ([LinkChange]) -> Void

        /// Reads the rows after `seen` every ``interval`` until cancelled or the storage is gone.
        func run(after seen: Int) async {
            var last = seen
            var lastPrune = ContinuousClock.now
            while !Task.isCancelled, storage != nil {
                do {
                    last = try await poll(after: last)
                    if ContinuousClock.now - lastPrune > .seconds(60) {
                        lastPrune = .now
                        try await prune()
                    }
                } catch {
                    logger.debug("reading the log of link changes failed; trying again", metadata: ["error": "\(error)"])
                }
                try? await Task.sleep(for: interval)
            }
        }

        /// Delivers the changes after row `seen`; the last row read.
        private func poll(after seen: Int) async throws(StorageError) -> Int {
            guard let storage else { throw StorageError.closed }
            let rows = try await storage.reading("reading the log of link changes") { database in
                try await database.raw("SELECT seq, payload FROM link_changes WHERE seq > \(bind: seen) ORDER BY seq LIMIT 1000").all()
                    .map { (try $0.decode(column: "seq", as: Int.self), try $0.decode(column: "payload", as: String.self)) }
            }
            guard let first = rows.first else { return seen }
            var changes: [LinkChange] = []
            if first.0 != seen + 1 { changes.append(.anyLink) }
            for (_, payload) in rows {
                guard let notice = ChangeNotice(payload: payload) else {
                    changes.append(.anyLink)
                    continue
                }
                if notice.origin != origin { changes.append(notice.change) }
            }
            if !changes.isEmpty { deliver(changes) }
            return rows.last?.0 ?? seen
        }

        private func prune() async throws(StorageError) {
            let before = Int(Date().timeIntervalSince1970 - SQLiteChangeLog.keptFor)
            guard let storage else { throw StorageError.closed }
            try await storage.writing("pruning the log of link changes") { database, _ in
                try await database.raw("DELETE FROM link_changes WHERE changed_at < \(bind: before)").run()
            }
        }
    }
}
