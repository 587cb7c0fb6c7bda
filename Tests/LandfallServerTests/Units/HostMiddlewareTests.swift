import HTTPTypes
import Hummingbird
import HummingbirdTesting
import LandfallSite
import Testing
@testable import LandfallServer

/// ``HostMiddleware``: a known `Host` puts the site, the host and its role in the context; a
/// missing, malformed or doubled one is a 400 page; a host the site does not list, a 404 in
/// plain text.
@Suite struct HostMiddlewareTests {
    static let role = HTTPField.Name("X-Test-Role")!
    static let authority = HTTPField.Name("X-Test-Authority")!
    static let sameSite = HTTPField.Name("X-Test-Same-Site")!
    static let forwardedProto = HTTPField.Name("X-Test-Forwarded-Proto")!
    static let requestID = HTTPField.Name("X-Request-ID")!

    /// The middleware (with the request id and the error answers it needs) before a route
    /// answering with what the context holds.
    static func router(_ sites: SiteHolder) -> Router<LandfallRequestContext> {
        let router = UnitHarness.router()
        router.add(middleware: RouteLabelSpy())
        router.add(middleware: RequestIDMiddleware())
        router.add(middleware: ErrorMiddleware(sites: sites))
        router.add(middleware: HostMiddleware(sites: sites))
        router.get("/where") { _, context in
            let host = try context.host
            let site = try context.site
            return Response(status: .ok, headers: [
                role: describe(host.role),
                authority: host.name.authority,
                sameSite: "\(host.site === sites.current && site === sites.current)",
                forwardedProto: host.forwardedProto ?? "none",
            ])
        }
        return router
    }

    static func describe(_ role: HostRole) -> String {
        switch role {
        case .site: "site"
        case .alias: "alias"
        case .links: "links"
        case .interstitial: "interstitial"
        case .admin: "admin"
        case .local(let name, let standingFor): "\(name) for \(describe(standingFor))"
        }
    }

    @Test("a host the site lists is resolved to its role, with the site, in the context", arguments: [
        (host: "daily.example.com", role: "site", authority: "daily.example.com"),
        (host: "DAILY.Example.com.", role: "site", authority: "daily.example.com"),
        (host: "daily.example.com:443", role: "site", authority: "daily.example.com:443"),
        (host: "www.daily.example.com", role: "alias", authority: "www.daily.example.com"),
        (host: "go.daily.example.com", role: "links", authority: "go.daily.example.com"),
        (host: "open.dailypuzzle.app", role: "interstitial", authority: "open.dailypuzzle.app"),
        (host: "admin.daily.example.com", role: "admin", authority: "admin.daily.example.com"),
        (host: "admin.localhost:8080", role: "admin.localhost for admin", authority: "admin.localhost:8080"),
    ])
    func knownHosts(host: String, role: String, authority: String) async throws {
        let sites = try UnitHarness.demoSites()
        try await UnitHarness.test(Self.router(sites), wireHost: true) { client in
            let response = try await client.send("/where", .get, headers: UnitHarness.hosts(host))
            #expect(response.status == .ok)
            #expect(response.headers[Self.role] == role)
            #expect(response.headers[Self.authority] == authority)
            #expect(response.headers[Self.sameSite] == "true")
            #expect(response.headers[UnitHarness.routeLabel] == "/where")
        }
    }

    @Test("a development name is resolved to the role of the host it stands for", arguments: [
        (host: "localhost", role: "localhost for site", authority: "localhost"),
        (host: "localhost:8080", role: "localhost for site", authority: "localhost:8080"),
        (host: "127.0.0.1:8080", role: "127.0.0.1 for interstitial", authority: "127.0.0.1:8080"),
        (host: "go.localhost:8080", role: "go.localhost for links", authority: "go.localhost:8080"),
    ])
    func developmentNames(host: String, role: String, authority: String) async throws {
        let sites = try UnitHarness.demoSites()
        try await UnitHarness.test(Self.router(sites), wireHost: true) { client in
            let response = try await client.send("/where", .get, headers: UnitHarness.hosts(host))
            #expect(response.status == .ok)
            #expect(response.headers[Self.role] == role)
            #expect(response.headers[Self.authority] == authority)
        }
    }

    @Test("a second Host naming the same host is accepted", arguments: [
        ["daily.example.com", "daily.example.com"],
        ["daily.example.com", "DAILY.EXAMPLE.COM."],
    ])
    func repeatedSameHost(hosts: [String]) async throws {
        let sites = try UnitHarness.demoSites()
        try await UnitHarness.test(Self.router(sites), wireHost: true) { client in
            let headers = HTTPFields(hosts.map { HTTPField(name: UnitHarness.host, value: $0) })
            let response = try await client.send("/where", .get, headers: headers)
            #expect(response.status == .ok)
            #expect(response.headers[Self.role] == "site")
        }
    }

    @Test("a missing, malformed or conflicting Host is a 400 page naming the request id", arguments: [
        [String](),
        [""],
        ["daily example.com"],
        ["daily_puzzle.example.com"],
        ["daily.example.com:99999"],
        ["daily.example.com:+443"],
        ["daily.example.com", "evil.example"],
        ["daily.example.com", "daily.example.com:8080"],
        ["daily.example.com", "bad host"],
    ])
    func badHosts(hosts: [String]) async throws {
        let sites = try UnitHarness.demoSites()
        try await UnitHarness.test(Self.router(sites), wireHost: true) { client in
            var headers = HTTPFields(hosts.map { HTTPField(name: UnitHarness.host, value: $0) })
            headers[Self.requestID] = "bad-host-1"
            let response = try await client.send("/where", .get, headers: headers)
            #expect(response.status == .badRequest)
            #expect(response["Content-Type"] == "text/html; charset=utf-8")
            #expect(response.text.contains("Bad request"))
            #expect(response.text.contains("Host header is missing or malformed"))
            #expect(response.text.contains("bad-host-1"))
            #expect(response.headers[Self.role] == nil, "the route was not reached")
            #expect(response.headers[UnitHarness.routeLabel] == "bad_host")
        }
    }

    @Test("a host the site does not list is a 404 in plain text naming it", arguments: [
        (host: "evil.example", name: "evil.example"),
        (host: "EVIL.example:8080", name: "evil.example"),
        (host: "example.com", name: "example.com"),
        (host: "daily.example.com.evil.example", name: "daily.example.com.evil.example"),
        (host: "[::1]:8080", name: "[::1]"),
    ])
    func unknownHosts(host: String, name: String) async throws {
        let sites = try UnitHarness.demoSites()
        try await UnitHarness.test(Self.router(sites), wireHost: true) { client in
            let response = try await client.send("/where", .get, headers: UnitHarness.hosts(host))
            #expect(response.status == .notFound)
            #expect(response["Content-Type"] == "text/plain; charset=utf-8")
            #expect(response.text == "This server does not serve \(name).\n")
            #expect(response.headers[UnitHarness.routeLabel] == "unknown_host")
        }
    }

    @Test("the proxy's X-Forwarded-Proto is kept with the host")
    func forwardedProtoIsKept() async throws {
        let sites = try UnitHarness.demoSites()
        try await UnitHarness.test(Self.router(sites), wireHost: true) { client in
            var headers = UnitHarness.hosts(Demo.site)
            headers[HTTPField.Name("X-Forwarded-Proto")!] = "http"
            let proxied = try await client.send("/where", .get, headers: headers)
            #expect(proxied.headers[Self.forwardedProto] == "http")
            let direct = try await client.send("/where", .get, headers: UnitHarness.hosts(Demo.site))
            #expect(direct.headers[Self.forwardedProto] == "none")
        }
    }
}
