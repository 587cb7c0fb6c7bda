import ArgumentParser
import Foundation
import Hummingbird
import LandfallCards
import LandfallServer
import LandfallSite
import LandfallStorage
import Logging

/// `landfall serve [FILE]`: runs the link server; with no file, the built-in demo.
struct ServeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Run the link server: association files, pages, short links, the links API and operations endpoints.",
        discussion: """
            With no file, serves the built-in demo (a copy of examples/demo/ carried by the \
            binary): a daily-puzzle site on 127.0.0.1:8080 whose URLs it prints.

            With a site configuration, serves that site: /.well-known/apple-app-site-association \
            and /.well-known/assetlinks.json on every configured host (generated from the \
            routes, never redirected), each route's page from its template and content, and \
            /health, /ready and /metrics. Templates and content are read from templates/ and \
            content/ beside the file unless --templates or --content say otherwise. The file is \
            checked first, exactly as `landfall config check` does, and the server refuses to \
            start on any error. Pages and short links name their share card (the route's \
            `card:`), drawn on first request and kept in --data-dir/cards (with \
            --database-url too); a build without FreeType runs with cards off and says so here.

            Short links live on the link hosts (hosts.links: one, or a list) and are managed through the JSON API \
            under /v1/ (openapi/landfall.yaml) with keys from `landfall keys create`. They are \
            stored in SQLite in --data-dir, or in PostgreSQL with --database-url (or \
            $LANDFALL_DATABASE_URL), which several instances can share; the schema is migrated \
            at start. Pages, short links and the API are rate limited per client address \
            (--rate-limit, --rate-limit-burst): on PostgreSQL the API's limit, the \
            invitation-guess throttle and the dashboard's sign-in limit are shared by all \
            instances; page limits are per instance, so behind N instances set --rate-limit \
            to the wanted total divided by N.

            Connections: one that waits longer than --idle-timeout for its next request, takes \
            longer than --header-timeout to send a header or --body-timeout to send a body is \
            closed (over HTTP/2, a stream whose body stops arriving for --body-timeout is reset), \
            and one client address may hold --connections-per-client connections. \
            Behind a proxy, name it with --trusted-proxy and the header it writes the client's \
            address in with --client-address-header: the address is read from the right of that \
            header, past the trusted proxies (what a client writes at its left is ignored), and \
            the proxies' own connections are not limited.

            Webhooks (`landfall webhooks`, /v1/webhooks, the dashboard): every instance delivers \
            the events stored in the database's outbox, each delivery taken by one instance at a \
            time; --no-webhook-delivery leaves it to the others (events are stored either way). \
            Where endpoints may be is the site's webhooks: section.

            Outages: /ready answers 503 with the reason while the database does not answer a \
            check within a second (SQLite: also its file deleted, replaced, damaged or locked), \
            checked at most once a second, and 200 again by itself once it does. While the \
            database is down, requests that need it are answered 503 with Retry-After at once; \
            short links looked up before keep redirecting for --stale-if-error past their cache \
            time, their clicks buffered (at most --click-buffer-limit counts; clicks past it are \
            dropped and counted in /metrics as landfall_clicks_dropped_total). Started while \
            PostgreSQL cannot be reached, the server serves association files and pages at \
            once and connects (and migrates) in the background.

            HTTPS: plain HTTP is the default, for a server behind a proxy that holds the \
            certificate (examples/deploy/ has an nginx recipe). With --tls-certificate and \
            --tls-key, the server speaks TLS itself: HTTP/2 to clients that offer it by ALPN, \
            HTTP/1.1 to the others. Both files are checked at start (missing, not PEM, a key that \
            is not the certificate's: refused; an expired certificate: a warning).

            SIGTERM and SIGINT stop the server after the requests in flight (and the webhook \
            deliveries in flight); SIGHUP reloads the site and the TLS certificate and key (a \
            file with an error is refused and the running one kept; open connections go on).

            Examples:
              landfall serve
              landfall serve landfall.yml --port 8443 --data-dir /var/lib/landfall
              landfall serve landfall.yml --host 0.0.0.0 --log-level debug
              landfall serve landfall.yml --host 0.0.0.0 --port 443 \
                --tls-certificate /etc/landfall/fullchain.pem --tls-key /etc/landfall/key.pem
              landfall serve landfall.yml --database-url postgres://landfall@db:5432/landfall \
                --client-address-header X-Forwarded-For --trusted-proxy 10.0.0.0/8
            """
    )

    @Argument(help: ArgumentHelp("The site configuration (landfall.yml); the built-in demo when absent.", valueName: "file"))
    var file: String?

    @Option(help: "The address to listen on.")
    var host = "127.0.0.1"

    @Option(help: "The port to listen on (0 picks a free one).")
    var port = 8080

    @OptionGroup var storage: StorageOptions

    @Option(name: .customLong("rate-limit"),
            help: ArgumentHelp("Requests per second each client address may make to pages, short links and the API (0: no limit). "
                               + "The API's limit is shared by the instances on one PostgreSQL; the pages' is per instance "
                               + "(behind N instances a client gets up to N times it: set the wanted total divided by N).",
                               valueName: "per-second"))
    var rateLimit: Double = RateLimit().requestsPerSecond

    @Option(name: .customLong("rate-limit-burst"), help: ArgumentHelp("How many requests a client may make at once (per instance for pages, shared for the API on PostgreSQL).", valueName: "count"))
    var rateLimitBurst: Int = RateLimit().burst

    @OptionGroup(title: "Proxies and connections") var connections: ServeConnectionOptions

    @OptionGroup(title: "HTTPS") var tls: ServeTLSOptions

    @Option(help: ArgumentHelp("The page templates directory (default: templates/ beside the file).", valueName: "directory"))
    var templates: String?

    @Option(help: ArgumentHelp("The content directory (default: content/ beside the file).", valueName: "directory"))
    var content: String?

    @Option(name: .customLong("log-level"), help: "trace, debug, info, notice, warning, error or critical.")
    var logLevel = "info"

    @Option(name: .customLong("link-cache-ttl"),
            help: ArgumentHelp("How long a short link looked up is answered from the cache (links with a click limit, and every link while the table of every link is off or loading): 10s, 2m, 1h, or seconds alone (1s...1d, default 10s); a change on any instance removes it sooner.",
                               valueName: "duration"))
    var linkCacheTTL = "10s"

    @Option(name: .customLong("link-table-memory"),
            help: ArgumentHelp("""
                The most memory for keeping every short link in memory, so that a visit of any link is answered without \
                asking the database: 256MB, 1GB; 0 turns it off (default 256MB; about 70 bytes a link with a short target). \
                Past it the table is dropped, the log says so, and visits ask the database.
                """, valueName: "size"))
    var linkTableMemory = "256MB"

    @Option(name: .customLong("stale-if-error"),
            help: ArgumentHelp("How long short links keep redirecting from memory once the database cannot be asked: 90s, 5m, 1h; 0 turns it off (default 5m).",
                               valueName: "duration"))
    var staleIfError = "5m"

    @Option(name: .customLong("click-buffer-limit"),
            help: ArgumentHelp("The most distinct click counts (link, day, platform, referrer) buffered while the database does not take them; clicks past it are dropped and counted in /metrics (default 100000).",
                               valueName: "count"))
    var clickBufferLimit = 100_000

    @Flag(name: .customLong("no-webhook-delivery"),
          help: "Deliver no webhooks from this instance; other instances on the same PostgreSQL database do (events are stored either way).")
    var noWebhookDelivery = false

    /// How long a taken delivery is out of other instances' reach (tests shorten it to see a
    /// killed instance's deliveries taken again).
    @Option(name: .customLong("webhook-lease"), help: ArgumentHelp("Seconds a taken webhook delivery waits before another attempt if this instance dies (default 30).",
                                                                    valueName: "seconds", visibility: .hidden))
    var webhookLease = 30

    /// How long one webhook attempt may take (tests lengthen it to keep attempts in flight).
    @Option(name: .customLong("webhook-timeout"), help: ArgumentHelp("Seconds one webhook attempt may take, connecting included (default 10).",
                                                                      valueName: "seconds", visibility: .hidden))
    var webhookTimeout = 10

    func validate() throws {
        guard (0...65535).contains(port) else { throw ValidationError("--port must be 0...65535, not \(port)") }
        guard rateLimit >= 0, rateLimit.isFinite else { throw ValidationError("--rate-limit must be 0 (no limit) or more, not \(rateLimit)") }
        guard rateLimitBurst >= 1 else { throw ValidationError("--rate-limit-burst must be 1 or more, not \(rateLimitBurst)") }
        // Longer than an attempt's 10 s timeout, or an attempt still in flight would be repeated.
        guard (11...3_600).contains(webhookLease) else { throw ValidationError("--webhook-lease must be 11...3600 seconds, not \(webhookLease)") }
        guard (1...300).contains(webhookTimeout) else { throw ValidationError("--webhook-timeout must be 1...300 seconds, not \(webhookTimeout)") }
        guard webhookLease > webhookTimeout else {
            throw ValidationError("--webhook-lease (\(webhookLease) s) must be longer than --webhook-timeout (\(webhookTimeout) s): else another instance repeats an attempt still in flight")
        }
        let cacheSeconds: TimeInterval
        do {
            cacheSeconds = try DurationText(parsing: linkCacheTTL).seconds
        } catch {
            throw ValidationError("--link-cache-ttl: \(error.message)")
        }
        guard (1...86_400).contains(cacheSeconds) else {
            throw ValidationError("--link-cache-ttl must be 1s...1d (1 to 86400 seconds), not \(linkCacheTTL)")
        }
        do {
            _ = try DurationText(parsing: staleIfError)
        } catch {
            throw ValidationError("--stale-if-error: \(error.message)")
        }
        do {
            _ = try MemorySizeText(parsing: linkTableMemory)
        } catch {
            throw ValidationError("--link-table-memory: \(error.message)")
        }
        guard clickBufferLimit >= 1 else { throw ValidationError("--click-buffer-limit must be 1 or more, not \(clickBufferLimit)") }
        guard Logger.Level(rawValue: logLevel) != nil else {
            throw ValidationError("--log-level must be one of trace, debug, info, notice, warning, error, critical; not '\(logLevel)'")
        }
        if file == nil && (templates != nil || content != nil) {
            throw ValidationError("--templates and --content need a site configuration file; the demo carries its own")
        }
        for (name, path) in [("file", file), ("--templates", templates), ("--content", content)] {
            guard let path else { continue }
            guard FileManager.default.fileExists(atPath: path) else { throw ValidationError("\(name): \(path): no such file or directory") }
        }
    }

    func run() async throws {
        ProcessMemory.limitMallocArenas()
        let site: SiteSource = file.map { .file($0, templates: templates, content: content) } ?? .demo
        let isDemo = file == nil
        let host = self.host
        let scheme = tls.files == nil ? "http" : "https"
        let location = storage.location
        let dataDirectory: String
        let storedIn: String
        switch location {
        case .sqlite(let directory):
            dataDirectory = directory
            storedIn = "data in \(directory)/"
        case .postgres(let url, _):
            // The share cards drawn are kept there (cards/), with PostgreSQL too.
            dataDirectory = storage.dataDirectory
            storedIn = "data in \(StorageOptions.redacted(url))"
        }
        // The demo's dashboard admin gets a new password at every start, printed below: only its
        // hash is stored, so an earlier one cannot be shown again.
        let demoAdminPassword = isDemo ? DashboardPasswords.generate() : nil
        var configuration = ServerConfiguration(
            site: site, host: host, port: port, dataDirectory: dataDirectory,
            logLevel: Logger.Level(rawValue: logLevel) ?? .info,
            onServerRunning: { port in
                var lines = ["landfall is serving \(site.displayName) on \(scheme)://\(host):\(port) (\(storedIn))"]
                if isDemo {
                    lines.append("Try:")
                    for (what, url) in DemoSite.addressesToTry(base: "\(scheme)://localhost:\(port)", interstitialBase: "\(scheme)://127.0.0.1:\(port)",
                                                                      linksBase: "\(scheme)://go.localhost:\(port)") {
                        lines.append("  \(what):\n    \(url)")
                    }
                }
                if let demoAdminPassword {
                    lines.append("The dashboard: \(scheme)://admin.localhost:\(port)")
                    lines.append("  sign in as \(DemoSite.administratorEmail) with the password \(demoAdminPassword) (new at every start)")
                }
                if let cardsOff = CardRenderer.offReason { lines.append(cardsOff) }
                lines.append("Stop with Ctrl-C; reload the site\(scheme == "https" ? " and the certificate" : "") with `kill -HUP \(ProcessInfo.processInfo.processIdentifier)`.")
                FileHandle.standardError.write(Data((lines.joined(separator: "\n") + "\n").utf8))
            })
        if case .postgres(let url, let connections) = location {
            configuration.databaseURL = url
            configuration.databaseConnections = connections
        }
        configuration.rateLimit = rateLimit == 0 ? nil : RateLimit(requestsPerSecond: rateLimit, burst: rateLimitBurst)
        try connections.apply(to: &configuration)
        configuration.tls = tls.files
        configuration.seedsDemoLinks = isDemo
        configuration.demoAdminPassword = demoAdminPassword
        configuration.forcesNewDatabaseInEmptyFile = storage.force
        configuration.webhooks.delivers = !noWebhookDelivery
        configuration.webhooks.lease = .seconds(webhookLease)
        configuration.webhooks.timeout = .seconds(webhookTimeout)
        configuration.linkCacheStaleIfError = .seconds((try? DurationText(parsing: staleIfError).seconds) ?? 300)
        configuration.clickBufferLimit = clickBufferLimit
        configuration.linkTableBudget = (try? MemorySizeText(parsing: linkTableMemory).bytes) ?? configuration.linkTableBudget
        configuration.linkCacheTimeToLive = .seconds((try? DurationText(parsing: linkCacheTTL).seconds) ?? 10)
        let app: any ApplicationProtocol
        do {
            app = try await buildApplication(configuration)
        } catch {
            FileHandle.standardError.write(Data("error: landfall serve refused to start:\n\(error)\n".utf8))
            throw ExitCode(1)
        }
        try await app.runService()
    }
}
