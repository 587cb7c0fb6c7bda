import Foundation
import Hummingbird
import HummingbirdTesting
import Testing

/// A link as the API returned it, with the members tests use most.
struct ReturnedLink {
    /// The whole `Link` object.
    let json: [String: Any]
    /// The link's id.
    let id: String
    /// The link's slug.
    let slug: String
    /// The answer's body as sent.
    let text: String
}

extension ServerClient {
    /// Sends `body` as JSON to `path` (`POST /v1/links` by default) on `host`, presenting `key`.
    func send(_ body: String, to path: String = "/v1/links", method: HTTPRequest.Method = .post, host: String = Demo.site,
              key: HTTPFields) async throws -> ServedResponse {
        try await execute(path, method: method, host: host, headers: key, body: body)
    }

    /// Creates a link from `body` (a `LinkDraft` as JSON) through the API on `host` and requires the 201.
    func createLink(_ body: String, host: String = Demo.site, key: HTTPFields,
                    sourceLocation: SourceLocation = #_sourceLocation) async throws -> ReturnedLink {
        let response = try await send(body, host: host, key: key)
        try #require(response.status == .created, "\(response.status): \(response.text)", sourceLocation: sourceLocation)
        return try ReturnedLink(response, sourceLocation: sourceLocation)
    }

    /// Creates a link to `target` with `slug` (random when `nil`).
    func createLink(to target: String = "https://daily.example.com/puzzle/2026-11-20", slug: String? = nil, key: HTTPFields,
                    sourceLocation: SourceLocation = #_sourceLocation) async throws -> ReturnedLink {
        let slugMember = slug.map { #", "slug": \#(JSONText.quoted($0))"# } ?? ""
        return try await createLink(#"{"target": \#(JSONText.quoted(target))\#(slugMember)}"#, key: key, sourceLocation: sourceLocation)
    }

    /// Visits `/<slug>` on the link host as `userAgent` would.
    func visit(_ slug: String, as userAgent: String?, method: HTTPRequest.Method = .get, headers: HTTPFields = [:],
               host: String = Demo.links) async throws -> ServedResponse {
        var headers = headers
        if let userAgent { headers[.userAgent] = userAgent }
        return try await execute("/\(slug)", method: method, host: host, headers: headers)
    }

    /// The statistics of link `id` as JSON.
    func stats(of id: String, key: HTTPFields, sourceLocation: SourceLocation = #_sourceLocation) async throws -> [String: Any] {
        let response = try await get("/v1/links/\(id)/stats", headers: key)
        try #require(response.status == .ok, "\(response.status): \(response.text)", sourceLocation: sourceLocation)
        return try response.json
    }

    /// Every stored link, read page by page (200 at a time) through `GET /v1/links?query`.
    func allLinks(query: String = "", key: HTTPFields, sourceLocation: SourceLocation = #_sourceLocation) async throws -> [[String: Any]] {
        var links: [[String: Any]] = []
        var cursor: String?
        repeat {
            var parameters = ["limit=200"]
            if !query.isEmpty { parameters.append(query) }
            if let cursor { parameters.append("cursor=\(cursor)") }
            let response = try await get("/v1/links?\(parameters.joined(separator: "&"))", headers: key)
            try #require(response.status == .ok, "\(response.status): \(response.text)", sourceLocation: sourceLocation)
            let page = try response.json
            links += try #require(page["links"] as? [[String: Any]], sourceLocation: sourceLocation)
            cursor = page["nextCursor"] as? String
        } while cursor != nil
        return links
    }

    /// Runs `body` with a client on a connection of its own to the same live server, so that
    /// requests from several tasks travel side by side instead of queueing on one connection.
    ///
    /// - Parameter timeout: How long a request may wait for its answer. Longer than
    ///   HummingbirdTesting's 15 s: the whole server test target runs in parallel on two
    ///   cores, where a request that takes a second alone can take far longer.
    /// - Throws: ``NoPortError`` in process, where there is no connection to open.
    func onNewConnection<Value: Sendable>(timeout: Duration = .seconds(90),
                                          _ body: @escaping @Sendable (ServerClient) async throws -> Value) async throws -> Value {
        guard let port else { throw NoPortError() }
        return try await TestClient.withClient(host: "localhost", port: port, configuration: .init(timeout: timeout)) { connection in
            try await body(ServerClient(connection: .live(connection, port: port)))
        }
    }
}

extension ReturnedLink {
    /// Reads the `Link` object of a 200 or 201 answer.
    init(_ response: ServedResponse, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let json = try response.json
        self.json = json
        id = try #require(json["id"] as? String, "no id in \(response.text)", sourceLocation: sourceLocation)
        slug = try #require(json["slug"] as? String, "no slug in \(response.text)", sourceLocation: sourceLocation)
        text = response.text
    }
}

/// JSON text built in tests.
enum JSONText {
    /// `text` as a JSON string literal, quotes included, every character that needs it escaped.
    static func quoted(_ text: String) -> String {
        var quoted = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": quoted += "\\\""
            case "\\": quoted += "\\\\"
            case "\n": quoted += "\\n"
            case "\r": quoted += "\\r"
            case "\t": quoted += "\\t"
            case _ where scalar.value < 0x20 || scalar.value == 0x7F || scalar.value == 0x2028 || scalar.value == 0x2029:
                quoted += "\\u" + String(repeating: "0", count: 4 - String(scalar.value, radix: 16).count) + String(scalar.value, radix: 16)
            default: quoted.unicodeScalars.append(scalar)
            }
        }
        return quoted + "\""
    }

    /// `text` percent-encoded for a query parameter's value.
    static func queryValue(_ text: String) -> String {
        var allowed = CharacterSet.alphanumerics
        allowed.insert(charactersIn: "-._~")
        return text.addingPercentEncoding(withAllowedCharacters: allowed) ?? text
    }
}

/// Reading values out of Foundation's JSON objects.
extension Dictionary where Key == String, Value == Any {
    /// The value at a dotted path (`preview.title`), `nil` when absent; JSON `null` is `NSNull`.
    subscript(path path: String) -> Any? {
        var current: Any? = self
        for key in path.split(separator: ".") {
            current = (current as? [String: Any])?[String(key)]
        }
        return current
    }
}
