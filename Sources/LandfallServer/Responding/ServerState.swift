import Foundation
import HTTPTypes
import LandfallStorage
import Logging
import NIOConcurrencyHelpers

/// What every request reads: the site (swapped whole on reload), the storage with its link
/// cache and click buffer, the rate limiter, the metrics, the clock, the logger.
final class ServerState: Sendable {
    private let current: NIOLockedValueBox<LoadedSite>
    private let reloadLock = NIOLock()
    let source: SiteSource
    let storage: Storage
    let links: LinkCache
    let clicks: ClickRecorder
    let keys: APIKeyVerifier
    /// Pending deferred-link claims of landing pages, written in batches.
    let claims: ClaimRecorder
    /// Hashes client addresses with the day's salt, for claims.
    let addresses: AddressHasher
    /// The runtime settings, read at most twice a second.
    let settings: SettingsCache
    /// Throttles failed invitation codes.
    let invitationGuard: InvitationGuard
    /// `nil` when public endpoints are not rate limited.
    let rateLimiter: RateLimiter?
    /// The trusted proxy header naming the client's address, if any.
    let clientAddressHeader: HTTPField.Name?
    let metrics: ServerMetrics
    let clock: @Sendable () -> Date
    let logger: Logger

    init(site: LoadedSite, source: SiteSource, storage: Storage, configuration: ServerConfiguration, metrics: ServerMetrics,
         logger: Logger) {
        self.current = NIOLockedValueBox(site)
        self.source = source
        self.storage = storage
        self.links = LinkCache(capacity: configuration.linkCacheCapacity)
        self.clicks = ClickRecorder(storage: storage, cache: links)
        self.keys = APIKeyVerifier(storage: storage)
        self.claims = ClaimRecorder(storage: storage)
        self.addresses = AddressHasher(storage: storage)
        self.settings = SettingsCache(storage: storage)
        self.invitationGuard = InvitationGuard(limits: configuration.inviteGuessLimits)
        self.rateLimiter = configuration.rateLimit.map { RateLimiter(limit: $0) }
        self.clientAddressHeader = configuration.clientAddressHeader.flatMap { HTTPField.Name($0) }
        self.metrics = metrics
        self.clock = configuration.clock
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
