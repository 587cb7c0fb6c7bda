import HTTPTypes
import Hummingbird
import LandfallLinks
import Testing
@testable import LandfallServer

/// ``UnmatchedRequestMiddleware``, in a whole server (it needs the site's pages): what the
/// server tests elsewhere leave out. 405 with `Allow` at the association paths over a
/// connection and on the link host, the host checked before it, the operations endpoints
/// answered on any host, and the route labels unmatched requests are counted under.
@Suite struct UnmatchedRequestMiddlewareTests {
    static let associationPaths = ["/.well-known/apple-app-site-association", "/apple-app-site-association", "/.well-known/assetlinks.json"]

    @Test("DELETE at an association path is 405 with Allow: GET, HEAD, OPTIONS, on every host that serves it",
          arguments: Transport.allCases, [Demo.site, Demo.links, Demo.localSite])
    func deleteAtAssociationPath(transport: Transport, host: String) async throws {
        let server = try await TestServer()
        try await server.run(transport) { client in
            for path in Self.associationPaths {
                let response = try await client.execute(path, method: .delete, host: host)
                #expect(response.status == .methodNotAllowed, "\(path) on \(host)")
                #expect(response["Allow"] == "GET, HEAD, OPTIONS", "\(path) on \(host)")
                #expect(response["Content-Type"] == "text/plain; charset=utf-8")
                #expect(response.text == "The association file can only be read (GET or HEAD).\n")
            }
        }
    }

    @Test("at an association path the host is checked first: unknown is 404, malformed 400, both without Allow",
          arguments: Transport.allCases)
    func hostBeforeMethod(transport: Transport) async throws {
        let server = try await TestServer()
        try await server.run(transport) { client in
            for path in Self.associationPaths {
                let unknown = try await client.execute(path, method: .delete, host: "evil.example")
                #expect(unknown.status == .notFound, "\(path)")
                #expect(unknown.text == "This server does not serve evil.example.\n")
                #expect(unknown["Allow"] == nil)
                let malformed = try await client.execute(path, method: .delete, host: "bad_host.example")
                #expect(malformed.status == .badRequest, "\(path)")
                #expect(malformed["Allow"] == nil)
            }
        }
    }

    @Test("the operations endpoints refuse other methods with 405 on any host, listed or not", arguments: Transport.allCases)
    func operationsOnAnyHost(transport: Transport) async throws {
        let server = try await TestServer()
        try await server.run(transport) { client in
            for path in OperationsRoutes.paths.sorted() {
                for host in [Demo.site, "evil.example"] {
                    let response = try await client.execute(path, method: .delete, host: host)
                    #expect(response.status == .methodNotAllowed, "DELETE \(path) on \(host)")
                    #expect(response["Allow"] == "GET, HEAD", "DELETE \(path) on \(host)")
                }
            }
        }
    }

    @Test("HEAD at an unknown API path is the API's 404 without a body, with its length")
    func headAtUnknownAPIPath() async throws {
        let server = try await TestServer()
        try await server.run(.router) { client in
            let get = try await client.execute("/v1/nothing/here", method: .get)
            let head = try await client.execute("/v1/nothing/here", method: .head)
            get.expectAPIError(.notFound, "not_found")
            #expect(head.status == .notFound)
            #expect(head.body.isEmpty)
            #expect(head["Content-Length"] == String(get.body.count))
        }
    }

    @Test("unmatched requests are counted under bounded labels, never their paths")
    func unmatchedLabels() async throws {
        let server = try await TestServer()
        let key = try await server.authorization(.write)
        try await server.run(.router) { client in
            _ = try await client.execute("/apple-app-site-association", method: .delete)
            _ = try await client.execute("/puzzle/2026-11-20", method: .post, body: "x=1")
            _ = try await client.execute("/v1/nothing/here", method: .get)
            _ = try await client.execute("/v1/links/some-id", method: .put, headers: key, body: "{}")
            _ = try await client.execute("/health", method: .post, body: "x=1")
        }
        let lines = String(decoding: server.parts.metrics.exposition(), as: UTF8.self).split(separator: "\n").map(String.init)
        for series in [
            #"landfall_http_requests_total{route="/.well-known/apple-app-site-association",method="DELETE",status="405"} 1"#,
            #"landfall_http_requests_total{route="method_not_allowed",method="POST",status="405"} 1"#,
            #"landfall_http_requests_total{route="/v1/unknown",method="GET",status="404"} 1"#,
            #"landfall_http_requests_total{route="/v1/links/{id}",method="PUT",status="405"} 1"#,
            #"landfall_http_requests_total{route="/health",method="POST",status="405"} 1"#,
        ] {
            #expect(lines.contains(series), "\(series) in \(lines.filter { $0.hasPrefix("landfall_http_requests_total") })")
        }
        #expect(!lines.contains { $0.contains("some-id") || $0.contains("nothing/here") || $0.contains("2026-11-20") })
    }

    @Test("an unknown API path counts against the client's rate limit")
    func unknownAPIPathIsRateLimited() async throws {
        let server = try await TestServer { configuration in
            configuration.rateLimit = RateLimit(requestsPerSecond: 0.001, burst: 2)
            configuration.clientAddressHeader = "X-Forwarded-For"
            configuration.trustedProxies = IPAddressRange.loopback
        }
        try await server.run(.router) { client in
            let from: HTTPFields = [HTTPField.Name("X-Forwarded-For")!: "203.0.113.7"]
            for attempt in 1...2 {
                let response = try await client.execute("/v1/nothing-\(attempt)", method: .get, headers: from)
                response.expectAPIError(.notFound, "not_found")
            }
            let limited = try await client.execute("/v1/nothing-3", method: .get, headers: from)
            limited.expectAPIError(.tooManyRequests, "rate_limited")
            #expect(limited["Retry-After"] != nil)
        }
    }
}
