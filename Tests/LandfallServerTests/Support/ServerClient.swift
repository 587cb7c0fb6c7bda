import Foundation
import Hummingbird
import HummingbirdTesting

/// Sends a test's requests to a ``TestServer``, to the host the test names, and hands back
/// what came back.
///
/// In process, the host travels in a `Host` header that ``AuthorityFromHostHeader`` turns
/// into the authority; over a connection, it is the request's one `Host` header.
struct ServerClient: Sendable {
    enum Connection: Sendable {
        case router(any TestClientProtocol)
        case live(TestClient, port: Int)
    }

    struct NoPortError: Error {}

    let connection: Connection

    /// The port the live server listens on; `nil` in process.
    var port: Int? {
        if case .live(_, let port) = connection { return port }
        return nil
    }

    /// Sends a request. Every answer under `/v1/` is checked against the OpenAPI document
    /// (``ServedResponse/expectDocumented(method:target:)``).
    ///
    /// - Parameters:
    ///   - path: The request target: path and query, as sent (`/puzzle/2026-11-20?ref=share`).
    ///   - method: The method.
    ///   - host: The `Host` header; `nil` sends none.
    ///   - headers: Other headers.
    ///   - body: A body, if any.
    func execute(_ path: String, method: HTTPRequest.Method = .get, host: String? = Demo.site,
                 headers: HTTPFields = [:], body: String? = nil) async throws -> ServedResponse {
        let bodyBuffer = body.map { ByteBuffer(string: $0) }
        HangWatch.note("\(method) \(path) on \(host ?? "no host")")
        defer { HangWatch.note("between requests, after \(method) \(path)") }
        switch connection {
        case .router(let client):
            var headers = headers
            if let host { headers[.init("Host")!] = host }
            let response = try await client.executeRequest(uri: path, method: method, headers: headers, body: bodyBuffer)
            let served = ServedResponse(status: response.status, headers: response.headers, body: Array(buffer: response.body))
            served.expectDocumented(method: method, target: path)
            return served
        case .live(let client, _):
            let request = TestClient.Request(path, method: method, authority: host, headers: headers, body: bodyBuffer)
            let response = try await client.execute(request)
            let served = ServedResponse(status: response.status, headers: response.headers,
                                        body: response.body.map { Array(buffer: $0) } ?? [])
            served.expectDocumented(method: method, target: path)
            return served
        }
    }

    /// Sends a GET.
    func get(_ path: String, host: String? = Demo.site, headers: HTTPFields = [:]) async throws -> ServedResponse {
        try await execute(path, method: .get, host: host, headers: headers)
    }
}
