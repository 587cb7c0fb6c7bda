import AppSiteAssociation
import Hummingbird
import NIOCore

extension LandfallResponder {
    /// `/health` (the process answers), `/ready` (a site is loaded and the database answers)
    /// and `/metrics` (Prometheus), on any host; `nil` for other paths.
    func operationsResponse(_ request: Request, path: String, site: LoadedSite) async -> (Response, String)? {
        guard path == "/health" || path == "/ready" || path == "/metrics" else { return nil }
        guard request.method == .get || request.method == .head else {
            var response = Response.text(.methodNotAllowed, "Use GET or HEAD.\n")
            response.headers[.allow] = "GET, HEAD"
            return (response, path)
        }
        switch path {
        case "/health":
            return (Response.text(.ok, "ok\n"), path)
        case "/ready":
            let databaseUp = await state.storage.ping()
            let body = JSONValue(.object([
                JSONMember(key: "ready", value: JSONValue(.bool(databaseUp))),
                JSONMember(key: "site", value: JSONValue(.string(site.sourceName))),
                JSONMember(key: "loadedAt", value: JSONValue(.string(site.loadedAt.formatted(.iso8601)))),
                JSONMember(key: "database", value: JSONValue(.string(databaseUp ? "ok" : "unavailable"))),
            ]))
            return (Response.json(databaseUp ? .ok : .serviceUnavailable, JSONWriter.pretty.string(for: body)), path)
        default:
            return (Response(status: .ok, headers: [.contentType: "text/plain; version=0.0.4; charset=utf-8", .cacheControl: "no-store"],
                             body: ResponseBody(byteBuffer: ByteBuffer(bytes: state.metrics.exposition()))), path)
        }
    }
}
