import Foundation
import Logging
import NIOConcurrencyHelpers

/// What every request reads: the site (swapped whole on reload), the database, the metrics,
/// the clock, the logger.
final class ServerState: Sendable {
    private let current: NIOLockedValueBox<LoadedSite>
    private let reloadLock = NIOLock()
    let source: SiteSource
    let database: Database
    let metrics: ServerMetrics
    let clock: @Sendable () -> Date
    let logger: Logger

    init(site: LoadedSite, source: SiteSource, database: Database, metrics: ServerMetrics,
         clock: @escaping @Sendable () -> Date, logger: Logger) {
        self.current = NIOLockedValueBox(site)
        self.source = source
        self.database = database
        self.metrics = metrics
        self.clock = clock
        self.logger = logger
    }

    /// The site requests are served from now.
    var site: LoadedSite { current.withLockedValue { $0 } }

    /// Loads the site again from its source and swaps it in; on failure keeps the current
    /// one and throws why. Requests in flight finish with the version they started with.
    @discardableResult
    func reload() throws(SiteLoadError) -> LoadedSite {
        reloadLock.lock()
        defer { reloadLock.unlock() }
        let loaded: LoadedSite
        do {
            loaded = try SiteLoader.load(source, now: clock())
        } catch {
            metrics.recordReload(succeeded: false)
            throw error
        }
        current.withLockedValue { $0 = loaded }
        metrics.recordReload(succeeded: true)
        return loaded
    }
}
