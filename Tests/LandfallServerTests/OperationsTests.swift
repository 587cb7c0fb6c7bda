import Foundation
import Hummingbird
import Testing
@testable import LandfallServer

/// What operators rely on: health and readiness, metrics by route template, request ids,
/// and reloading the site without dropping a request.
@Suite struct OperationsTests {
    @Test("/health answers on any host", arguments: Transport.allCases)
    func healthAnswers(transport: Transport) async throws {
        let server = try await TestServer()
        try await server.run(transport) { client in
            for host in [Demo.site, Demo.interstitial, "10.0.0.7:8080", "unlisted.example.org"] {
                let response = try await client.get("/health", host: host)
                #expect(response.status == .ok, "on \(host)")
                #expect(response.text == "ok\n")
                #expect(response["Cache-Control"] == "no-store")
            }
        }
    }

    @Test("/ready is 200 while the database answers and 503 once it is closed", arguments: Transport.allCases)
    func readyFollowsTheDatabase(transport: Transport) async throws {
        let server = try await TestServer()
        try await server.run(transport) { client in
            let ready = try await client.get("/ready")
            #expect(ready.status == .ok)
            #expect(ready["Content-Type"] == "application/json")
            let json = try #require(try JSONSerialization.jsonObject(with: Data(ready.body)) as? [String: Any])
            #expect(json["ready"] as? Bool == true)
            #expect(json["database"] as? String == "ok")
            #expect((json["site"] as? String)?.contains("demo") == true)
            #expect(json["loadedAt"] as? String == "2026-11-20T17:00:00Z")

            await server.parts.storage.close()
            let closed = try await client.get("/ready")
            #expect(closed.status == .serviceUnavailable)
            let after = try #require(try JSONSerialization.jsonObject(with: Data(closed.body)) as? [String: Any])
            #expect(after["ready"] as? Bool == false)
            #expect(after["database"] as? String == "unavailable")
            #expect(try await client.get("/health").status == .ok, "the process still answers")
        }
    }

    @Test("a server that cannot listen stops with the reason and closes its database")
    func serverThatCannotListenClosesItsDatabase() async throws {
        let server = try await TestServer()
        try await server.run(.live) { client in
            let port = try #require(client.port)
            let data = try TemporaryDirectory("landfall-data")
            defer { data.remove() }
            // The same port as the running server: binding fails, the service group cancels the
            // database's service, and the database must still be closed (not leaked).
            let (second, parts) = try await makeApplication(ServerConfiguration(
                site: .demo, host: "localhost", port: port, dataDirectory: data.path, logLevel: .critical, reloadsOnHangup: false))
            await #expect(throws: (any Error).self) { try await second.run() }
            #expect(await !parts.storage.ping())
        }
    }

    /// The lines of `/metrics` for `landfall_http_requests_total`.
    static func requestSeries(_ metrics: String) -> [String] {
        metrics.split(separator: "\n").map(String.init).filter { $0.hasPrefix("landfall_http_requests_total{") }
    }

    @Test("/metrics counts requests by route template, so a hundred dates make one series", arguments: Transport.allCases)
    func metricsUseRouteTemplates(transport: Transport) async throws {
        let server = try await TestServer()
        try await server.run(transport) { client in
            var day = Moment.parse("2026-01-01T12:00:00Z")
            for _ in 0..<100 {
                let date = day.formatted(.iso8601.year().month().day())
                let response = try await client.get("/puzzle/\(date)")    // past days without content: 404
                #expect(response.status == .notFound, "\(date)")
                day.addTimeInterval(86_400)
            }
            _ = try await client.get("/.well-known/apple-app-site-association")
            _ = try await client.get("/apple-app-site-association", host: Demo.alias)
            _ = try await client.get("/no/such/page/\(UUID().uuidString)")
            _ = try await client.get("/", host: "unlisted.example.org")

            let metrics = try await client.get("/metrics")
            #expect(metrics.status == .ok)
            #expect(metrics["Content-Type"]?.hasPrefix("text/plain; version=0.0.4") == true)
            let series = Self.requestSeries(metrics.text)
            let puzzle = series.filter { $0.contains(#"route="/puzzle/:date""#) }
            #expect(puzzle.count == 1, "\(puzzle)")
            #expect(puzzle.first?.contains(#"status="404""#) == true)
            #expect(puzzle.first?.contains(#"method="GET""#) == true)
            #expect(puzzle.first?.hasSuffix(" 100") == true, "\(puzzle)")
            #expect(series.contains { $0.contains(#"route="/.well-known/apple-app-site-association""#) && $0.hasSuffix(" 2") },
                    "both Apple paths count under one label: \(series)")
            #expect(series.contains { $0.contains(#"route="not_found""#) })
            #expect(series.contains { $0.contains(#"route="unknown_host""#) })
            #expect(!metrics.text.contains("2026-01-"), "no raw URL in a label")
            #expect(!metrics.text.contains("unlisted.example.org"), "no raw host in a label")
            #expect(metrics.text.contains("landfall_http_request_duration_seconds"))
        }
    }

    /// Requests of every kind: each response must carry a request id.
    static let everyKindOfRequest: [(path: String, host: String?, method: HTTPRequest.Method, headers: HTTPFields)] = [
        ("/puzzle/2026-11-20", Demo.site, .get, [:]),
        ("/puzzle/2026-11-22", Demo.site, .get, [:]),
        ("/no/such/page", Demo.site, .get, [:]),
        ("/puzzle/2026-11-20", Demo.alias, .get, [:]),
        ("/puzzle/2026-11-20", Demo.interstitial, .get, [:]),
        ("/puzzle/2026-11-20", Demo.site, .get, [.init("X-Forwarded-Proto")!: "http"]),
        ("/puzzle/2026-11-20", Demo.site, .head, [:]),
        ("/puzzle/2026-11-20", Demo.site, .post, [:]),
        ("/puzzle/2026-11-20", "a b", .get, [:]),
        ("/puzzle/2026-11-20", "unlisted.example.org", .get, [:]),
        ("/" + String(repeating: "a", count: 5000), Demo.site, .get, [:]),
        ("/%00", Demo.site, .get, [:]),
        ("/.well-known/apple-app-site-association", Demo.site, .get, [:]),
        ("/.well-known/assetlinks.json", Demo.site, .options, [:]),
        ("/.well-known/assetlinks.json", Demo.site, .delete, [:]),
        ("/health", nil, .get, [:]),
        ("/ready", Demo.site, .get, [:]),
        ("/metrics", Demo.site, .get, [:]),
        ("/sitemap.xml", Demo.site, .get, [:]),
        ("/robots.txt", Demo.site, .get, [:]),
    ]

    @Test("every response carries a new request id")
    func everyResponseHasARequestID() async throws {
        let server = try await TestServer()
        try await server.run(.router) { client in
            var seen: Set<String> = []
            for (path, host, method, headers) in Self.everyKindOfRequest {
                let response = try await client.execute(path, method: method, host: host, headers: headers)
                let id = try #require(response["X-Request-ID"], "\(method) \(path.prefix(40)) on \(host ?? "(none)")")
                #expect((17...32).contains(id.count) && id.allSatisfy(\.isHexDigit), "\(id): Hummingbird's id")
                seen.insert(id)
            }
            #expect(seen.count == Self.everyKindOfRequest.count, "request ids repeat")
        }
    }

    @Test("a sane incoming X-Request-ID is kept", arguments: ["abc", "req-123_A.b", "0f8fad5b-d9cb-469f-a165-70867728950e",
                                                             String(repeating: "a", count: 128)])
    func saneRequestIDIsEchoed(id: String) async throws {
        let server = try await TestServer()
        try await server.run(.router) { client in
            for path in ["/puzzle/2026-11-20", "/.well-known/apple-app-site-association", "/health"] {
                let response = try await client.get(path, headers: [.init("X-Request-ID")!: id])
                #expect(response["X-Request-ID"] == id, "\(path)")
            }
        }
    }

    @Test("an X-Request-ID that could break a log line or a header is replaced", arguments: [
        "has spaces", String(repeating: "a", count: 129), String(repeating: "x", count: 500), "<script>", "a/b", "ünïcode",
        "a\"b", "a,b", "a;b", "",
    ])
    func insaneRequestIDIsReplaced(id: String) async throws {
        let server = try await TestServer()
        try await server.run(.router) { client in
            let response = try await client.get("/puzzle/2026-11-20", headers: [.init("X-Request-ID")!: id])
            let replaced = try #require(response["X-Request-ID"])
            #expect(replaced != id)
            // Hummingbird's id: its first half, drawn once per process, has no leading zeros, so
            // one process in 16 makes ids shorter than 32 digits (a full run failed on it).
            #expect((17...32).contains(replaced.count) && replaced.allSatisfy(\.isHexDigit), "\(replaced)")
        }
    }

    /// A site with one route, `/puzzle/:date`, and optionally `/invite/:code`.
    static func siteConfiguration(withInvite: Bool, description: String = "A puzzle a day, for tests.") -> String {
        TemporarySite.configuration(routes: """
              - name: puzzle
                pattern: /puzzle/:date
                parameters: {date: day}
                page: {title: "Puzzle for {date}", description: "\(description)"}
            """ + (withInvite ? """

              - name: invite
                pattern: /invite/:code
                page: {title: "You're invited ({code})"}
            """ : ""))
    }

    @Test("a reload serves the routes of the rewritten landfall.yml", arguments: Transport.allCases)
    func reloadServesNewRoutes(transport: Transport) async throws {
        let site = try TemporarySite(Self.siteConfiguration(withInvite: false))
        defer { site.remove() }
        let server = try await TestServer(site: site.source)
        try await server.run(transport) { client in
            #expect(try await client.get("/invite/ABC", host: TemporarySite.host).status == .notFound)
            let appleBefore = try await client.get("/.well-known/apple-app-site-association", host: TemporarySite.host)

            try site.write("landfall.yml", Self.siteConfiguration(withInvite: true))
            let loaded = try server.parts.sites.reload()
            #expect(loaded.configuration.routes.map(\.name) == ["puzzle", "invite"])

            let invite = try await client.get("/invite/ABC", host: TemporarySite.host)
            #expect(invite.status == .ok)
            #expect(HTMLPage(invite.text).title == "You&#39;re invited (ABC)")
            let appleAfter = try await client.get("/.well-known/apple-app-site-association", host: TemporarySite.host)
            #expect(appleAfter.text.contains("/invite/"), "the association file follows the routes")
            #expect(appleAfter["ETag"] != appleBefore["ETag"])
            #expect(try await client.get("/metrics").text.contains(#"landfall_site_reloads_total{result="ok"} 1"#))
        }
    }

    @Test("a reload of a broken landfall.yml throws why and keeps serving the site it had",
          arguments: ["site: [", "site:\n  name: No hosts\n", "", "hosts: {site: puzzles.example.com}\n"])
    func brokenReloadKeepsTheOldSite(broken: String) async throws {
        let site = try TemporarySite(Self.siteConfiguration(withInvite: true))
        defer { site.remove() }
        let server = try await TestServer(site: site.source)
        try await server.run(.router) { client in
            try site.write("landfall.yml", broken)
            #expect(throws: SiteLoadError.self) { try server.parts.sites.reload() }
            #expect(try await client.get("/invite/ABC", host: TemporarySite.host).status == .ok)
            #expect(try await client.get("/.well-known/apple-app-site-association", host: TemporarySite.host).status == .ok)
            let metrics = try await client.get("/metrics").text
            #expect(metrics.contains(#"landfall_site_reloads_total{result="refused"} 1"#))
            #expect(!metrics.contains(#"landfall_site_reloads_total{result="ok"}"#))
        }
    }

    @Test("requests in flight during many reloads all succeed")
    func requestsSurviveReloads() async throws {
        let site = try TemporarySite(Self.siteConfiguration(withInvite: true, description: "Version 0"))
        defer { site.remove() }
        let server = try await TestServer(site: site.source)
        let statuses = try await server.run(.router) { client in
            try await withThrowingTaskGroup(of: [Int].self) { group in
                group.addTask {
                    for version in 1...20 {
                        try site.write("landfall.yml", Self.siteConfiguration(withInvite: true, description: "Version \(version)"))
                        try server.parts.sites.reload()
                        await Task.yield()
                    }
                    return []
                }
                let paths = ["/puzzle/2026-11-20", "/invite/ABC", "/.well-known/apple-app-site-association", "/.well-known/assetlinks.json"]
                for index in 0..<200 {
                    group.addTask {
                        let response = try await client.get(paths[index % paths.count], host: TemporarySite.host)
                        return [response.status.code]
                    }
                }
                return try await group.reduce(into: [Int]()) { $0 += $1 }
            }
        }
        #expect(statuses.count == 200)
        #expect(statuses.allSatisfy { $0 == 200 }, "\(Dictionary(grouping: statuses, by: { $0 }).mapValues(\.count))")
        #expect(server.parts.sites.current.configuration.routes.first?.page.description?.text == "Version 20")
    }
}
