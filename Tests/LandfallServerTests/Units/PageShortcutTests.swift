import HTTPTypes
import Hummingbird
import NIOCore
import Testing
@testable import LandfallServer

/// ``PageShortcut``: the requests the server's responder hands to the pages' catch-all itself,
/// which must be exactly requests the router would have handed to it.
@Suite struct PageShortcutTests {
    /// Routes like the server's: operations, association files, the API, share cards, pages.
    static let paths: [RouterPath] = [
        "/health", "/ready", "/metrics", "/.well-known/apple-app-site-association", "/apple-app-site-association",
        "/v1/links", "/v1/links/:id", "/static/cards/:card", "/", "/**",
    ]

    static func request(_ path: String, method: HTTPRequest.Method = .get) -> Request {
        Request(head: HTTPRequest(method: method, scheme: "http", authority: Demo.links, path: path), body: RequestBody(buffer: ByteBuffer()))
    }

    @Test("takes a GET of one segment of slug characters that begins no other route", arguments: [
        ("/friday", true), ("/b0000042", true), ("/Summer-Sale_2", true), ("/healthz", true), ("/v2", true),
        ("/health", false), ("/ready", false), ("/metrics", false), ("/v1", false), ("/static", false),
        ("/apple-app-site-association", false), ("/.well-known", false),
        ("/", false), ("", false), ("//friday", false), ("/friday/", false), ("/puzzle/2026-11-20", false),
        ("/a%20b", false), ("/robots.txt", false), ("/caf\u{e9}", false),
    ])
    func takes(path: String, taken: Bool) throws {
        let shortcut = try #require(PageShortcut(paths: Self.paths, catchAll: "/**"))
        #expect(shortcut.takes(Self.request(path)) == taken, "\(path)")
    }

    @Test("takes GET only: HEAD and every other method go through the router", arguments: [HTTPRequest.Method.head, .post, .put, .delete, .options])
    func getOnly(method: HTTPRequest.Method) throws {
        let shortcut = try #require(PageShortcut(paths: Self.paths, catchAll: "/**"))
        #expect(!shortcut.takes(Self.request("/friday", method: method)))
    }

    @Test("labels the request with the catch-all's path, as the router does")
    func label() throws {
        #expect(try #require(PageShortcut(paths: Self.paths, catchAll: "/**")).label == "/**")
    }

    @Test("there is no shortcut when a route's first segment could be any segment, or without the catch-all", arguments: [
        ["/:slug", "/**"], ["/{id}/stats", "/**"], ["/*/x", "/**"], ["/health", "/"],
    ] as [[RouterPath]])
    func noShortcut(paths: [RouterPath]) {
        #expect(PageShortcut(paths: paths, catchAll: "/**") == nil, "\(paths)")
    }

    @Test("the server's own router has the shortcut, and it takes no path of the router's other routes")
    func serversRoutesAreNeverTaken() async throws {
        let server = try await TestServer()
        let built = try await server.run(.router) { _ in buildRouter(server.parts) }
        let shortcut = try #require(built.responder.shortcut)
        #expect(shortcut.takes(Self.request("/friday")), "a short link of the demo")
        let others = built.paths.filter { $0 != PageStack.catchAll }
        #expect(others.count > 20, "the operations, association, API and card routes: \(others)")
        for path in others {
            // Each parameter or wildcard stands for a segment of slug characters.
            let concrete = "/" + path.components.map { $0 == .path(Substring($0.description)) ? $0.description : "x" }.joined(separator: "/")
            #expect(!shortcut.takes(Self.request(concrete)), "\(concrete), the router's route \(path)")
        }
    }
}
