import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing
@testable import LandfallServer

/// ``HeadMiddleware``: HEAD is answered as GET without the body, keeping the length of the
/// body it replaces, including the answers the router's own HEAD endpoints do not give (an
/// error page, an answer made without a route).
@Suite struct HeadMiddlewareTests {
    static let page = "<p>The puzzle of the day</p>"

    /// The middleware, then (as in the server) the error answers, then routes.
    static func router() throws -> Router<LandfallRequestContext> {
        let sites = try UnitHarness.demoSites()
        let router = UnitHarness.router()
        router.add(middleware: RequestIDMiddleware())
        router.add(middleware: HeadMiddleware())
        router.add(middleware: ErrorMiddleware(sites: sites))
        router.get("/page") { _, _ in Response.html(.ok, page, cacheControl: "public, max-age=60") }
        router.get("/gone") { _, _ -> Response in
            throw PageProblem(.gone, title: "This puzzle is gone", message: "It was retired.")
        }
        // An answer that no GET route gives, as the pages of unmatched requests are.
        for method in [HTTPRequest.Method.get, .head] {
            router.on("/made", method: method) { _, _ in Response.text(.ok, "made without a route\n") }
        }
        return router
    }

    @Test("HEAD answers with GET's status and headers, Content-Length included, and no body", arguments: ["/page", "/gone", "/made"])
    func headKeepsLengthWithoutBody(path: String) async throws {
        try await UnitHarness.test(try Self.router()) { client in
            let get = try await client.send(path, .get, headers: [HTTPField.Name("X-Request-ID")!: "same-id"])
            let head = try await client.send(path, .head, headers: [HTTPField.Name("X-Request-ID")!: "same-id"])
            #expect(get.body.readableBytes > 0)
            #expect(head.status == get.status)
            #expect(head["Content-Length"] == String(get.body.readableBytes))
            #expect(head["Content-Type"] == get["Content-Type"])
            #expect(head["Cache-Control"] == get["Cache-Control"])
            #expect(head.body.readableBytes == 0)
        }
    }

    @Test("GET keeps its body")
    func getIsUntouched() async throws {
        try await UnitHarness.test(try Self.router()) { client in
            let get = try await client.send("/page", .get)
            #expect(get.status == .ok)
            #expect(get.text == Self.page)
            #expect(get["Content-Length"] == String(Self.page.utf8.count))
        }
    }
}
