import Foundation
import LandfallStorage
import Logging
import ServiceLifecycle

/// Every ``interval``, deletes expired deferred-link claims and the address salts of past days
/// (nothing about a visitor outlives the site's claim lifetime), and the dashboard sessions
/// that have ended (past their end, or unused for longer than their idle time), and webhook
/// deliveries completed longer ago than the site's `webhooks.keepDeliveries`; and the rows the
/// site's `retention:` keeps no longer (per-day click counts, app events, audit entries), at
/// most ``batchSize`` rows per statement so that a purge never holds the write lock for long.
struct PurgeService: Service {
    let storage: Storage
    let interval: Duration
    let sessions: DashboardSessionPolicy
    let sites: SiteHolder
    let clock: @Sendable () -> Date
    let logger: Logger
    /// How many rows one statement of a retention purge deletes at most.
    var batchSize = Storage.retentionBatchSize

    func run() async throws {
        var retention = RetentionPurge()
        while !Task.isShuttingDownGracefully, !Task.isCancelled {
            await retention.purge(storage, settings: sites.current.site.configuration.retention, now: clock(),
                                  batchSize: batchSize, logger: logger)
            do {
                let purged = try await storage.purgeClaims(expiredBefore: clock(), batchSize: batchSize)
                if purged > 0 { logger.info("purged expired claims", metadata: ["claims": "\(purged)"]) }
            } catch {
                logger.warning("expired claims not purged; will retry", metadata: ["error": "\(error)"])
            }
            do {
                let ended = try await storage.purgeDashboardSessions(at: clock(), policy: sessions)
                if ended > 0 { logger.info("removed ended dashboard sessions", metadata: ["sessions": "\(ended)"]) }
            } catch {
                logger.warning("ended dashboard sessions not removed; will retry", metadata: ["error": "\(error)"])
            }
            do {
                let now = clock()
                let keep = sites.current.site.configuration.webhooks.keepDeliveries
                let purged = try await storage.purgeWebhookHistory(completedBefore: now.addingTimeInterval(-keep), now: now, batchSize: batchSize)
                if purged > 0 { logger.info("purged old webhook deliveries", metadata: ["deliveries": "\(purged)"]) }
            } catch {
                logger.warning("old webhook deliveries not purged; will retry", metadata: ["error": "\(error)"])
            }
            let interval = interval
            try? await cancelWhenGracefulShutdown { try await Task.sleep(for: interval) }
        }
    }
}
