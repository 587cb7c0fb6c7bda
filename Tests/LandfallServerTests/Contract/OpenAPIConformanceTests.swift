import Foundation
import Hummingbird
import LandfallLinks
import Testing
import Yams
@testable import LandfallServer

/// `openapi/landfall.yaml` is the API's contract: the server implements every operation it
/// lists, answers the documented examples with a documented success, and uses only the error
/// codes it documents.
@Suite struct OpenAPIConformanceTests {
    /// The document, read with Yams.
    static func document() throws -> [String: Any] {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("openapi/landfall.yaml")
        let text = try String(contentsOf: url, encoding: .utf8)
        return try #require(try Yams.load(yaml: text) as? [String: Any])
    }

    /// The operations under `/v1/`: path, method, and the operation's object.
    static func apiOperations() throws -> [(path: String, method: String, operation: [String: Any])] {
        let paths = try #require(try document()["paths"] as? [String: Any])
        return paths.keys.sorted().filter { $0.hasPrefix("/v1/") }.flatMap { path -> [(String, String, [String: Any])] in
            let item = paths[path] as? [String: Any] ?? [:]
            return ["get", "post", "patch", "delete", "put"].compactMap { method in
                (item[method] as? [String: Any]).map { (path, method, $0) }
            }
        }
    }

    @Test func theErrorCodesAreExactlyTheDocumentedOnes() throws {
        let schemas = try #require((try Self.document()["components"] as? [String: Any])?["schemas"] as? [String: Any])
        let documented = try #require((schemas["ErrorCode"] as? [String: Any])?["enum"] as? [String])
        #expect(Set(documented) == Set(APIErrorCode.allCases.map(\.rawValue)))
    }

    /// `path` with its parameters filled: `{id}` with a link id, `{code}` with an invitation
    /// code, `{token}` with a claim token.
    static func concrete(_ path: String, id: String = "019b4f2e-7a10-7c4e-9b1f-3f0d2a6b8c11", code: String = "7KQ2M-X4P9T-HCW3R",
                         token: String = "lfc_3q2-7wEjRZ6Qb_pJkLm0xA") -> String {
        path.replacingOccurrences(of: "{id}", with: id).replacingOccurrences(of: "{code}", with: code)
            .replacingOccurrences(of: "{token}", with: token)
    }

    /// The operations the server's router registers: the API's one table.
    static func served() async throws -> [APIOperation] {
        // A server is run to be stopped (its database is closed by its services).
        let server = try await TestServer()
        return try await server.run(.router) { _ in buildRouter(server.parts).api.operations }
    }

    @Test func everyDocumentedOperationIsRoutedAndEveryRoutedOperationIsDocumented() async throws {
        let documented = Set(try Self.apiOperations().map { "\($0.method.uppercased()) \($0.path)" })
        let served = try await Self.served()
        let routed = Set(served.map { "\($0.method.rawValue) \($0.path)" })
        #expect(routed.count == served.count, "an operation is registered twice: \(served)")
        for operation in documented.subtracting(routed).sorted() {
            Issue.record("\(operation) is documented in openapi/landfall.yaml but the server does not route it")
        }
        for operation in routed.subtracting(documented).sorted() {
            Issue.record("\(operation) is routed by the server but not documented in openapi/landfall.yaml")
        }
        #expect(!documented.isEmpty)
    }

    @Test("each operation's x-landfall-scope is the route group the server puts it in: public, read, write or webhooks")
    func scopes() async throws {
        let served = Dictionary(uniqueKeysWithValues: try await Self.served().map { ("\($0.method.rawValue) \($0.path)", $0.scope.rawValue) })
        for (path, method, operation) in try Self.apiOperations() {
            let key = "\(method.uppercased()) \(path)"
            let scope = operation["x-landfall-scope"] as? String
            #expect(scope == served[key], "\(key): documented \(scope ?? "nothing"), served as \(served[key] ?? "nothing")")
        }
    }

    @Test("a request for an API path that exists with other methods gets 405 with Allow listing them, and an unknown path 404",
          arguments: Transport.allCases)
    func unmatchedRequests(transport: Transport) async throws {
        let server = try await TestServer()
        let key = try await server.authorization()
        try await server.run(transport) { client in
            let put = try await client.execute("/v1/links", method: .put, headers: key)
            put.expectAPIError(.methodNotAllowed, "method_not_allowed")
            #expect(put.headers[.allow] == "GET, POST")
            let bulk = try await client.get("/v1/links/bulk", headers: key)
            bulk.expectAPIError(.methodNotAllowed, "method_not_allowed")
            #expect(bulk.headers[.allow] == "POST")
            try await client.get("/v1/invites/7KQ2M-X4P9T-HCW3R/extra", headers: key).expectAPIError(.notFound, "not_found")
            try await client.get("/v1", headers: key).expectAPIError(.notFound, "not_found")
        }
    }

    /// One documented operation as the example test sends it.
    struct ExampleRequest: Sendable {
        var method: String
        var path: String
        var query: String
        var bodies: [String?]
        var successes: Set<Int>
        /// Its `x-landfall-scope`: the webhooks' operations need a `webhooks` key.
        var scope: String
    }

    @Test("the documented examples get a documented success, in the order a client would send them", arguments: TestDatabase.all)
    func theDocumentedExamplesSucceed(database: TestDatabase) async throws {
        // Creation first (it gives the link id and the invitation code the others use), then
        // redemption before revocation, deletion last.
        // A webhook endpoint is added and tested before it is changed (a PATCH example disables it).
        let order = ["post /v1/links", "post /v1/links/bulk", "post /v1/invites", "post /v1/invites/redeem",
                     "post /v1/webhooks", "post /v1/webhooks/{id}/test"]
        func rank(_ request: ExampleRequest) -> Int {
            if let index = order.firstIndex(of: "\(request.method) \(request.path)") { return index }
            if request.path.hasSuffix("/revoke") { return 90 }
            return request.method == "delete" ? 99 : 10
        }
        let requests = try Self.apiOperations().map { path, method, operation in
            let successes = Set(((operation["responses"] as? [String: Any]) ?? [:]).keys.compactMap(Int.init).filter { (200..<400).contains($0) })
            let query = ((operation["parameters"] as? [[String: Any]]) ?? []).compactMap { parameter -> String? in
                guard parameter["in"] as? String == "query", parameter["required"] as? Bool == true,
                      let name = parameter["name"] as? String, let example = parameter["example"] as? String else { return nil }
                return "\(name)=\(example.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? example)"
            }.joined(separator: "&")
            return ExampleRequest(method: method, path: path, query: query, bodies: Self.bodyExamples(of: operation), successes: successes,
                                  scope: operation["x-landfall-scope"] as? String ?? "")
        }.sorted { rank($0) < rank($1) }
        let server = try await TestServer(database: database) { $0.webhooks.delivers = false }
        let key = try await server.authorization()
        let webhooksKey = try await server.authorization(.webhooks, name: "webhooks")
        try await server.run(.live) { client in
            // A claim token, as a landing page gives one to an iPhone.
            var phone = key
            phone[.userAgent] = Visitors.iPhone
            let page = try await client.get("/puzzle/2026-11-20", headers: phone)
            let token = try #require(StoreButtons(HTMLPage(page.text)).token, "no claim token on the page: \(page.text.prefix(300))")
            var id: String?
            var code: String?
            var endpointID: String?
            var deliveryID: String?
            var tried: Set<String> = []
            for request in requests {
                #expect(!request.successes.isEmpty, "\(request.method) \(request.path) documents no success")
                var target = request.path.hasPrefix("/v1/webhooks")
                    ? request.path.replacingOccurrences(of: "{id}", with: endpointID ?? "missing")
                        .replacingOccurrences(of: "{deliveryID}", with: deliveryID ?? "missing")
                    : Self.concrete(request.path, id: id ?? "missing", code: code ?? "missing", token: token)
                if !request.query.isEmpty { target += "?" + request.query }
                for example in request.bodies {
                    // The examples name a code and a token of the document's world: the ones made here stand in for them.
                    let body = example.map { text in
                        var text = text.replacingOccurrences(of: "lfc_3q2-7wEjRZ6Qb_pJkLm0xA", with: token)
                        if let code { text = text.replacingOccurrences(of: "7kq2m-x4p9t-hcw3r", with: code.lowercased()) }
                        return text
                    }
                    let response = try await client.execute(target, method: HTTPRequest.Method(request.method.uppercased())!, host: Demo.site,
                                                            headers: request.scope == "webhooks" ? webhooksKey : key, body: body)
                    #expect(request.successes.contains(response.status.code),
                            "\(request.method.uppercased()) \(target) with \(body ?? "no body"): \(response.status.code) \(response.text)")
                    if request.path == "/v1/links", request.method == "post", id == nil,
                       let created = try? response.json["id"] as? String {
                        id = created
                    }
                    if request.path == "/v1/webhooks", request.method == "post", endpointID == nil {
                        endpointID = try? response.json["id"] as? String
                    }
                    if request.path == "/v1/webhooks/{id}/test", deliveryID == nil {
                        deliveryID = (try? response.json["delivery"] as? [String: Any])?["id"] as? String
                    }
                    if request.path == "/v1/invites", request.method == "post", code == nil,
                       let invitations = try? response.json["invitations"] as? [[String: Any]] {
                        code = invitations.first?["code"] as? String
                    }
                }
                tried.insert("\(request.method.uppercased()) \(request.path)")
            }
            // Every operation the server routes was asked once at least.
            for operation in buildRouter(server.parts).api.operations {
                #expect(tried.contains("\(operation.method.rawValue) \(operation.path)"), "\(operation) was not tried")
            }
        }
    }

    @Test("the documented error answers of the path parameters of invitations and claims")
    func pathParameterErrors() async throws {
        let server = try await TestServer()
        let key = try await server.authorization()
        try await server.run(.router) { client in
            // InviteCode: "A code that does not parse is answered like an unknown one (404 invite_unknown)".
            for path in ["/v1/invites/not-a-code", "/v1/invites/7KQ2M-X4P9T-HCW3"] {
                let read = try await client.get(path, headers: key)
                read.expectAPIError(.notFound, "invite_unknown")
            }
            try await client.get("/v1/invites/7KQ2M-X4P9T-HCW3R", headers: key).expectAPIError(.notFound, "invite_unknown")
            // ClaimToken: no pending claim, or not a token at all, is 404 not_found.
            for token in ["lfc_3q2-7wEjRZ6Qb_pJkLm0xA", "lfc_short", "nothing"] {
                try await client.get("/v1/claims/\(token)").expectAPIError(.notFound, "not_found")
            }
        }
    }

    /// The request bodies an operation documents (`example`, or each of `examples`), as JSON
    /// text; one `nil` when it takes no body.
    static func bodyExamples(of operation: [String: Any]) -> [String?] {
        guard let content = ((operation["requestBody"] as? [String: Any])?["content"] as? [String: Any])?["application/json"] as? [String: Any] else {
            return [nil]
        }
        var values: [Any] = []
        if let example = content["example"] { values.append(example) }
        if let examples = content["examples"] as? [String: Any] {
            values += examples.keys.sorted().compactMap { (examples[$0] as? [String: Any])?["value"] }
        }
        return values.compactMap { value in
            (try? JSONSerialization.data(withJSONObject: Self.jsonCompatible(value))).map { String(decoding: $0, as: UTF8.self) }
        }
    }

    /// YAML values as Foundation's JSON writer takes them (Yams reads `null` as NSNull already;
    /// dates, if any, as RFC 3339 strings).
    static func jsonCompatible(_ value: Any) -> Any {
        switch value {
        case let dictionary as [String: Any]: dictionary.mapValues(jsonCompatible)
        case let array as [Any]: array.map(jsonCompatible)
        case let date as Date: date.formatted(.iso8601)
        default: value
        }
    }
}
