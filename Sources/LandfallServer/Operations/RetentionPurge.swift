import Foundation
import LandfallLinks
import LandfallSite
import LandfallStorage
import Logging

/// One pass of the `retention:` purge that ``PurgeService`` runs every interval: the click
/// counts and app events of days older than their setting, and the audit entries older than
/// theirs, each in batches (``Storage/purgeClickCounts(before:batchSize:)`` and the others),
/// the counts purged logged.
///
/// Click counts and events are kept by day, so their cutoff moves once a day: a day purged
/// completely is remembered and not purged again until the cutoff moves (or the setting
/// changes), which spares `click_counts`, that has no index on its day, a read of the whole
/// table every interval.
struct RetentionPurge: Sendable {
    /// The day before which click counts were last purged completely.
    private(set) var clickCountsPurgedBefore: String?
    /// The day before which events were last purged completely.
    private(set) var eventsPurgedBefore: String?

    /// The first day kept when rows are kept `seconds` at `now`: the UTC day of `now - seconds`.
    static func firstDayKept(keeping seconds: TimeInterval, at now: Date) -> String {
        UTCDay.text(of: now.addingTimeInterval(-seconds))
    }

    /// Purges what `settings` keeps no longer at `now`; a failure is logged, and the next pass
    /// tries again.
    mutating func purge(_ storage: Storage, settings: RetentionSettings, now: Date, batchSize: Int, logger: Logger) async {
        if let keep = settings.clickCounts {
            let day = Self.firstDayKept(keeping: keep, at: now)
            if day != clickCountsPurgedBefore {
                await Self.run("click counts", logger: logger, ["before": "\(day)"]) {
                    try await storage.purgeClickCounts(before: day, batchSize: batchSize)
                } done: { clickCountsPurgedBefore = day }
            }
        }
        if let keep = settings.events {
            let day = Self.firstDayKept(keeping: keep, at: now)
            if day != eventsPurgedBefore {
                await Self.run("app events", logger: logger, ["before": "\(day)"]) {
                    try await storage.purgeEvents(before: day, batchSize: batchSize)
                } done: { eventsPurgedBefore = day }
            }
        }
        if let keep = settings.audit {
            let cutoff = now.addingTimeInterval(-keep)
            await Self.run("invitation audit entries", logger: logger, [:]) {
                try await storage.purgeInvitationAudit(before: cutoff, batchSize: batchSize)
            } done: {}
            await Self.run("dashboard audit entries", logger: logger, [:]) {
                try await storage.purgeDashboardAudit(before: cutoff, batchSize: batchSize)
            } done: {}
        }
    }

    /// Runs one purge, logging how many rows it deleted (when any) or why it failed.
    private static func run(_ what: String, logger: Logger, _ metadata: Logger.Metadata,
                            _ purge: () async throws -> Int, done: () -> Void) async {
        do {
            let purged = try await purge()
            done()
            if purged > 0 {
                logger.info("purged old \(what)", metadata: metadata.merging(["rows": "\(purged)"]) { $1 })
            }
        } catch {
            logger.warning("old \(what) not purged; will retry", metadata: metadata.merging(["error": "\(error)"]) { $1 })
        }
    }
}
