import Foundation
import Hummingbird
import LandfallJSON
import LandfallStorage
import NIOCore

/// `/health` (the process answers), `/ready` (a site is loaded and the database answers) and
/// `/metrics` (Prometheus), on any host, for GET and HEAD.
struct OperationsRoutes: Sendable {
    typealias Context = LandfallRequestContext

    /// The operations paths: other methods there get 405 (``UnmatchedRequestMiddleware``).
    static let paths: Set<String> = ["/health", "/ready", "/metrics"]

    let sites: SiteHolder
    let storage: Storage
    let metrics: ServerMetrics

    func addRoutes(to router: some RouterMethods<Context>) {
        router.get("/health", use: health)
        router.get("/ready", use: ready)
        router.get("/metrics", use: exposition)
    }

    @Sendable func health(_ request: Request, context: Context) async throws -> Response {
        Response.text(.ok, "ok\n")
    }

    /// 200 `{"ready": true, ...}`, or 503 with `"database"` saying why when the database does
    /// not answer a cheap check within a second (``Storage/readiness()``: checked at most once a
    /// second, concurrent calls sharing one check; SQLite's file deleted, replaced, damaged or
    /// locked fails it too). It recovers by itself when the database does.
    @Sendable func ready(_ request: Request, context: Context) async throws -> Response {
        let site = sites.current
        let readiness = await storage.readiness()
        var members: [(String, JSONValue)] = [
            ("ready", .bool(readiness.isReady)),
            ("site", .string(site.sourceName)),
            ("loadedAt", .string(site.loadedAt.formatted(.iso8601))),
            ("database", .string(readiness.isReady ? "ok" : "unavailable")),
        ]
        if let problem = readiness.problem { members.append(("problem", .string(problem))) }
        var response = Response.json(readiness.isReady ? .ok : .serviceUnavailable, JSONWriter.pretty.string(for: JSONValue.object(members)))
        if !readiness.isReady { response.headers[.retryAfter] = "1" }
        return response
    }

    @Sendable func exposition(_ request: Request, context: Context) async throws -> Response {
        Response(status: .ok, headers: [.contentType: "text/plain; version=0.0.4; charset=utf-8", .cacheControl: "no-store"],
                 body: ResponseBody(byteBuffer: ByteBuffer(bytes: metrics.exposition())))
    }
}
