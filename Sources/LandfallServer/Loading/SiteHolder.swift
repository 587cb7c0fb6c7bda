import Foundation
import NIOConcurrencyHelpers

/// The site being served, swapped whole on reload: a request reads ``current`` once and keeps
/// that version to the end, so a reload never changes a page halfway.
final class SiteHolder: Sendable {
    private let site: NIOLockedValueBox<LoadedSite>
    private let reloadLock = NIOLock()
    /// Where the site is loaded from, again on every reload.
    let source: SiteSource
    private let metrics: ServerMetrics
    private let clock: @Sendable () -> Date

    init(_ site: LoadedSite, source: SiteSource, metrics: ServerMetrics, clock: @escaping @Sendable () -> Date) {
        self.site = NIOLockedValueBox(site)
        self.source = source
        self.metrics = metrics
        self.clock = clock
    }

    /// The site requests are served from now.
    var current: LoadedSite { site.withLockedValue { $0 } }

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
        site.withLockedValue { $0 = loaded }
        metrics.recordReload(succeeded: true)
        return loaded
    }
}
