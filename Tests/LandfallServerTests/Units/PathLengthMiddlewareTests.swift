import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing
@testable import LandfallServer

/// ``PathLengthMiddleware``: a path or a query of at most 4096 bytes passes; one byte more is
/// a 414 page.
@Suite struct PathLengthMiddlewareTests {
    /// The middleware, with the id and error answers it needs, before a route taking every path.
    static func router() throws -> Router<LandfallRequestContext> {
        let sites = try UnitHarness.demoSites()
        let router = UnitHarness.router()
        router.add(middleware: RouteLabelSpy())
        router.add(middleware: RequestIDMiddleware())
        router.add(middleware: ErrorMiddleware(sites: sites))
        router.add(middleware: PathLengthMiddleware())
        router.get("/") { _, _ in Response.text(.ok, "passed") }
        router.get("/**") { _, _ in Response.text(.ok, "passed") }
        return router
    }

    /// A path of exactly `length` bytes: `/` then letters.
    static func path(_ length: Int) -> String { "/" + String(repeating: "a", count: length - 1) }
    /// A request target whose query is exactly `length` bytes.
    static func query(_ length: Int) -> String { "/q?x=" + String(repeating: "b", count: length - 2) }
    /// A path of exactly `length` bytes made of many segments.
    static func segments(_ length: Int) -> String {
        let segment = "/abcdefg"
        let whole = String(repeating: segment, count: length / segment.count)
        return whole + (length % segment.count == 0 ? "" : "/" + String(repeating: "z", count: length % segment.count - 1))
    }

    @Test("a path or query of at most 4096 bytes passes", arguments: [
        path(1), path(4095), path(4096), query(2), query(4096), segments(4096), path(4096) + "?" + String(repeating: "q", count: 4096),
    ])
    func shortEnoughPasses(target: String) async throws {
        try await UnitHarness.test(try Self.router()) { client in
            let response = try await client.send(target, .get)
            #expect(response.status == .ok)
            #expect(response.text == "passed")
        }
    }

    @Test("a path or query of 4097 bytes or more is a 414 page", arguments: [
        path(4097), path(10_000), query(4097), segments(4097), "/q?" + String(repeating: "&", count: 4097),
    ])
    func tooLongIsRefused(target: String) async throws {
        #expect(Self.path(4097).utf8.count == 4097 && Self.segments(4097).utf8.count == 4097, "the targets are the length meant")
        try await UnitHarness.test(try Self.router()) { client in
            let response = try await client.send(target, .get, headers: [HTTPField.Name("X-Request-ID")!: "long-1"])
            #expect(response.status == .uriTooLong)
            #expect(response["Content-Type"] == "text/html; charset=utf-8")
            #expect(response.text.contains("That address is too long"))
            #expect(response.text.contains("long-1"))
            #expect(!response.text.contains("passed"))
            #expect(response.headers[UnitHarness.routeLabel] == "uri_too_long")
        }
    }
}
