import Logging
import LandfallStorage
import ServiceLifecycle

/// Adds the click journal's rows to the click counts in the background (``Storage/foldClickJournal(upTo:)``),
/// a few thousand rows per transaction.
///
/// While flushes keep going to the journal (clicks of many links keep coming), it takes at
/// most ``shareUnderLoad`` of one processor's time, leaving the rest to the requests: the
/// journal grows, and is folded at full speed once the flood is over. When the journal is
/// empty it looks again every ``interval``. At graceful shutdown it stops after the fold in
/// progress: the journal is in the database, and the next start goes on with it.
///
/// `/metrics` shows how many rows wait (`landfall_click_journal_rows`).
struct ClickJournalFolder: Service {
    let storage: Storage
    let clicks: ClickRecorder
    let interval: Duration
    let metrics: ServerMetrics?
    let logger: Logger
    /// Rows folded per transaction: a fraction of a second of writing, so that other writes
    /// (a link saved in the dashboard) wait little for the write lock.
    var rowsPerFold = 2_000
    /// The share of one processor's time the folding may take while flushes go to the journal.
    var shareUnderLoad = 0.1

    func run() async throws {
        let clock = ContinuousClock()
        var lastCounted: ContinuousClock.Instant?
        while !Task.isShuttingDownGracefully, !Task.isCancelled {
            let pause = await foldOnce(clock: clock)
            if let metrics, storage.isConnected, lastCounted.map({ clock.now - $0 >= interval }) ?? true {
                lastCounted = clock.now
                if let length = try? await storage.clickJournalLength() { metrics.recordClickJournalLength(length) }
            }
            if pause > .zero {
                try? await cancelWhenGracefulShutdown { try await Task.sleep(for: pause) }
            } else {
                await Task.yield()
            }
        }
    }

    /// Folds one batch; returns how long to wait before the next.
    private func foldOnce(clock: ContinuousClock) async -> Duration {
        // PostgreSQL not reached yet (serve started without it): nothing to fold from.
        guard storage.isConnected else { return interval }
        let started = clock.now
        do {
            let folded = try await storage.foldClickJournal(upTo: rowsPerFold)
            if folded < rowsPerFold { return interval }
            guard clicks.journaled(within: interval * 2) else { return .zero }
            return (clock.now - started) * ((1 - shareUnderLoad) / shareUnderLoad)
        } catch {
            logger.error("journaled clicks not added to the counts yet; will retry", metadata: ["error": "\(error)"])
            return interval
        }
    }
}
