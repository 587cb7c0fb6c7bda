import Foundation
import Hummingbird
import LandfallLinks
import LandfallStorage
import Testing
@testable import LandfallServer

/// Every error path of `openapi/landfall.yaml`: the status, `error.code`, `error.field` where
/// one is at fault, and the headers the contract promises, on both databases.
@Suite struct APIErrorTests {
    static let puzzle = "https://daily.example.com/puzzle/2026-11-20"
    /// An id of the right form that no link has.
    static let unknownID = "019b4f2e-7a10-7c4e-9b1f-3f0d2a6b8c11"

    /// One operation of the API, as a request a test can send.
    struct Operation: Sendable, CustomTestStringConvertible {
        let method: HTTPRequest.Method
        /// The path; `{id}` stands for an existing link's id.
        let path: String
        let body: String?
        let scope: APIKeyScope

        var testDescription: String { "\(method) \(path)" }

        func path(id: String) -> String { path.replacingOccurrences(of: "{id}", with: id) }
    }

    /// Every operation that needs a key.
    static let operations: [Operation] = [
        Operation(method: .get, path: "/v1/links", body: nil, scope: .read),
        Operation(method: .post, path: "/v1/links", body: #"{"target": "\#(puzzle)"}"#, scope: .write),
        Operation(method: .post, path: "/v1/links/bulk", body: #"{"links": [{"target": "\#(puzzle)"}]}"#, scope: .write),
        Operation(method: .post, path: "/v1/links/import", body: #"{"links": [{"target": "\#(puzzle)"}]}"#, scope: .write),
        Operation(method: .get, path: "/v1/links/{id}", body: nil, scope: .read),
        Operation(method: .patch, path: "/v1/links/{id}", body: #"{"maxClicks": 5}"#, scope: .write),
        Operation(method: .delete, path: "/v1/links/{id}", body: nil, scope: .write),
        Operation(method: .post, path: "/v1/links/{id}/disable", body: nil, scope: .write),
        Operation(method: .post, path: "/v1/links/{id}/enable", body: nil, scope: .write),
        Operation(method: .get, path: "/v1/links/{id}/stats", body: nil, scope: .read),
    ]

    /// Sends `operation` on an existing link with `headers`.
    static func send(_ operation: Operation, id: String, headers: HTTPFields, client: ServerClient) async throws -> ServedResponse {
        var headers = headers
        if operation.body != nil, headers[.contentType] == nil { headers[.contentType] = "application/json" }
        return try await client.execute(operation.path(id: id), method: operation.method, headers: headers, body: operation.body)
    }

    // MARK: 401 and 403

    @Test("every operation but resolve answers 401 with WWW-Authenticate to a request without a usable key", arguments: TestDatabase.all)
    func unauthorized(database: TestDatabase) async throws {
        let server = try await TestServer(database: database)
        let writer = try await server.authorization(.write)
        let revoked = try await server.apiKey(.write, name: "revoked")
        _ = try await server.parts.storage.revokeAPIKey(id: revoked.id, at: server.clock.now)
        try await server.run(.live) { client in
            let link = try await client.createLink(key: writer)
            let authorizations: [(String, String?)] = [
                ("no key", nil),
                ("not Bearer", "Basic dXNlcjpwYXNz"),
                ("Bearer and nothing", "Bearer"),
                ("malformed key", "Bearer not-a-landfall-key"),
                ("unknown key", "Bearer lf_AAAAAAAAAAAA_BBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBB"),
                ("a known id with the wrong secret", writer[.authorization].map { String($0.dropLast(4)) + "zzzz" }),
                ("revoked key", revoked.authorization[.authorization]),
            ]
            for operation in Self.operations {
                for (label, authorization) in authorizations {
                    var headers: HTTPFields = [:]
                    if let authorization { headers[.authorization] = authorization }
                    let response = try await Self.send(operation, id: link.id, headers: headers, client: client)
                    response.expectAPIError(.unauthorized, "unauthorized")
                    #expect(response["WWW-Authenticate"]?.hasPrefix("Bearer") == true,
                            "\(operation.testDescription), \(label): \(response.headersOtherThanIDAndDate)")
                }
            }
            // Nothing changed: the link is still there, enabled, with its limit unset.
            let stored = try await client.get("/v1/links/\(link.id)", headers: writer).json
            #expect(stored["disabled"] as? Bool == false && stored["maxClicks"] is NSNull)
            #expect(try await client.allLinks(key: writer).count == 1)
        }
    }

    @Test("a read key is refused every write with 403, and allowed every read", arguments: TestDatabase.all)
    func readKey(database: TestDatabase) async throws {
        let server = try await TestServer(database: database)
        let writer = try await server.authorization(.write)
        let reader = try await server.authorization(.read)
        try await server.run(.live) { client in
            let link = try await client.createLink(key: writer)
            for operation in Self.operations {
                let response = try await Self.send(operation, id: link.id, headers: reader, client: client)
                switch operation.scope {
                case .write:
                    response.expectAPIError(.forbidden, "forbidden")
                case .read:
                    #expect(response.status == .ok, "\(operation.testDescription): \(response.text)")
                case .webhooks:
                    Issue.record("\(operation.testDescription): no link operation needs a webhooks key")
                }
            }
            #expect(try await client.allLinks(key: reader).count == 1, "nothing created or deleted")
            let stored = try await client.get("/v1/links/\(link.id)", headers: reader).text
            #expect(stored == link.text, "nothing changed")
        }
    }

    @Test("a revoked key stops working at once, while it was working a moment before", arguments: TestDatabase.all)
    func revokedKeyStops(database: TestDatabase) async throws {
        let server = try await TestServer(database: database)
        let key = try await server.apiKey(.read)
        try await server.run(.router) { client in
            #expect(try await client.get("/v1/links", headers: key.authorization).status == .ok)
            #expect(try await server.parts.storage.revokeAPIKey(id: key.id, at: server.clock.now))
            let response = try await client.get("/v1/links", headers: key.authorization)
            response.expectAPIError(.unauthorized, "unauthorized")
            #expect(response["WWW-Authenticate"]?.hasPrefix("Bearer") == true)
        }
    }

    // MARK: 404 and 405

    @Test("an unknown id and a malformed one answer 404 not_found on every operation on a link", arguments: TestDatabase.all)
    func unknownID(database: TestDatabase) async throws {
        let server = try await TestServer(database: database)
        let key = try await server.authorization()
        try await server.run(.router) { client in
            let link = try await client.createLink(key: key)
            for operation in Self.operations where operation.path.contains("{id}") {
                for id in [Self.unknownID, "not-a-uuid", "019B4F2E-7A10-7C4E-9B1F-3F0D2A6B8C1", "%00", "..", "0"] {
                    let response = try await Self.send(operation, id: id, headers: key, client: client)
                    response.expectAPIError(.notFound, "not_found")
                }
            }
            #expect(try await client.get("/v1/links/\(link.id)", headers: key).text == link.text)
        }
    }

    /// Paths, a method they do not support, and the `Allow` they answer with.
    static let wrongMethods: [(path: String, method: HTTPRequest.Method, allow: Set<String>)] = [
        ("/v1/links", .put, ["GET", "POST"]),
        ("/v1/links", .delete, ["GET", "POST"]),
        ("/v1/links/bulk", .get, ["POST"]),
        ("/v1/links/{id}", .post, ["GET", "PATCH", "DELETE"]),
        ("/v1/links/{id}", .put, ["GET", "PATCH", "DELETE"]),
        ("/v1/links/{id}/disable", .get, ["POST"]),
        ("/v1/links/{id}/enable", .delete, ["POST"]),
        ("/v1/links/{id}/stats", .post, ["GET"]),
        ("/v1/resolve", .post, ["GET"]),
    ]

    @Test("a method a path does not support answers 405 with Allow listing those it does", arguments: TestDatabase.all)
    func methodNotAllowed(database: TestDatabase) async throws {
        let server = try await TestServer(database: database)
        let key = try await server.authorization()
        try await server.run(.live) { client in
            let link = try await client.createLink(key: key)
            for (path, method, allow) in Self.wrongMethods {
                let response = try await client.execute(path.replacingOccurrences(of: "{id}", with: link.id), method: method,
                                                        headers: key, body: method == .get ? nil : "{}")
                response.expectAPIError(.methodNotAllowed, "method_not_allowed")
                let allowed = Set((response["Allow"] ?? "").split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) })
                #expect(allowed == allow, "\(method) \(path): Allow: \(response["Allow"] ?? "none")")
            }
            #expect(try await client.allLinks(key: key).count == 1)
            #expect(try await client.get("/v1/links/\(link.id)", headers: key).text == link.text)
        }
    }

    @Test("an unknown path under /v1 answers a JSON 404, with or without a key", arguments: ServerCases.all)
    func unknownPath(transport: Transport, database: TestDatabase) async throws {
        let server = try await TestServer(database: database)
        let key = try await server.authorization()
        try await server.run(transport) { client in
            for path in ["/v1", "/v1/", "/v1/nothing", "/v1/links/bulk/more", "/v1/links/\(Self.unknownID)/clicks", "/v1/keys",
                         "/v1/links/\(Self.unknownID)/stats/day"] {
                try await client.get(path, headers: key).expectAPIError(.notFound, "not_found")
                try await client.get(path).expectAPIError(.notFound, "not_found")
            }
        }
    }

    // MARK: 413 and 415

    /// A link draft padded with spaces to `size` bytes.
    static func padded(_ json: String, to size: Int) -> String {
        json + String(repeating: " ", count: max(0, size - json.utf8.count))
    }

    @Test("a body over 1 MiB, or over 4 MiB for bulk, answers 413 payload_too_large; one just under is read", arguments: ServerCases.all)
    func payloadTooLarge(transport: Transport, database: TestDatabase) async throws {
        let server = try await TestServer(database: database)
        let key = try await server.authorization()
        try await server.run(transport) { client in
            let link = try await client.createLink(key: key)
            let draft = #"{"target": "\#(Self.puzzle)", "slug": "padded"}"#
            try await client.send(Self.padded(draft, to: (1 << 20) + 1), key: key).expectAPIError(.contentTooLarge, "payload_too_large")
            try await client.send(Self.padded(#"{"maxClicks": 4}"#, to: (1 << 20) + 1), to: "/v1/links/\(link.id)", method: .patch, key: key)
                .expectAPIError(.contentTooLarge, "payload_too_large")
            let bulk = #"{"links": [\#(draft)]}"#
            try await client.send(Self.padded(bulk, to: (4 << 20) + 1), to: "/v1/links/bulk", key: key)
                .expectAPIError(.contentTooLarge, "payload_too_large")
            #expect(try await client.allLinks(key: key).count == 1, "nothing stored")

            let justUnder = try await client.send(Self.padded(draft, to: 1 << 20), key: key)
            #expect(justUnder.status == .created, "exactly 1 MiB is allowed: \(justUnder.text.prefix(300))")
            let bulkOver1MiB = try await client.send(Self.padded(#"{"links": [{"target": "\#(Self.puzzle)"}]}"#, to: 2 << 20), to: "/v1/links/bulk", key: key)
            #expect(bulkOver1MiB.status == .created, "2 MiB is fine for bulk: \(bulkOver1MiB.text.prefix(300))")
        }
    }

    @Test("a body not sent as JSON answers 415 unsupported_media_type", arguments: ServerCases.all)
    func unsupportedMediaType(transport: Transport, database: TestDatabase) async throws {
        let server = try await TestServer(database: database)
        let key = try await server.authorization()
        try await server.run(transport) { client in
            let link = try await client.createLink(key: key)
            let draft = #"{"target": "\#(Self.puzzle)"}"#
            for contentType in ["text/plain", "application/x-www-form-urlencoded", "text/json", "multipart/form-data; boundary=x", nil] {
                var headers = key
                headers[.contentType] = contentType
                for (path, method) in [("/v1/links", HTTPRequest.Method.post), ("/v1/links/bulk", .post), ("/v1/links/\(link.id)", .patch)] {
                    let body = path.hasSuffix("bulk") ? #"{"links": [\#(draft)]}"# : draft
                    let response = try await client.execute(path, method: method, headers: headers, body: body)
                    response.expectAPIError(.unsupportedMediaType, "unsupported_media_type")
                }
            }
            #expect(try await client.allLinks(key: key).count == 1, "nothing stored")
            var charset = key
            charset[.contentType] = "application/json; charset=utf-8"
            #expect(try await client.execute("/v1/links", method: .post, headers: charset, body: draft).status == .created)
        }
    }

    // MARK: 400

    /// Bodies of `POST /v1/links` that are refused, the code, the field at fault and a text the message must hold.
    static let badBodies: [(body: String, code: String, field: String?, says: String)] = [
        ("{\n  \"target\": \"\(puzzle)\",\n  \"slug\": \n}", "invalid_body", nil, "line 4, column 1"),
        ("{\"target\": \"\(puzzle)\"", "invalid_body", nil, "line 1"),
        ("", "invalid_body", nil, "empty"),
        ("[]", "invalid_body", nil, "object"),
        (#"{"target": 5}"#, "invalid_body", "target", "string"),
        (#"{"target": "\#(puzzle)", "maxClicks": "ten"}"#, "invalid_body", "maxClicks", "integer"),
        (#"{"target": "\#(puzzle)", "maxClicks": 0}"#, "invalid_body", "maxClicks", ""),
        (#"{"target": "\#(puzzle)", "disabled": "yes"}"#, "invalid_body", "disabled", ""),
        (#"{"target": "\#(puzzle)", "preview": {"title": 3}}"#, "invalid_body", "preview.title", "string"),
        (#"{"target": "\#(puzzle)", "data": {"a": 1}}"#, "invalid_body", "data.a", ""),
        (#"{"target": "\#(puzzle)", "slugg": "winter"}"#, "invalid_body", "slugg", "did you mean 'slug'"),
        (#"{"target": "\#(puzzle)", "preview": {"titel": "x"}}"#, "invalid_body", "preview.titel", "did you mean 'title'"),
        (#"{"target": "\#(puzzle)", "expiresAt": "2026-11-20T16:59:59Z"}"#, "invalid_body", "expiresAt", "passed"),
        (#"{"target": "\#(puzzle)", "expiresAt": "2026-11-20T17:00:00Z"}"#, "invalid_body", "expiresAt", "passed"),
        (#"{"target": "\#(puzzle)", "expiresAt": "tomorrow"}"#, "invalid_body", "expiresAt", ""),
        (#"{"slug": "winter"}"#, "invalid_body", "target", "target"),
        (#"{"target": "\#(puzzle)", "slug": "admin"}"#, "invalid_slug", "slug", "admin"),
        (#"{"target": "\#(puzzle)", "slug": "v1"}"#, "invalid_slug", "slug", ""),
        (#"{"target": "\#(puzzle)", "slug": ".well-known"}"#, "invalid_slug", "slug", ""),
        (#"{"target": "\#(puzzle)", "slug": "shop"}"#, "invalid_slug", "slug", "shop"),
        (#"{"target": "\#(puzzle)", "slug": "bad slug!"}"#, "invalid_slug", "slug", ""),
        (#"{"target": "\#(puzzle)", "slug": "a/b"}"#, "invalid_slug", "slug", ""),
        (#"{"target": "\#(puzzle)", "slug": "ab"}"#, "invalid_slug", "slug", ""),
        (#"{"target": "\#(puzzle)", "slug": "\#(String(repeating: "a", count: 65))"}"#, "invalid_slug", "slug", ""),
        (#"{"target": "\#(puzzle)", "slug": "caf\u00e9"}"#, "invalid_slug", "slug", ""),
        (#"{"target": "\#(puzzle)", "host": "daily.example.com"}"#, "invalid_body", "host", "go.daily.example.com"),
        (#"{"target": "\#(puzzle)", "host": "evil.example.net"}"#, "invalid_body", "host", ""),
        (#"{"target": "https://evil.example.net/"}"#, "destination_refused", "target", ""),
        (#"{"target": "\#(puzzle)", "overrides": {"desktop": "javascript:alert(1)"}}"#, "destination_refused", "overrides.desktop", ""),
        (#"{"target": "\#(puzzle)", "preview": {"imageURL": "javascript:alert(1)"}}"#, "invalid_body", "preview.imageURL", ""),
    ]

    @Test("a bad body answers 400 with the code, the field at fault and a message that says why", arguments: TestDatabase.all)
    func badBody(database: TestDatabase) async throws {
        let server = try await TestServer(database: database)
        let key = try await server.authorization()
        try await server.run(.router) { client in
            for (body, code, field, says) in Self.badBodies {
                let response = try await client.send(body, key: key)
                response.expectAPIError(.badRequest, code, field: field)
                if field == nil { #expect(response.errorField == nil, "\(body): \(response.text)") }
                #expect(says.isEmpty || response.errorMessage?.contains(says) == true, "\(body): \(response.text)")
            }
            #expect(try await client.allLinks(key: key).isEmpty, "nothing stored")
        }
    }

    /// Bodies of `PATCH /v1/links/{id}` that are refused, the code and the field at fault (`""`: none).
    static let badPatches: [(body: String, code: String, field: String)] = [
        (#"{"target": 5}"#, "invalid_body", "target"),
        (#"{"maxClicks": -1}"#, "invalid_body", "maxClicks"),
        (#"{"expiresAt": "2026-11-20T16:00:00Z"}"#, "invalid_body", "expiresAt"),
        (#"{"slug": "admin"}"#, "invalid_slug", "slug"),
        (#"{"slug": ".well-known"}"#, "invalid_slug", "slug"),
        (#"{"host": "daily.example.com"}"#, "invalid_body", "host"),
        (#"{"tagret": "https://daily.example.com/"}"#, "invalid_body", "tagret"),
        (#"{"clicks": 100}"#, "invalid_body", "clicks"),
        (#"{"target": null}"#, "invalid_body", "target"),
        (#"{"disabled": null}"#, "invalid_body", "disabled"),
    ]

    @Test("a bad PATCH answers 400 naming the field, and changes nothing", arguments: TestDatabase.all)
    func badPatch(database: TestDatabase) async throws {
        let server = try await TestServer(database: database)
        let key = try await server.authorization()
        try await server.run(.router) { client in
            let link = try await client.createLink(slug: "patched", key: key)
            for (body, code, field) in Self.badPatches {
                let response = try await client.send(body, to: "/v1/links/\(link.id)", method: .patch, key: key)
                response.expectAPIError(.badRequest, code, field: field.isEmpty ? nil : field)
                #expect(try await client.get("/v1/links/\(link.id)", headers: key).text == link.text, "\(body) changed nothing")
            }
            // The contract's LinkPatch has minProperties: 1.
            let empty = try await client.send("{}", to: "/v1/links/\(link.id)", method: .patch, key: key)
            empty.expectAPIError(.badRequest, "invalid_body")
            #expect(try await client.get("/v1/links/\(link.id)", headers: key).text == link.text, "{} changed nothing")
        }
    }

    @Test("a custom slug already taken answers 409 slug_taken, and the first link keeps it", arguments: ServerCases.all)
    func slugTaken(transport: Transport, database: TestDatabase) async throws {
        let server = try await TestServer(database: database)
        let key = try await server.authorization()
        try await server.run(transport) { client in
            let first = try await client.createLink(slug: "winter", key: key)
            let second = try await client.send(#"{"target": "https://daily.example.com/puzzle/2026-11-19", "slug": "winter"}"#, key: key)
            second.expectAPIError(.conflict, "slug_taken", field: "slug")
            let differentCase = try await client.send(#"{"target": "https://daily.example.com/puzzle/2026-11-19", "slug": "Winter"}"#, key: key)
            #expect(differentCase.status == .created, "slugs are case-sensitive: \(differentCase.text)")
            #expect(try await client.allLinks(key: key).count == 2)
            #expect(try await client.visit("winter", as: Visitors.desktop)["Location"] == Self.puzzle)
            let kept = try await client.get("/v1/links/\(first.id)", headers: key).json
            #expect(kept["slug"] as? String == "winter" && kept["target"] as? String == Self.puzzle)
        }
    }

    /// Query parameters of `GET /v1/links` that are refused, and the parameter named.
    static let badQueries: [(query: String, field: String)] = [
        ("limit=0", "limit"), ("limit=201", "limit"), ("limit=ten", "limit"), ("limit=-1", "limit"), ("limit=", "limit"),
        ("cursor=not-a-cursor", "cursor"), ("status=deleted", "status"),
    ]

    @Test("a bad query parameter of the list answers 400 invalid_body naming it", arguments: TestDatabase.all)
    func badQuery(database: TestDatabase) async throws {
        let server = try await TestServer(database: database)
        let key = try await server.authorization(.read)
        try await server.run(.router) { client in
            for (query, field) in Self.badQueries {
                try await client.get("/v1/links?\(query)", headers: key).expectAPIError(.badRequest, "invalid_body", field: field)
            }
        }
    }
}
