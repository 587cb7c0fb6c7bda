import Foundation
import LandfallStorage
import Logging
import ServiceLifecycle

/// Deletes expired deferred-link claims and the address salts of past days, every
/// ``interval``: nothing about a visitor outlives the site's claim lifetime.
struct ClaimPurgeService: Service {
    let storage: Storage
    let interval: Duration
    let clock: @Sendable () -> Date
    let logger: Logger

    func run() async throws {
        while !Task.isShuttingDownGracefully, !Task.isCancelled {
            do {
                let purged = try await storage.purgeClaims(expiredBefore: clock())
                if purged > 0 { logger.info("purged expired claims", metadata: ["claims": "\(purged)"]) }
            } catch {
                logger.warning("expired claims not purged; will retry", metadata: ["error": "\(error)"])
            }
            let interval = interval
            try? await cancelWhenGracefulShutdown { try await Task.sleep(for: interval) }
        }
    }
}
