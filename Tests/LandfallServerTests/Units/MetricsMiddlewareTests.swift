import Hummingbird
import HummingbirdTesting
import Testing
@testable import LandfallServer

/// ``MetricsMiddleware``: every request is counted in ``ServerMetrics`` under its route label
/// (never its raw path), its method and its status, and its duration recorded.
@Suite struct MetricsMiddlewareTests {
    /// The middleware, with the error answers inside it as in the server, before routes.
    static func router(_ metrics: ServerMetrics) throws -> Router<LandfallRequestContext> {
        let sites = try UnitHarness.demoSites()
        let router = UnitHarness.router()
        router.add(middleware: RequestIDMiddleware())
        router.add(middleware: MetricsMiddleware(metrics: metrics))
        router.add(middleware: ErrorMiddleware(sites: sites))
        router.get("/things/{id}") { _, _ in Response.text(.ok, "thing") }
        router.post("/things/{id}") { _, _ in Response.text(.created, "made") }
        router.get("/late/**") { _, context in
            context.label("/late/:day")
            return Response.text(.ok, "late")
        }
        router.get("/fails") { _, _ -> Response in throw PageProblem(.gone, title: "Gone", message: "Gone.") }
        return router
    }

    /// The lines of the exposition.
    static func lines(_ metrics: ServerMetrics) -> [String] {
        String(decoding: metrics.exposition(), as: UTF8.self).split(separator: "\n").map(String.init)
    }

    @Test("requests are counted under their route template, method and status")
    func countedUnderTemplate() async throws {
        let metrics = ServerMetrics()
        try await UnitHarness.test(try Self.router(metrics)) { client in
            for id in ["1", "2", "three"] {
                let response = try await client.send("/things/\(id)", .get)
                #expect(response.status == .ok)
            }
            let made = try await client.send("/things/1", .post)
            #expect(made.status == .created)
        }
        let lines = Self.lines(metrics)
        #expect(lines.contains(#"landfall_http_requests_total{route="/things/{id}",method="GET",status="200"} 3"#), "\(lines)")
        #expect(lines.contains(#"landfall_http_requests_total{route="/things/{id}",method="POST",status="201"} 1"#), "\(lines)")
        #expect(lines.contains(#"landfall_http_request_duration_seconds_count{route="/things/{id}",status_class="2xx"} 4"#), "\(lines)")
        #expect(!lines.contains { $0.contains("/things/1") || $0.contains("three") }, "no raw path is a label")
    }

    @Test("a route that learns its label late is counted under it")
    func lateLabel() async throws {
        let metrics = ServerMetrics()
        try await UnitHarness.test(try Self.router(metrics)) { client in
            for day in ["2026-11-20", "2026-11-21"] {
                let response = try await client.send("/late/\(day)", .get)
                #expect(response.status == .ok)
            }
        }
        let lines = Self.lines(metrics)
        #expect(lines.contains(#"landfall_http_requests_total{route="/late/:day",method="GET",status="200"} 2"#), "\(lines)")
        #expect(!lines.contains { $0.contains("2026-11-2") })
    }

    @Test("an error answered by the error middleware is counted with its status")
    func errorsAreCounted() async throws {
        let metrics = ServerMetrics()
        try await UnitHarness.test(try Self.router(metrics)) { client in
            let response = try await client.send("/fails", .get)
            #expect(response.status == .gone)
        }
        let lines = Self.lines(metrics)
        #expect(lines.contains(#"landfall_http_requests_total{route="/fails",method="GET",status="410"} 1"#), "\(lines)")
        #expect(lines.contains(#"landfall_http_request_duration_seconds_count{route="/fails",status_class="4xx"} 1"#), "\(lines)")
    }

    @Test("servers count apart: each has its own metrics")
    func metricsArePerServer() async throws {
        let counted = ServerMetrics()
        let other = ServerMetrics()
        try await UnitHarness.test(try Self.router(counted)) { client in
            _ = try await client.send("/things/1", .get)
        }
        #expect(Self.lines(counted).contains { $0.hasPrefix("landfall_http_requests_total{") })
        #expect(!Self.lines(other).contains { $0.hasPrefix("landfall_http_requests_total{") })
    }
}
