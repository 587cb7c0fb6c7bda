import Foundation
import LandfallSite
import Testing
@testable import LandfallServer

/// ``Origins``: where the links of a page point. Through a development name they stay on this
/// machine over http (with the request's port); otherwise they are the configured hosts over
/// https.
@Suite struct OriginsTests {
    static func origins(role: HostRole, host: String, forwardedProto: String? = nil) throws -> Origins {
        let site = try SiteLoader.load(.demo, now: Demo.noon)
        return Origins(configuration: site.configuration, role: role, host: try #require(RequestHost(host)),
                       forwardedProto: forwardedProto)
    }

    @Test("through a configured host, links are on the https origins of the site and the interstitial", arguments: [
        (role: HostRole.site, host: Demo.site),
        (role: .alias, host: Demo.alias),
        (role: .links, host: Demo.links),
        (role: .interstitial, host: Demo.interstitial),
        (role: .site, host: "daily.example.com:8443"),
    ])
    func configuredHosts(role: HostRole, host: String) throws {
        let origins = try Self.origins(role: role, host: host)
        #expect(origins.site == "https://daily.example.com")
        #expect(origins.interstitial == "https://open.dailypuzzle.app")
        #expect(origins.canonicalSite == "https://daily.example.com")
        #expect(!origins.isPlainHTTP)
    }

    @Test("through a development name, links stay on development names over http, with the request's port", arguments: [
        (name: "localhost", standingFor: HostRole.site, host: "localhost:8080",
         site: "http://localhost:8080", interstitial: "http://127.0.0.1:8080"),
        (name: "localhost", standingFor: .site, host: "localhost", site: "http://localhost", interstitial: "http://127.0.0.1"),
        (name: "127.0.0.1", standingFor: .interstitial, host: "127.0.0.1:9000",
         site: "http://localhost:9000", interstitial: "http://127.0.0.1:9000"),
        (name: "go.localhost", standingFor: .links, host: "go.localhost:8080",
         site: "http://localhost:8080", interstitial: "http://127.0.0.1:8080"),
    ])
    func developmentNames(name: String, standingFor: HostRole, host: String, site: String, interstitial: String) throws {
        let origins = try Self.origins(role: .local(name: name, standingFor: standingFor), host: host)
        #expect(origins.site == site)
        #expect(origins.interstitial == interstitial)
        #expect(origins.canonicalSite == "https://daily.example.com", "the canonical origin never changes")
    }

    @Test("the request is plain http when the proxy's first X-Forwarded-Proto says http", arguments: [
        (header: "http" as String?, plain: true),
        (header: "HTTP", plain: true),
        (header: " http , https", plain: true),
        (header: "https", plain: false),
        (header: "https, http", plain: false),
        (header: "", plain: false),
        (header: "ws", plain: false),
        (header: nil, plain: false),
    ])
    func plainHTTP(header: String?, plain: Bool) throws {
        #expect(try Self.origins(role: .site, host: Demo.site, forwardedProto: header).isPlainHTTP == plain)
    }

    @Test("a canonical site URL is moved to the development origin, and nothing else is", arguments: [
        (url: "https://daily.example.com/puzzle/2026-11-20?ref=share", local: "http://localhost:8080/puzzle/2026-11-20?ref=share"),
        (url: "https://daily.example.com", local: "http://localhost:8080"),
        (url: "https://daily.example.com/", local: "http://localhost:8080/"),
        (url: "https://daily.example.com.evil.example/x", local: "https://daily.example.com.evil.example/x"),
        (url: "https://daily.example.community/x", local: "https://daily.example.community/x"),
        (url: "https://open.dailypuzzle.app/puzzle/2026-11-20", local: "https://open.dailypuzzle.app/puzzle/2026-11-20"),
        (url: "http://daily.example.com/x", local: "http://daily.example.com/x"),
    ])
    func localizedURLs(url: String, local: String) throws {
        let developer = try Self.origins(role: .local(name: "localhost", standingFor: .site), host: "localhost:8080")
        #expect(developer.localized(url) == local)
        let visitor = try Self.origins(role: .site, host: Demo.site)
        #expect(visitor.localized(url) == url, "through a configured host nothing moves")
    }
}
