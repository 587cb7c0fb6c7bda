import LandfallLinks
import LandfallStorage
import Logging
import ServiceLifecycle

/// Keeps this instance's links in step with the database: loads every link into the
/// ``LinkTable`` at start, and applies each change the database reports, this process's own
/// writes and other processes' (PostgreSQL's `LISTEN/NOTIFY`; on SQLite the change log other
/// processes append to), usually within milliseconds.
///
/// A change removes the link from the cache and marks it unknown in the table, then reads it
/// again into the table. When changes may have been missed (``LinkChange/anyLink``: the
/// listening connection dropped, or this process fell more than 10,000 changes behind), it
/// empties the cache and loads the table anew. The cache's time to live bounds how stale an
/// entry can be if a notification is ever lost.
struct LinkChangeListener: Service {
    let storage: Storage
    let links: LinkMemory
    let metrics: ServerMetrics?
    let logger: Logger

    func run() async throws {
        // Subscribed before the table loads: the changes made meanwhile wait in the stream.
        let changes = storage.changes()
        let loader = links.table.map { LinkTableLoader(table: $0, storage: storage, metrics: metrics, logger: logger) }
        loader?.start()
        defer { loader?.stop() }
        // A listener far behind may hear `.anyLink` many times in a row: said once in 10 s.
        var lastNotice: ContinuousClock.Instant?
        for await change in changes.cancelOnGracefulShutdown() {
            switch change {
            case .link(_, let host, let slugs):
                links.forget(host: host, slugs: slugs)
                if let table = links.table { await settle(host: host, slugs: slugs, in: table) }
            case .anyLink:
                let removed = links.cache.removeAll()
                if lastNotice.map({ .now - $0 > .seconds(10) }) ?? true {
                    lastNotice = .now
                    logger.notice("emptied the link cache and reloads the link table: link changes made while the change listener was reconnecting were missed",
                                  metadata: ["entries": "\(removed)"])
                }
                loader?.start()
            }
        }
        // The stream also ends when the storage is closed; a service that returned early would
        // stop the whole server, so wait for the shutdown like the others.
        try? await gracefulShutdown()
    }

    /// Reads `slugs` on `host` again into `table`; a link that cannot be read now stays unknown
    /// (visits ask the cache and the database) until it changes again or the table reloads.
    private func settle(host: String, slugs: [String], in table: LinkTable) async {
        guard !table.gaveUp else { return }
        for slug in slugs {
            let link: ShortLink?
            do {
                link = try await storage.link(host: host, slug: slug)
            } catch {
                continue
            }
            table.settle(link, host: host, slug: slug)
        }
        var bytes = table.bytes
        if table.isComplete, bytes > table.budget {
            table.giveUp()
            bytes = table.bytes
            logger.warning("the link table passed its memory budget and was emptied: visits ask the database from now on; raise --link-table-memory",
                           metadata: ["budget": "\(table.budget)"])
        }
        metrics?.recordLinkTable(links: table.count, bytes: bytes, answers: table.isComplete)
    }
}
