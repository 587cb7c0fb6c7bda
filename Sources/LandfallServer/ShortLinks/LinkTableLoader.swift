#if canImport(Glibc)
import Glibc
#endif
import LandfallStorage
import Logging
import NIOConcurrencyHelpers

/// Loads every link into a ``LinkTable``, a batch at a time, in a task of its own: at start
/// (once the database is connected) and again whenever changes may have been missed. Until a
/// load finishes the table answers nothing, and visits go through the cache and the database.
///
/// A batch the database cannot give is asked again a second later, from where the load was.
/// A table past its memory budget gives up (``LinkTable/giveUp()``), and says so in the log.
final class LinkTableLoader: Sendable {
    let table: LinkTable
    let storage: Storage
    let metrics: ServerMetrics?
    let logger: Logger
    /// How many links a batch reads.
    let batchSize: Int
    private let running = NIOLockedValueBox<Task<Void, Never>?>(nil)

    init(table: LinkTable, storage: Storage, metrics: ServerMetrics?, logger: Logger, batchSize: Int = 5_000) {
        self.table = table
        self.storage = storage
        self.metrics = metrics
        self.logger = logger
        self.batchSize = batchSize
    }

    /// Starts a load, cancelling the one under way.
    func start() {
        let task = Task { [self] in await load() }
        running.withLockedValue { running in
            running?.cancel()
            running = task
        }
    }

    /// Cancels the load under way.
    func stop() {
        running.withLockedValue { $0?.cancel() }
    }

    private func load() async {
        guard await storage.connected(), !Task.isCancelled else { return }
        let started = ContinuousClock.now
        let load = table.beginLoading()
        metrics?.recordLinkTable(links: 0, bytes: table.bytes, answers: false)
        // Room for the links there are, so that the shards do not grow by doubling (and leave
        // the heap full of the smaller arrays they outgrew).
        if let count = try? await storage.linkCount() { table.reserve(links: count, loading: load) }
        var position: LinkScanPosition?
        var failures = 0
        while !Task.isCancelled {
            let batch: LinkScanBatch
            do {
                batch = try await storage.scanLinks(from: position, limit: batchSize)
                failures = 0
            } catch {
                if failures == 0 {
                    logger.warning("loading the link table waits for the database; visits ask the database meanwhile", metadata: ["error": "\(error)"])
                }
                failures += 1
                try? await Task.sleep(for: .seconds(1))
                continue
            }
            table.insert(batch.links, loading: load)
            for key in batch.unreadable { table.markUnknown(host: key.host, slugs: [key.slug]) }
            if table.bytes > table.budget {
                table.giveUp()
                metrics?.recordLinkTable(links: 0, bytes: table.bytes, answers: false)
                logger.warning("""
                    the links do not fit the link table's memory budget: visits ask the database; raise --link-table-memory \
                    to keep every link in memory
                    """, metadata: ["budget": "\(table.budget)"])
                return
            }
            guard let next = batch.next else { break }
            position = next
            await Task.yield()
        }
        guard !Task.isCancelled else { return }
        table.finishLoading(load)
        // The batches' links and the shards' first arrays are freed: give their pages back.
        ProcessMemory.returnFreedMemory()
        let (count, bytes) = (table.count, table.bytes)
        metrics?.recordLinkTable(links: count, bytes: bytes, answers: table.isComplete)
        logger.info("loaded every link into memory", metadata: [
            "links": "\(count)", "bytes": "\(bytes)", "seconds": "\((ContinuousClock.now - started).formatted(.units(allowed: [.seconds], fractionalPart: .show(length: 1))))",
        ])
    }
}
