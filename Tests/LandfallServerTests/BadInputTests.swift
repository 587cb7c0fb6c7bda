import Foundation
import Hummingbird
import Testing
@testable import LandfallServer

/// What the server does with requests no browser sends: broken Host headers, absurd
/// addresses, paths that try to climb out of the content directory, and methods that write.
@Suite struct BadInputTests {
    static let malformedHosts = [
        "", "a b", "x:99999", "x:abc", "[::1", String(repeating: "a", count: 300), "daily.example.com:0",
        "daily.example.com:-1", "daily.example.com:+443", "daily.example.com:80:80", "user@daily.example.com",
        "daily.example.com/evil", "dä.example.com", "daily_example.com?", "[::1]x", "[zz::1]",
    ]

    @Test("a malformed Host header gets the 400 page", arguments: malformedHosts)
    func malformedHostGetsBadRequest(host: String) async throws {
        let server = try await TestServer()
        try await server.run(.router) { client in
            for path in ["/puzzle/2026-11-20", "/.well-known/apple-app-site-association"] {
                let response = try await client.get(path, host: host)
                #expect(response.status == .badRequest, "\(path) with Host '\(host)'")
                #expect(response["Content-Type"] == "text/html; charset=utf-8")
                #expect(response["Cache-Control"] == "no-store")
                #expect(response.text.contains("Bad request"))
                #expect(!response.text.contains("applinks"))
            }
        }
    }

    @Test("over a real connection, a missing or malformed Host header gets 400", arguments: [nil, "", "a b", "x:99999", "[::1"])
    func malformedHostOverTheWire(host: String?) async throws {
        let server = try await TestServer()
        try await server.run(.live) { client in
            let response = try await client.get("/.well-known/apple-app-site-association", host: host)
            #expect(response.status == .badRequest, "Host '\(host ?? "(none)")'")
        }
    }

    @Test("a request with a second, different Host header gets 400, whichever host it names first",
          arguments: [(Demo.site, "evil.test"), ("evil.test", Demo.site), (Demo.alias, Demo.site), (Demo.site, "localhost")])
    func conflictingHostHeadersGetBadRequest(first: String, second: String) async throws {
        // HTTP/1.1 (RFC 9112, section 3.2) requires 400 for more than one Host line: a proxy
        // that reads the other one would cache this answer for the wrong host.
        let server = try await TestServer()
        try await server.run(.live) { client in
            for path in ["/puzzle/2026-11-20", "/.well-known/apple-app-site-association"] {
                let response = try await client.get(path, host: first, headers: [.init("Host")!: second])
                #expect(response.status == .badRequest, "\(path) with Host: \(first) and Host: \(second)")
            }
            let repeated = try await client.get("/puzzle/2026-11-20", host: Demo.site, headers: [.init("Host")!: Demo.site])
            #expect(repeated.status == .ok, "the same host twice names one host")
        }
    }

    @Test("well-formed Host headers the site does not list get 404, not 400", arguments: ["[::1]", "[::1]:8080", "10.0.0.1", "EXAMPLE.com:1"])
    func wellFormedUnknownHostGetsNotFound(host: String) async throws {
        let server = try await TestServer()
        try await server.run(.router) { client in
            let response = try await client.get("/.well-known/apple-app-site-association", host: host)
            #expect(response.status == .notFound, "Host '\(host)'")
        }
    }

    @Test("an address longer than any link gets 414", arguments: Transport.allCases)
    func longAddressGetsURITooLong(transport: Transport) async throws {
        let server = try await TestServer()
        try await server.run(transport) { client in
            let long = String(repeating: "a", count: 10 * 1024)
            for path in ["/puzzle/\(long)", "/puzzle/2026-11-20?q=\(long)", "/.well-known/apple-app-site-association/\(long)"] {
                let response = try await client.get(path)
                #expect(response.status == .uriTooLong, "\(path.prefix(40))…")
                #expect(response.text.contains("That address is too long"))
            }
            let longest = "/puzzle/" + String(repeating: "a", count: PathLengthMiddleware.maximumLength - "/puzzle/".count)
            #expect(try await client.get(longest).status == .notFound, "the longest accepted path")
        }
    }

    @Test("an API address longer than any link gets 414 as the API's JSON error, uri_too_long", arguments: Transport.allCases)
    func longAPIAddressGetsAJSONError(transport: Transport) async throws {
        let server = try await TestServer()
        try await server.run(transport) { client in
            let long = String(repeating: "a", count: 4100)
            for path in ["/v1/resolve?url=\(long)", "/v1/links/\(long)"] {
                try await client.get(path).expectAPIError(.uriTooLong, "uri_too_long")
            }
        }
    }

    @Test("paths that climb out of the site or carry NUL are refused without reading a file", arguments: [
        "/..%2f..%2fetc/passwd", "/../../etc/passwd", "/%2e%2e/%2e%2e/etc/passwd", "/puzzle/..%2F..%2Flandfall.yml",
        "/puzzle/..%2F..%2F..%2Flandfall.yml", "/puzzle/%2e%2e%2f%2e%2e%2flandfall", "/landfall.yml", "/content/puzzle/2026-11-20.json",
        "/templates/page.mustache", "/%00", "/puzzle/2026-11-20%00", "/puzzle/%00../landfall.yml", "/%ZZ", "/%C3%28",
        "/x/..%2F..%2Flandfall", "/x/..%5C..%5Clandfall", "/x/%2E%2E%2Flandfall", "/x/....%2F%2Flandfall",
    ])
    func traversalIsRefused(path: String) async throws {
        let site = try TemporarySite(TemporarySite.configuration(routes: """
              - name: puzzle
                pattern: /puzzle/:date
                parameters: {date: day}
                page: {content: "puzzle/{date}"}
              - name: item
                pattern: /x/:slug
                page: {content: "{slug}"}
            """), files: ["content/puzzle/2026-11-20.json": #"{"title": "Compass"}"#])
        defer { site.remove() }
        let server = try await TestServer(site: site.source)
        try await server.run(.router) { client in
            let response = try await client.get(path, host: TemporarySite.host)
            #expect([400, 404].contains(response.status.code), "\(path) answered \(response.status.code)")
            for leak in ["teamID", "routes:", "timeZone", "root:", "{{", "Compass"] {
                #expect(!response.text.contains(leak), "\(path) shows \(leak)")
            }
        }
    }

    @Test("a content key built from a parameter never reads outside the content directory", arguments: [
        "/x/..%2Fsecret", "/x/%2E%2E%2Fsecret", "/x/%2e%2e%2fsecret", "/x/..%5Csecret", "/x/.hidden", "/x/%2Ehidden",
        "/x/..", "/x/%2E%2E", "/x/secret%00", "/x/..%2F..%2F..%2Ftmp%2Fsecret",
        "/y/../secret", "/y/a/../../secret", "/y/%2E%2E/secret", "/y/..%2Fsecret", "/y//secret", "/y/./.hidden", "/y/.hidden",
    ])
    func contentKeysStayInside(path: String) async throws {
        let site = try TemporarySite(TemporarySite.configuration(routes: """
              - name: item
                pattern: /x/:slug
                page: {content: "{slug}"}
              - name: nested
                pattern: /y/*rest
                page: {content: "{rest}"}
            """), files: [
                "secret.json": #"{"title": "TOP-SECRET outside the content directory"}"#,
                "content/.hidden.json": #"{"title": "TOP-SECRET hidden file"}"#,
                "content/ok.json": #"{"title": "An ordinary item"}"#,
                "content/a/ok.json": #"{"title": "A nested item"}"#,
            ])
        defer { site.remove() }
        let server = try await TestServer(site: site.source)
        try await server.run(.router) { client in
            let ordinary = try await client.get("/x/ok", host: TemporarySite.host)
            #expect(ordinary.status == .ok && ordinary.text.contains("An ordinary item"))
            let nested = try await client.get("/y/a/ok", host: TemporarySite.host)
            #expect(nested.status == .ok && nested.text.contains("A nested item"))

            for accept in ["text/html", "application/json"] {
                let response = try await client.get(path, host: TemporarySite.host, headers: [.accept: accept])
                #expect([400, 404].contains(response.status.code), "\(path) answered \(response.status.code)")
                #expect(!response.text.contains("TOP-SECRET"), "\(path) read a file it should not")
            }
        }
    }

    @Test("pages can only be read: HEAD has GET's headers, other methods get 405 with Allow", arguments: Transport.allCases)
    func pageMethods(transport: Transport) async throws {
        let server = try await TestServer()
        try await server.run(transport) { client in
            for path in ["/puzzle/2026-11-20", "/", "/no/such/page", "/puzzle/2026-11-22", "/sitemap.xml"] {
                let get = try await client.get(path)
                let head = try await client.execute(path, method: .head)
                #expect(head.status == get.status, "HEAD \(path)")
                #expect(head.body.isEmpty, "HEAD \(path)")
                #expect(head["Content-Length"] == String(get.body.count), "HEAD \(path)")
                #expect(head["Content-Type"] == get["Content-Type"], "HEAD \(path)")
                for method in [HTTPRequest.Method.options, .post, .put, .delete] {
                    let response = try await client.execute(path, method: method, body: method == .options ? nil : "x=1")
                    #expect(response.status == .methodNotAllowed, "\(method) \(path)")
                    #expect(response["Allow"] == "GET, HEAD", "\(method) \(path)")
                }
            }
            for path in ["/health", "/ready", "/metrics"] {
                let response = try await client.execute(path, method: .post, body: "x=1")
                #expect(response.status == .methodNotAllowed, "POST \(path)")
                #expect(response["Allow"] == "GET, HEAD")
            }
        }
    }
}
