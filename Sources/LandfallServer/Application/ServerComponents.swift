import Foundation
import HTTPTypes
import LandfallLinks
import LandfallStorage
import Logging

/// The parts of a running link server, made once by ``makeApplication(_:)``: the site, the
/// storage and what sits in front of it (caches, write buffers), the limits and the metrics.
///
/// This is the composition root, not a service locator: ``buildRouter(_:)`` hands each route
/// collection and middleware only the parts it needs, and no handler sees this type. Tests use
/// it to reach the storage, reload the site or flush the buffers while a server runs.
final class ServerComponents: Sendable {
    /// The site being served.
    let sites: SiteHolder
    let storage: Storage
    /// Every short link (unless the table is off), and those looked up recently.
    let links: LinkMemory
    /// Clicks answered and not yet stored.
    let clicks: ClickRecorder
    /// The share cards drawn: in memory and in `<data directory>/cards/`.
    let cards: CardStore
    /// Pending deferred-link claims of landing pages, written in batches.
    let claims: ClaimRecorder
    /// Hashes client addresses with the day's salt, for claims and the invitation audit log.
    let addresses: AddressHasher
    /// The runtime settings, read at most twice a second.
    let settings: SettingsCache
    let keys: APIKeyVerifier
    /// Throttles failed invitation codes.
    let invitationGuard: InvitationGuard
    /// The pages' limit per client address (this instance's); `nil` when not rate limited.
    let rateLimiter: RateLimiter?
    /// The API's limit per client address (shared on PostgreSQL); `nil` when not rate limited.
    let apiLimiter: SharedLimiter?
    /// The proxies in front of the server and the header naming the client's address, if any.
    let proxyTrust: ProxyTrust?
    let metrics: ServerMetrics
    let clock: @Sendable () -> Date
    /// How the dashboard behaves.
    let dashboard: DashboardConfiguration
    /// The application's logger, for what happens outside requests (background services).
    let logger: Logger

    init(site: LoadedSite, storage: Storage, configuration: ServerConfiguration, logger: Logger) {
        let metrics = ServerMetrics()
        self.sites = SiteHolder(site, source: configuration.site, metrics: metrics, clock: configuration.clock)
        self.storage = storage
        let cache = LinkCache(capacity: configuration.linkCacheCapacity, timeToLive: configuration.linkCacheTimeToLive,
                              staleIfError: configuration.linkCacheStaleIfError)
        self.links = LinkMemory(cache: cache, table: configuration.linkTableBudget > 0 ? LinkTable(budget: configuration.linkTableBudget) : nil)
        self.clicks = ClickRecorder(storage: storage, links: links, limit: configuration.clickBufferLimit,
                                   journalThreshold: configuration.clickJournalThreshold, metrics: metrics, logger: logger)
        self.cards = CardStore(directory: configuration.dataDirectory + "/cards", budget: configuration.cardMemory,
                               diskBudget: configuration.cardDisk, logger: logger)
        self.claims = ClaimRecorder(storage: storage)
        self.addresses = AddressHasher(storage: storage)
        self.settings = SettingsCache(storage: storage)
        self.keys = APIKeyVerifier(storage: storage)
        self.invitationGuard = InvitationGuard(limits: configuration.inviteGuessLimits, storage: storage, clock: configuration.clock, logger: logger)
        self.rateLimiter = configuration.rateLimit.map { RateLimiter(limit: $0) }
        self.apiLimiter = configuration.rateLimit.map { SharedLimiter("api", limit: $0, storage: storage, clock: configuration.clock, logger: logger) }
        self.proxyTrust = configuration.clientAddressHeader.flatMap { HTTPField.Name($0) }
            .map { ProxyTrust(header: $0, proxies: TrustedProxies(configuration.trustedProxies)) }
        self.metrics = metrics
        self.clock = configuration.clock
        self.dashboard = configuration.dashboard
        self.logger = logger
    }
}
