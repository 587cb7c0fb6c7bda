import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Logging
import Testing
@testable import LandfallServer

/// ``AccessLogMiddleware``: one line per answered request, with its request id, method, host,
/// path, status, route label and duration; at `info`, except the endpoints machines fetch
/// (association files, share cards, health checks, metrics), at `debug`.
@Suite struct AccessLogMiddlewareTests {
    static let requestID = HTTPField.Name("X-Request-ID")!

    /// The middleware after the request id, with the error answers inside it as in the server.
    static func router() throws -> Router<LandfallRequestContext> {
        let sites = try UnitHarness.demoSites()
        let router = UnitHarness.router()
        router.add(middleware: RequestIDMiddleware())
        router.add(middleware: AccessLogMiddleware())
        router.add(middleware: ErrorMiddleware(sites: sites))
        router.get("/things/{id}") { _, _ in Response.text(.ok, "thing") }
        router.post("/things/{id}") { _, _ in Response.text(.created, "made") }
        router.get("/fails") { _, _ -> Response in throw PageProblem(.gone, title: "Gone", message: "Gone.") }
        for path in ["/health", "/ready", "/metrics", AssociationRoutes.appleLabel, AssociationRoutes.androidLabel] {
            router.get(RouterPath(path)) { _, _ in Response.text(.ok, "ok") }
        }
        router.get(RouterPath(CardRoutes.label)) { _, context in
            context.label(CardRoutes.label)
            return Response.text(.ok, "png")
        }
        return router
    }

    /// The access-log lines among `lines`.
    static func accessLines(_ lines: [CapturedLine]) -> [CapturedLine] {
        lines.filter { $0.message == "request" }
    }

    @Test("a request is logged once, at info, with what happened", arguments: [
        (method: HTTPRequest.Method.get, path: "/things/7", status: "200", route: "/things/{id}"),
        (method: .post, path: "/things/7", status: "201", route: "/things/{id}"),
        (method: .get, path: "/fails", status: "410", route: "/fails"),
    ])
    func oneLinePerRequest(method: HTTPRequest.Method, path: String, status: String, route: String) async throws {
        let capture = LogCapture()
        try await UnitHarness.test(try Self.router(), logger: capture.logger(level: .info)) { client in
            _ = try await client.send(path + "?ref=share", method, headers: [Self.requestID: "log-1"])
        }
        let lines = Self.accessLines(capture.lines)
        #expect(lines.count == 1, "\(capture.lines)")
        let line = try #require(lines.first)
        #expect(line.level == .info)
        #expect(line["hb.request.id"] == "log-1")
        #expect(line["method"] == method.rawValue)
        #expect(line["host"] == "localhost")
        #expect(line["path"] == path, "the query is left out")
        #expect(line["status"] == status)
        #expect(line["route"] == route)
        #expect(line["duration_us"].flatMap { Int($0) }.map { $0 >= 0 } == true, "\(line)")
    }

    @Test("the endpoints machines fetch (and the share cards preview crawlers fetch) are logged at debug", arguments: [
        (path: "/health", route: "/health"), ("/ready", "/ready"), ("/metrics", "/metrics"),
        ("/.well-known/apple-app-site-association", "/.well-known/apple-app-site-association"),
        ("/.well-known/assetlinks.json", "/.well-known/assetlinks.json"),
        ("/static/cards/83a764057314fb4704465da752e329f1.png", CardRoutes.label),
    ])
    func machineEndpointsAtDebug(path: String, route: String) async throws {
        let debug = LogCapture()
        try await UnitHarness.test(try Self.router(), logger: debug.logger(level: .debug)) { client in
            _ = try await client.send(path, .get)
        }
        let lines = Self.accessLines(debug.lines)
        #expect(lines.map(\.level) == [.debug], "\(debug.lines)")
        #expect(lines.first?["route"] == route)
        #expect(lines.first?["status"] == "200")

        let info = LogCapture()
        try await UnitHarness.test(try Self.router(), logger: info.logger(level: .info)) { client in
            _ = try await client.send(path, .get)
            _ = try await client.send("/things/1", .get)
        }
        #expect(Self.accessLines(info.lines).map { $0["route"] } == ["/things/{id}"], "at info, only the other request shows")
    }

    @Test("a long path is logged cut at 256 characters")
    func longPathIsCut() async throws {
        let capture = LogCapture()
        let path = "/things/" + String(repeating: "x", count: 1000)
        try await UnitHarness.test(try Self.router(), logger: capture.logger(level: .info)) { client in
            _ = try await client.send(path, .get)
        }
        let line = try #require(Self.accessLines(capture.lines).first)
        #expect(line["path"] == String(path.prefix(256)))
    }

    @Test("below info nothing is logged")
    func quietLogger() async throws {
        let capture = LogCapture()
        try await UnitHarness.test(try Self.router(), logger: capture.logger(level: .notice)) { client in
            _ = try await client.send("/things/1", .get)
            _ = try await client.send("/fails", .get)
        }
        #expect(Self.accessLines(capture.lines).isEmpty)
    }
}
