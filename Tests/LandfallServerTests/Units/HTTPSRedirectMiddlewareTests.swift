import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing
@testable import LandfallServer

/// ``HTTPSRedirectMiddleware``: a page request a proxy marks `X-Forwarded-Proto: http` is sent
/// to the same address over https (301), except through a development name and near the
/// association files.
@Suite struct HTTPSRedirectMiddlewareTests {
    static let forwardedProto = HTTPField.Name("X-Forwarded-Proto")!

    /// Hosts resolved, then the middleware, before a route taking every path.
    static func router() throws -> Router<LandfallRequestContext> {
        let sites = try UnitHarness.demoSites()
        let router = UnitHarness.router()
        router.add(middleware: RouteLabelSpy())
        router.add(middleware: RequestIDMiddleware())
        router.add(middleware: ErrorMiddleware(sites: sites))
        router.add(middleware: HostMiddleware(sites: sites))
        router.add(middleware: HTTPSRedirectMiddleware())
        router.get("/**") { _, _ in Response.text(.ok, "served") }
        return router
    }

    static func headers(host: String, proto: String?) -> HTTPFields {
        var headers = UnitHarness.hosts(host)
        if let proto { headers[forwardedProto] = proto }
        return headers
    }

    @Test("plain http through a configured host is moved to https, with its path and query", arguments: [
        (host: Demo.site, target: "/puzzle/2026-11-20", location: "https://daily.example.com/puzzle/2026-11-20"),
        (host: Demo.site, target: "/puzzle/2026-11-20?ref=share&x=%20y",
         location: "https://daily.example.com/puzzle/2026-11-20?ref=share&x=%20y"),
        (host: "DAILY.example.com", target: "/", location: "https://daily.example.com/"),
        (host: Demo.alias, target: "/puzzle/today", location: "https://www.daily.example.com/puzzle/today"),
        (host: Demo.links, target: "/friday", location: "https://go.daily.example.com/friday"),
        (host: Demo.interstitial, target: "/puzzle/2026-11-20", location: "https://open.dailypuzzle.app/puzzle/2026-11-20"),
        (host: Demo.site, target: "/.well-knownish", location: "https://daily.example.com/.well-knownish"),
    ])
    func plainHTTPIsRedirected(host: String, target: String, location: String) async throws {
        try await UnitHarness.test(try Self.router(), wireHost: true) { client in
            let response = try await client.send(target, .get, headers: Self.headers(host: host, proto: "http"))
            #expect(response.status == .movedPermanently)
            #expect(response["Location"] == location)
            #expect(response["Cache-Control"] == "public, max-age=3600")
            #expect(response.body.readableBytes == 0)
            #expect(response.headers[UnitHarness.routeLabel] == "redirect_https")
        }
    }

    @Test("the first X-Forwarded-Proto decides, in any case", arguments: [
        (proto: "HTTP", redirected: true),
        (proto: "http, https", redirected: true),
        (proto: "https", redirected: false),
        (proto: "https, http", redirected: false),
        (proto: "", redirected: false),
    ])
    func firstProtoDecides(proto: String, redirected: Bool) async throws {
        try await UnitHarness.test(try Self.router(), wireHost: true) { client in
            let response = try await client.send("/puzzle/today", .get, headers: Self.headers(host: Demo.site, proto: proto))
            #expect(response.status == (redirected ? .movedPermanently : .ok))
        }
    }

    @Test("without X-Forwarded-Proto nothing is redirected")
    func noProxyNoRedirect() async throws {
        try await UnitHarness.test(try Self.router(), wireHost: true) { client in
            let response = try await client.send("/puzzle/today", .get, headers: Self.headers(host: Demo.site, proto: nil))
            #expect(response.status == .ok)
            #expect(response.text == "served")
        }
    }

    @Test("development names stay on http", arguments: ["localhost", "localhost:8080", "127.0.0.1:8080", "go.localhost:8080"])
    func developmentNamesStay(host: String) async throws {
        try await UnitHarness.test(try Self.router(), wireHost: true) { client in
            let response = try await client.send("/puzzle/today", .get, headers: Self.headers(host: host, proto: "http"))
            #expect(response.status == .ok)
            #expect(response["Location"] == nil)
        }
    }

    @Test("paths near the association files are never redirected", arguments: [
        "/.well-known/apple-app-site-association", "/.well-known/apple-app-site-association/", "/.well-known/assetlinks.json",
        "/.well-known/security.txt", "/apple-app-site-association", "/apple-app-site-association.json",
    ])
    func associationPathsStay(path: String) async throws {
        try await UnitHarness.test(try Self.router(), wireHost: true) { client in
            for host in [Demo.site, Demo.links] {
                let response = try await client.send(path, .get, headers: Self.headers(host: host, proto: "http"))
                #expect(response.status == .ok, "\(host)\(path)")
                #expect(response["Location"] == nil)
            }
        }
    }
}
