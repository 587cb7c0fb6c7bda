import Foundation
import LandfallLinks
import LandfallStorage
import Logging

/// Everything `landfall serve` (and a test) decides about a server before it starts: where
/// the site comes from, where it listens, where it keeps data, and the clock.
///
/// ```swift
/// var configuration = ServerConfiguration(site: .file("landfall.yml"))
/// configuration.port = 0            // any free port (tests)
/// let app = try await buildApplication(configuration)
/// ```
public struct ServerConfiguration: Sendable {
    /// Where the site configuration, its templates and its content come from.
    public var site: SiteSource
    /// The address to listen on; loopback by default.
    public var host: String
    /// The port to listen on; 0 picks a free one.
    public var port: Int
    /// The certificate and key to serve HTTPS with (HTTP/2 to clients that offer it, HTTP/1.1
    /// to the others), re-read on SIGHUP; `nil` (the default) serves plain HTTP, for a server
    /// behind a proxy that holds the certificate.
    public var tls: TLSFiles?
    /// The directory of the SQLite database (created if missing), used when
    /// ``databaseURL`` is `nil`; the share cards drawn are kept in its `cards/` folder.
    public var dataDirectory: String
    /// The most bytes of share cards kept in memory (64 MiB by default); more are read from
    /// `cards/` in ``dataDirectory``.
    public var cardMemory = 64 << 20
    /// The most bytes of share card files in `cards/` in ``dataDirectory`` (512 MiB by
    /// default): past it the least recently used files are removed, and drawn again if asked for.
    public var cardDisk = 512 << 20
    /// A PostgreSQL database (`postgres://user:password@host:port/database`) shared by several
    /// instances, instead of SQLite in ``dataDirectory``.
    public var databaseURL: String?
    /// The most connections kept open to the PostgreSQL database of ``databaseURL`` (the pool;
    /// one more listens for other instances' changes).
    public var databaseConnections = StorageLocation.defaultPostgresConnections
    /// How the dashboard (on the site's `hosts.admin`) behaves: sessions, sign-in limits,
    /// bcrypt's cost.
    public var dashboard = DashboardConfiguration()
    /// How webhooks are delivered (timeouts, leases, batches); where they may go is the site's.
    public var webhooks = WebhookDeliveryConfiguration()
    /// Whether an SQLite database file that is empty (0 bytes) is made a new database (with a
    /// warning logged) instead of refused: `landfall serve --force`. Off by default, since such
    /// a file is usually a failed copy or restore, or a full disk, and the links would vanish.
    public var forcesNewDatabaseInEmptyFile = false
    /// How many requests per second each client address may make to public endpoints (pages,
    /// short links, `/v1/resolve`), or `nil` for no limit. The association files, the
    /// operations endpoints and API requests with a valid key are never limited.
    public var rateLimit: RateLimit?
    /// A header in which the proxies in front of the server name the client's address
    /// (`X-Forwarded-For`, `Forwarded` or `X-Real-IP`, say); `nil` uses the connection's
    /// address. Needs ``trustedProxies``: the header is only believed on connections from them,
    /// and read from the right (the address the last trusted proxy received the request from).
    public var clientAddressHeader: String?
    /// The proxies whose ``clientAddressHeader`` is believed (loopback for a proxy on the same
    /// machine, a private range for a load balancer). They are also exempt from
    /// ``ConnectionLimits/connectionsPerClient``, since all their clients arrive through them.
    public var trustedProxies: [IPAddressRange]
    /// The timeouts of a connection (idle, header, body) and how many one client address may
    /// hold open.
    public var connectionLimits: ConnectionLimits
    /// How often buffered clicks are written to the database (and always at shutdown).
    public var clickFlushInterval: Duration
    /// How many codes that do not exist a client address, and all addresses together, may try.
    public var inviteGuessLimits: GuessLimits
    /// How often expired deferred-link claims and old address salts are deleted.
    public var claimPurgeInterval: Duration
    /// How many bytes of memory the table of every short link may take (`LinkTable`, about
    /// 70 bytes a link with a short target): a visit of any link is answered without asking
    /// the database. Past it the table gives up and says so in the log, and visits go through
    /// the cache. `0` turns the table off. 256 MiB by default.
    public var linkTableBudget: Int
    /// How many short links each instance keeps in its cache of links asked lately (links with a
    /// click limit, and every link while the table is off or loading).
    public var linkCacheCapacity: Int
    /// How long a short link (or "no such link") is answered from memory before it is looked
    /// up again; a change made on this instance, or announced by another through PostgreSQL,
    /// removes it at once.
    public var linkCacheTimeToLive: Duration
    /// How long past ``linkCacheTimeToLive`` a cached short link keeps answering while the
    /// database cannot be asked (stale-if-error; its clicks are buffered until it returns);
    /// `.zero` turns it off. Five minutes by default.
    public var linkCacheStaleIfError: Duration
    /// The most distinct click counts (a link, a day, a platform, a referrer) buffered before
    /// they are stored; clicks past it, while the database does not take them, are dropped and
    /// counted in `/metrics` (`landfall_clicks_dropped_total`).
    public var clickBufferLimit: Int
    /// A flush of clicks spread over more distinct counts than this is appended to the click
    /// journal (one pass at the end of one table) instead of being added to each link's counts
    /// at once; `ClickJournalFolder` adds them in the background (`Storage/record(_:alreadyCounted:journalAbove:)`).
    public var clickJournalThreshold: Int
    /// Whether the demo's short links (`examples/demo/links.json`) and its invitation
    /// (`7KQ2M-X4P9T-HCW3R`) are added to the database when they are missing: `landfall serve`
    /// sets it when it serves the demo.
    public var seedsDemoLinks: Bool
    /// With ``seedsDemoLinks``, the password the demo's dashboard admin
    /// (``DemoSite/administratorEmail``) gets at this start: `landfall serve` makes one and
    /// prints it. `nil` leaves the demo without an admin.
    public var demoAdminPassword: String?
    /// The current time; tests move it.
    public var clock: @Sendable () -> Date
    /// The level of the server's logs.
    public var logLevel: Logger.Level
    /// The logger to use instead of one made with ``logLevel`` (tests capture the log with it).
    public var logger: Logger?
    /// Whether SIGHUP reloads the site (off in tests that run several servers in one process).
    public var reloadsOnHangup: Bool
    /// Called once the server listens, with the port it listens on (useful with port 0).
    public var onServerRunning: @Sendable (Int) async -> Void

    /// Creates a configuration that listens on 127.0.0.1:8080 and keeps its data in
    /// `landfall-data`.
    public init(site: SiteSource, host: String = "127.0.0.1", port: Int = 8080, dataDirectory: String = "landfall-data",
                clock: @escaping @Sendable () -> Date = { Date() }, logLevel: Logger.Level = .info,
                reloadsOnHangup: Bool = true, onServerRunning: @escaping @Sendable (Int) async -> Void = { _ in }) {
        self.site = site
        self.host = host
        self.port = port
        self.dataDirectory = dataDirectory
        self.clock = clock
        self.logLevel = logLevel
        self.logger = nil
        self.reloadsOnHangup = reloadsOnHangup
        self.onServerRunning = onServerRunning
        self.databaseURL = nil
        self.tls = nil
        self.rateLimit = RateLimit()
        self.clientAddressHeader = nil
        self.trustedProxies = []
        self.connectionLimits = ConnectionLimits()
        self.clickFlushInterval = .seconds(1)
        self.linkTableBudget = 256 << 20
        self.linkCacheCapacity = 50_000
        self.linkCacheTimeToLive = .seconds(10)
        self.linkCacheStaleIfError = .seconds(300)
        self.clickBufferLimit = 100_000
        self.clickJournalThreshold = 500
        self.inviteGuessLimits = GuessLimits()
        self.claimPurgeInterval = .seconds(600)
        self.seedsDemoLinks = false
    }

    /// Where links, clicks and keys are stored.
    public var storage: StorageLocation {
        databaseURL.map { .postgres(url: $0, connections: databaseConnections) } ?? .sqlite(directory: dataDirectory)
    }
}

/// A rate limit per client address: a bucket of ``burst`` requests refilled at
/// ``requestsPerSecond``; a request that finds the bucket empty gets 429 with `Retry-After`.
public struct RateLimit: Sendable, Hashable {
    /// The sustained rate.
    public var requestsPerSecond: Double
    /// How many requests may come at once after a quiet spell.
    public var burst: Int

    /// Creates a limit; the default, 20 a second with bursts of 200, leaves people (and offices
    /// behind one address) alone and stops a script walking the slug space.
    public init(requestsPerSecond: Double = 20, burst: Int = 200) {
        self.requestsPerSecond = requestsPerSecond
        self.burst = burst
    }
}
