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

    @Test func everyDocumentedOperationIsAnEndpointOfTheServerAndEveryEndpointIsDocumented() throws {
        let id = "019b4f2e-7a10-7c4e-9b1f-3f0d2a6b8c11"
        var documented: Set<String> = []
        for (path, method, _) in try Self.apiOperations() {
            let concrete = path.replacingOccurrences(of: "{id}", with: id)
            let endpoint = APIEndpoint(segments: concrete.split(separator: "/").map(String.init))
            #expect(endpoint.methods.map { $0.rawValue.lowercased() }.contains(method), "\(method.uppercased()) \(path)")
            documented.insert("\(method.uppercased()) \(endpoint.label)")
        }
        let served: [APIEndpoint] = [.links, .bulk, .link(nil), .disable(nil), .enable(nil), .stats(nil), .resolve]
        for endpoint in served {
            for method in endpoint.methods {
                #expect(documented.contains("\(method.rawValue) \(endpoint.label)"), "\(method.rawValue) \(endpoint.label) is not documented")
            }
        }
    }

    /// One documented operation as the example test sends it.
    struct ExampleRequest: Sendable {
        var method: String
        var path: String
        var query: String
        var bodies: [String?]
        var successes: Set<Int>
    }

    @Test("the documented examples get a documented success, in the order a client would send them", arguments: TestDatabase.all)
    func theDocumentedExamplesSucceed(database: TestDatabase) async throws {
        // Creation first (it gives the id the others use), deletion last.
        let order = ["post /v1/links", "post /v1/links/bulk"]
        func rank(_ request: ExampleRequest) -> Int {
            if let index = order.firstIndex(of: "\(request.method) \(request.path)") { return index }
            return request.method == "delete" ? 99 : 10
        }
        let requests = try Self.apiOperations().map { path, method, operation in
            let successes = Set(((operation["responses"] as? [String: Any]) ?? [:]).keys.compactMap(Int.init).filter { (200..<300).contains($0) })
            let query = ((operation["parameters"] as? [[String: Any]]) ?? []).compactMap { parameter -> String? in
                guard parameter["in"] as? String == "query", parameter["required"] as? Bool == true,
                      let name = parameter["name"] as? String, let example = parameter["example"] as? String else { return nil }
                return "\(name)=\(example.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? example)"
            }.joined(separator: "&")
            return ExampleRequest(method: method, path: path, query: query, bodies: Self.bodyExamples(of: operation), successes: successes)
        }.sorted { rank($0) < rank($1) }
        let server = try await TestServer(database: database)
        let key = try await server.authorization()
        try await server.run(.live) { client in
            var id: String?
            for request in requests {
                #expect(!request.successes.isEmpty, "\(request.method) \(request.path) documents no success")
                var target = request.path.replacingOccurrences(of: "{id}", with: id ?? "missing")
                if !request.query.isEmpty { target += "?" + request.query }
                for body in request.bodies {
                    let response = try await client.execute(target, method: HTTPRequest.Method(request.method.uppercased())!, host: Demo.site,
                                                            headers: key, body: body)
                    #expect(request.successes.contains(response.status.code),
                            "\(request.method.uppercased()) \(target) with \(body ?? "no body"): \(response.status.code) \(response.text)")
                    if request.path == "/v1/links", request.method == "post", id == nil,
                       let created = try? response.json["id"] as? String {
                        id = created
                    }
                }
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
