import Foundation
import Hummingbird
import LandfallLinks
import LandfallSite
import LandfallStorage
import Logging
import ServiceLifecycle

/// Builds the link server: loads and checks the site (refusing to start on any error), opens
/// the database (running its migrations), and returns the Hummingbird application `landfall
/// serve` runs and the tests call in-process or over a real socket.
///
/// ```swift
/// let app = try await buildApplication(ServerConfiguration(site: .demo, port: 0))
/// try await app.test(.router) { client in
///     // HummingbirdTesting sends every request to `localhost`, the demo's development name
///     // for its site host (a `Host` header among `headers` would be a second, conflicting one).
///     try await client.execute(uri: "/.well-known/apple-app-site-association", method: .get) { response in ... }
/// }
/// ```
///
/// The application runs until SIGTERM or SIGINT, finishing requests in flight; SIGHUP reloads
/// the site and the TLS certificate (a reload that fails keeps the current one and logs why).
///
/// - Throws: ``ServerConfigurationError`` for settings that contradict each other;
///   ``TLSFileError`` for a TLS certificate or key that is missing, not PEM, or not a pair;
///   ``SiteLoadError`` for a configuration, template or content directory problem;
///   `StorageError` when the database cannot be opened or migrated, or is newer than this
///   version of Landfall knows; PostgreSQL that cannot be reached is not an error: the server
///   starts without it and connects in the background (`/ready` is 503 until then).
public func buildApplication(_ configuration: ServerConfiguration) async throws -> some ApplicationProtocol {
    try await makeApplication(configuration).application
}

/// ``buildApplication(_:)`` with the server's parts, which tests use to reload the site or
/// reach the database while the server runs.
func makeApplication(_ configuration: ServerConfiguration) async throws
    -> (application: Application<LandfallResponder>, components: ServerComponents) {
    let logger = configuration.logger ?? {
        var logger = Logger(label: "landfall", factory: ServerLogHandler.standardError)
        logger.logLevel = configuration.logLevel
        return logger
    }()
    try configuration.check()
    let certificates = try configuration.tls.map { files throws(TLSFileError) in
        let certificate = try ServerCertificate.load(files)
        for warning in certificate.warnings(at: configuration.clock()) { logger.warning("\(warning)") }
        return CertificateHolder(certificate)
    }
    let site = try SiteLoader.load(configuration.site, now: configuration.clock())
    // PostgreSQL that cannot be reached does not keep the server from starting: association
    // files and pages are served at once, /ready says 503 until it connects in the background.
    let storage = try await Storage.open(configuration.storage, logger: logger,
                                         forceNewDatabaseInEmptyFile: configuration.forcesNewDatabaseInEmptyFile, connectLater: true)
    let seed: @Sendable () async throws -> Void = {
        await LinkHostCaseCheck.warn(hosts: site.configuration.hosts, storage: storage, logger: logger)
        guard configuration.seedsDemoLinks else { return }
        try await DemoSite.seedLinks(into: storage, site: site.site, now: configuration.clock())
        try await DemoSite.seedInvitation(into: storage, now: configuration.clock())
        if let password = configuration.demoAdminPassword {
            try await DemoSite.seedAdministrator(into: storage, password: password, cost: configuration.dashboard.passwordCost,
                                                 now: configuration.clock())
        }
    }
    let seedsLater = !storage.isConnected
    if !seedsLater { try await seed() }
    let components = ServerComponents(site: site, storage: storage, configuration: configuration, logger: logger)
    // Shut down in reverse order, after the HTTP server: purging, change notifications and
    // the click journal's folding stop, the last clicks and claims are written, then the
    // database closes.
    var services: [any Service] = [
        StorageService(storage: storage),
        BufferFlushService(clicks: components.clicks, claims: components.claims, storage: storage, interval: configuration.clickFlushInterval,
                           logger: logger),
        ClickJournalFolder(storage: storage, clicks: components.clicks, interval: configuration.clickFlushInterval,
                           metrics: components.metrics, logger: logger),
        LinkChangeListener(storage: storage, links: components.links, metrics: components.metrics, logger: logger),
        PurgeService(storage: storage, interval: configuration.claimPurgeInterval, sessions: configuration.dashboard.sessions,
                     sites: components.sites, clock: configuration.clock, logger: logger),
    ]
    if configuration.webhooks.delivers {
        // Before the last flush of clicks at shutdown: it stops first, with its attempts in flight finished.
        services.insert(WebhookDeliveryService(storage: storage,
                                               sender: WebhookSender(resolver: configuration.webhooks.resolver, timeout: configuration.webhooks.timeout,
                                                                     concurrency: configuration.webhooks.concurrency),
                                               sites: components.sites, configuration: configuration.webhooks, metrics: components.metrics,
                                               clock: configuration.clock,
                                               logger: logger), at: 2)
    }
    if seedsLater {
        services.append(StorageConnectionService(storage: storage, whenConnected: seed, logger: logger))
    }
    if configuration.reloadsOnHangup {
        services.append(ReloadService(sites: components.sites, certificates: certificates, storage: storage,
                                      clock: configuration.clock, logger: logger))
    }
    let trustedProxies = TrustedProxies(configuration.trustedProxies)
    let server = try certificates.map {
        try LandfallTLSChannel.builder(certificates: $0, limits: configuration.connectionLimits, trustedProxies: trustedProxies,
                                       metrics: components.metrics)
    } ?? LandfallHTTP1Channel.builder(limits: configuration.connectionLimits, trustedProxies: trustedProxies, metrics: components.metrics)
    let application = Application(
        responder: buildRouter(components).responder,
        server: server,
        configuration: ApplicationConfiguration(address: .hostname(configuration.host, port: configuration.port),
                                                serverName: "landfall"),
        services: services,
        onServerRunning: { channel in await configuration.onServerRunning(channel.localAddress?.port ?? configuration.port) },
        logger: logger
    )
    return (application, components)
}
