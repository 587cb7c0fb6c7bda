import AppSiteAssociation
import Foundation
import Hummingbird
import HummingbirdTesting
import LandfallSite
import Testing
@testable import LandfallServer

/// The association files: served from memory on every host the site answers on, exactly at
/// their paths, with validators, and never redirected.
@Suite struct AssociationHostingTests {
    /// The three paths, and whether each serves the Apple file.
    static let paths: [(path: String, isApple: Bool)] = [
        ("/.well-known/apple-app-site-association", true),
        ("/apple-app-site-association", true),
        ("/.well-known/assetlinks.json", false),
    ]

    /// The hosts a browser or Apple's CDN may name for the demo: the configured ones, the
    /// development names with and without a port, and spellings that stand for the site host.
    static let hosts = Demo.hosts + ["DAILY.Example.COM", "daily.example.com.", "daily.example.com:443", "go.localhost"]

    @Test("every host the site answers on serves each association file", arguments: Transport.allCases, hosts)
    func everyHostServesEachFile(transport: Transport, host: String) async throws {
        let site = try Demo.configuredSite()
        let server = try await TestServer()
        try await server.run(transport) { client in
            for (path, isApple) in Self.paths {
                let response = try await client.get(path, host: host)
                #expect(response.status == .ok, "\(path) on \(host)")
                #expect(response["Content-Type"] == "application/json", "\(path) on \(host)")
                #expect(response["Cache-Control"] == "public, max-age=3600", "\(path) on \(host)")
                #expect(response["Location"] == nil)
                let etag = try #require(response["ETag"], "\(path) on \(host)")
                #expect(etag.hasPrefix("\"") && etag.hasSuffix("\"") && etag.count > 2)
                // The link host (and its development name) serves its own pair, which claims short links.
                let role = try #require(site.configuration.hosts.role(of: String(host.split(separator: ":").first ?? "")
                    .lowercased().trimmingCharacters(in: CharacterSet(charactersIn: "."))))
                #expect(response.text == (isApple ? site.appleAssociationJSON(for: role) : site.assetLinksJSON(for: role)) + "\n",
                        "\(path) on \(host)")
                let report = isApple ? AssociationLinter().lint(response.body) : AssetLinksLinter().lint(response.body)
                #expect(report.passes(strict: true), "\(path) on \(host): \(report.diagnostics)")
            }
        }
    }

    @Test("buildApplication's documented in-process call gets the file through localhost")
    func documentedExampleWorks() async throws {
        let data = try TemporaryDirectory("landfall-data")
        defer { data.remove() }
        let app = try await buildApplication(ServerConfiguration(site: .demo, port: 0, dataDirectory: data.path,
                                                                 logLevel: .critical, reloadsOnHangup: false))
        let expected = try Demo.configuredSite().appleAssociationJSON + "\n"
        try await app.test(.router) { client in
            try await client.execute(uri: "/.well-known/apple-app-site-association", method: .get) { response in
                #expect(response.status == .ok)
                #expect(String(buffer: response.body) == expected)
            }
            // A Host header given among the headers is a second Host line, which the server refuses.
            try await client.execute(uri: "/.well-known/apple-app-site-association", method: .get,
                                     headers: [.init("Host")!: Demo.site]) { response in
                #expect(response.status == .badRequest)
            }
        }
    }

    @Test("HEAD answers the same headers and length as GET, with no body", arguments: Transport.allCases)
    func headHasTheHeadersOfGet(transport: Transport) async throws {
        let server = try await TestServer()
        try await server.run(transport) { client in
            for (path, _) in Self.paths {
                let get = try await client.get(path)
                let head = try await client.execute(path, method: .head)
                #expect(head.status == .ok)
                #expect(head.body.isEmpty, "\(path)")
                #expect(head["Content-Length"] == String(get.body.count), "\(path)")
                for name in ["Content-Type", "ETag", "Cache-Control"] {
                    #expect(head[name] == get[name], "\(path): \(name)")
                }
            }
        }
    }

    @Test("a client that has the file gets 304 Not Modified", arguments: Transport.allCases)
    func matchingETagGetsNotModified(transport: Transport) async throws {
        let server = try await TestServer()
        try await server.run(transport) { client in
            for (path, _) in Self.paths {
                let etag = try #require(try await client.get(path)["ETag"])
                for ifNoneMatch in [etag, "W/\(etag)", "\"00000000\", \(etag)", "*"] {
                    for method in [HTTPRequest.Method.get, .head] {
                        let response = try await client.execute(path, method: method, headers: [.ifNoneMatch: ifNoneMatch])
                        #expect(response.status == .notModified, "\(method) \(path) with If-None-Match: \(ifNoneMatch)")
                        #expect(response.body.isEmpty)
                        #expect(response["ETag"] == etag)
                        #expect(response["Cache-Control"] == "public, max-age=3600")
                    }
                }
                let stale = try await client.get(path, headers: [.ifNoneMatch: "\"0123456789abcdef\""])
                #expect(stale.status == .ok, "\(path) with another ETag")
                #expect(!stale.body.isEmpty)
            }
        }
    }

    @Test("the two Apple paths serve the same file, and each file has its own ETag")
    func etagsFollowTheBody() async throws {
        let server = try await TestServer()
        try await server.run(.router) { client in
            let wellKnown = try await client.get("/.well-known/apple-app-site-association")
            let root = try await client.get("/apple-app-site-association")
            let android = try await client.get("/.well-known/assetlinks.json")
            #expect(wellKnown.body == root.body)
            #expect(wellKnown["ETag"] == root["ETag"])
            #expect(wellKnown["ETag"] != android["ETag"])
        }
    }

    @Test("OPTIONS says which methods are allowed")
    func optionsListsMethods() async throws {
        let server = try await TestServer()
        try await server.run(.router) { client in
            for (path, _) in Self.paths {
                let response = try await client.execute(path, method: .options)
                #expect(response.status == .noContent, "\(path)")
                #expect(response["Allow"] == "GET, HEAD, OPTIONS")
                #expect(response.body.isEmpty)
            }
        }
    }

    @Test("methods that write are refused with 405 and Allow", arguments: [HTTPRequest.Method.post, .put, .delete, .patch])
    func writingMethodsAreRefused(method: HTTPRequest.Method) async throws {
        let server = try await TestServer()
        try await server.run(.router) { client in
            for (path, _) in Self.paths {
                let response = try await client.execute(path, method: method, body: "{}")
                #expect(response.status == .methodNotAllowed, "\(method) \(path)")
                #expect(response["Allow"] == "GET, HEAD, OPTIONS")
                #expect(!response.text.contains("applinks") && !response.text.contains("relation"))
            }
        }
    }

    @Test("a host the site does not list gets 404 and never another host's file",
          arguments: Transport.allCases, ["example.com", "evil.test", "daily.example.com.evil.test", "evil-daily.example.com",
                                          "dailypuzzle.app", "localhost.evil.test", "127.0.0.2"])
    func unknownHostGetsNotFound(transport: Transport, host: String) async throws {
        let server = try await TestServer()
        try await server.run(transport) { client in
            for (path, _) in Self.paths {
                let response = try await client.get(path, host: host)
                #expect(response.status == .notFound, "\(path) on \(host)")
                #expect(response["ETag"] == nil)
                for secret in ["applinks", "ABCDE12345", "relation", "com.example.dailypuzzle"] {
                    #expect(!response.text.contains(secret), "\(path) on \(host) shows \(secret)")
                }
            }
        }
    }

    /// Requests that a careless server answers with a redirect, which iOS does not follow.
    static let neverRedirected: [(host: String, path: String, forwardedProto: String?)] = {
        var cases: [(String, String, String?)] = []
        for host in [Demo.site, Demo.alias, Demo.links, Demo.interstitial, Demo.localSite, Demo.localInterstitial] {
            for (path, _) in paths {
                cases.append((host, path, nil))
                cases.append((host, path, "http"))
                cases.append((host, path + "/", nil))
                cases.append((host, path + "/", "http"))
                cases.append((host, path + "?utm_source=test", "http"))
            }
        }
        return cases
    }()

    @Test("the association files are never redirected: not on an alias, not to https, not with a trailing slash")
    func filesAreNeverRedirected() async throws {
        let server = try await TestServer()
        try await server.run(.router) { client in
            for (host, path, forwardedProto) in Self.neverRedirected {
                var headers = HTTPFields()
                if let forwardedProto { headers[.init("X-Forwarded-Proto")!] = forwardedProto }
                let response = try await client.get(path, host: host, headers: headers)
                let description = "\(path) on \(host)\(forwardedProto.map { " (X-Forwarded-Proto: \($0))" } ?? "")"
                #expect(!(300..<400).contains(response.status.code), "\(description) answered \(response.status.code)")
                #expect(response["Location"] == nil, "\(description)")
                #expect(response.status == (path.hasSuffix("/") ? .notFound : .ok), "\(description)")
            }
        }
    }

    @Test("every example of every demo route opens the app through the served files, unless the route stays on the web")
    func examplesMatchTheServedFiles() async throws {
        let site = try Demo.configuredSite()
        let server = try await TestServer()
        let (apple, android) = try await server.run(.router) { client in
            (try await client.get("/.well-known/apple-app-site-association").body,
             try await client.get("/.well-known/assetlinks.json").body)
        }
        let appleMatcher = AssociationMatcher(try AssociationFile(json: apple))
        let androidMatcher = AssetLinksMatcher(try AssetLinksFile(json: android))
        var checked = (opening: 0, staying: 0)
        for route in site.configuration.routes {
            for example in route.definition.examples {
                let url = try LinkURL(parsing: example)
                let ios = appleMatcher.decision(for: url, appID: Demo.appID)
                #expect(ios.opensApp == route.opensApp, "\(example) (route \(route.name)) on iOS: \(ios.outcome)")
                let decision = androidMatcher.decision(for: url, packageName: Demo.androidPackage)
                #expect((decision.outcome == .match) == route.opensApp, "\(example) (route \(route.name)) on Android: \(decision.outcome)")
                if route.opensApp { checked.opening += 1 } else { checked.staying += 1 }
            }
        }
        #expect(checked.opening >= 4 && checked.staying >= 1, "the demo should have examples of both kinds")
    }

    @Test("a site without an Android app has no assetlinks.json, and still serves its Apple file")
    func siteWithoutAndroidHasNoAssetLinks() async throws {
        let site = try TemporarySite(TemporarySite.configuration(android: false, routes: """
              - name: invite
                pattern: /invite/:code
                examples: [https://puzzles.example.com/invite/ABC]
            """))
        defer { site.remove() }
        let server = try await TestServer(site: site.source)
        try await server.run(.router) { client in
            let assetLinks = try await client.get("/.well-known/assetlinks.json", host: TemporarySite.host)
            #expect(assetLinks.status == .notFound)
            #expect(!assetLinks.text.contains("relation"))
            let apple = try await client.get("/.well-known/apple-app-site-association", host: TemporarySite.host)
            #expect(apple.status == .ok)
            #expect(apple.text.contains("ABCDE12345.com.example.puzzles"))
        }
    }

    @Test("the association files are served from memory while the database is down", arguments: Transport.allCases)
    func filesOutliveTheDatabase(transport: Transport) async throws {
        let server = try await TestServer()
        try await server.run(transport) { client in
            #expect(try await client.get("/ready").status == .ok)
            await server.parts.storage.close()
            #expect(try await client.get("/ready").status == .serviceUnavailable)
            for (path, _) in Self.paths {
                for host in [Demo.site, Demo.alias, Demo.interstitial] {
                    let response = try await client.get(path, host: host)
                    #expect(response.status == .ok, "\(path) on \(host)")
                    #expect(!response.body.isEmpty)
                }
            }
        }
    }
}
