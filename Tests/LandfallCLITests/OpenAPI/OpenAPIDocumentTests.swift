import Foundation
import Testing
import Yams

/// `openapi/landfall.yaml`, the contract of the API: it is valid YAML, structurally sound
/// OpenAPI 3.1 (every `$ref` resolves, every operation answers, the security scheme exists),
/// and it documents exactly the operations the API has, each with the scope it needs, every
/// error code with its meaning, and the CSV and statistics shapes the API answers.
@Suite struct OpenAPIDocumentTests {
    /// The document's path in the repository.
    static let path = CLIFixtures.repositoryRoot.appendingPathComponent("openapi/landfall.yaml").path

    /// The document's operations, each with the scope its `x-landfall-scope` names. That these
    /// are exactly the operations the server routes, with the same scopes, is checked against the
    /// router's own table by `OpenAPIConformanceTests` in the server's tests.
    static var operations: [(method: String, path: String, scope: String)] {
        guard let root = try? document() else { return [] }
        return documentedOperations(in: root).map { ($0.method, $0.path, $0.operation["x-landfall-scope"]?.string ?? "") }
    }

    static let methods: Set = ["get", "put", "post", "delete", "options", "head", "patch", "trace"]

    /// The error codes the API answers with.
    static let errorCodes = [
        "unauthorized", "forbidden", "not_found", "gone", "invalid_body", "destination_refused", "invalid_slug",
        "slug_taken", "payload_too_large", "uri_too_long", "unsupported_media_type", "rate_limited", "method_not_allowed",
        "invite_code_malformed", "invite_unknown", "invite_revoked", "invite_expired", "invite_used_up", "invite_rate_limited",
        "endpoint_disabled",
    ]

    /// The operations that also answer CSV (`format=csv` or `Accept: text/csv`).
    static let csvOperations: [(method: String, path: String, header: String)] = [
        ("get", "/v1/invites", "code,url,batch,uses,redeemed,uses_left,status,expires_at,note,campaign,created_at,revoked_at"),
        ("get", "/v1/stats", "day,type,platform,referrer,campaign,detail,count"),
        ("get", "/v1/links/{id}/stats", "day,type,platform,referrer,campaign,detail,count"),
    ]

    struct Problem: Error, CustomStringConvertible {
        var description: String
    }

    /// The parsed document (a fresh tree each time: Yams' nodes are not `Sendable`).
    static func document() throws -> Node {
        let text = try String(contentsOfFile: path, encoding: .utf8)
        guard let root = try Yams.compose(yaml: text) else { throw Problem(description: "\(path) is empty") }
        return root
    }

    /// Every operation in the document: method, path and the operation object.
    static func documentedOperations(in root: Node) -> [(method: String, path: String, operation: Node)] {
        guard let paths = root["paths"]?.mapping else { return [] }
        var found: [(String, String, Node)] = []
        for (path, item) in paths {
            guard let path = path.string, let item = item.mapping else { continue }
            for (method, operation) in item {
                guard let method = method.string, methods.contains(method) else { continue }
                found.append((method, path, operation))
            }
        }
        return found
    }

    /// Every `$ref` in `node`, with where it was found.
    static func references(in node: Node, at location: String = "#") -> [(location: String, reference: String)] {
        switch node {
        case .mapping(let mapping):
            var found: [(String, String)] = []
            for (key, value) in mapping {
                let name = key.string ?? "?"
                if name == "$ref", let reference = value.string {
                    found.append((location, reference))
                } else {
                    found += references(in: value, at: location + "/" + name)
                }
            }
            return found
        case .sequence(let sequence):
            return sequence.enumerated().flatMap { references(in: $0.element, at: location + "/\($0.offset)") }
        case .scalar, .alias:
            return []
        }
    }

    /// The node a local JSON pointer (`#/components/schemas/Link`) names, or `nil`.
    static func resolve(_ reference: String, in root: Node) -> Node? {
        guard reference.hasPrefix("#/") else { return nil }
        var node: Node? = root
        for token in reference.dropFirst(2).split(separator: "/", omittingEmptySubsequences: false) {
            let key = token.replacingOccurrences(of: "~1", with: "/").replacingOccurrences(of: "~0", with: "~")
            node = node?[key]
        }
        return node
    }

    @Test func theDocumentIsOpenAPIThreeOne() throws {
        let root = try Self.document()
        #expect(root["openapi"]?.string?.hasPrefix("3.1.") == true)
        #expect(root["info"]?["title"]?.string?.isEmpty == false)
        #expect(root["info"]?["version"]?.string?.isEmpty == false)
    }

    @Test func everyReferenceResolves() throws {
        let root = try Self.document()
        let references = Self.references(in: root)
        #expect(references.count > 50)
        for (location, reference) in references {
            #expect(Self.resolve(reference, in: root) != nil, "\(location): $ref '\(reference)' does not resolve")
        }
    }

    @Test func aReferenceToNothingIsCaught() throws {
        let root = try Yams.compose(yaml: "components:\n  schemas:\n    A: {type: string}\n    'a/b': {type: string}\n")
        let document = try #require(root)
        #expect(Self.resolve("#/components/schemas/A", in: document) != nil)
        #expect(Self.resolve("#/components/schemas/a~1b", in: document) != nil)
        #expect(Self.resolve("#/components/schemas/B", in: document) == nil)
        #expect(Self.resolve("other.yaml#/A", in: document) == nil)
    }

    @Test func theDocumentListsTheAPIsOperations() throws {
        let documented = Self.documentedOperations(in: try Self.document())
        #expect(documented.count >= 28, "the document lists \(documented.count) operations")
        #expect(Set(Self.operations.map(\.scope)).isSubset(of: ["public", "read", "write", "webhooks"]),
                "every x-landfall-scope is public, read, write or webhooks: \(Self.operations.map(\.scope))")
    }

    @Test(arguments: operations)
    func everyOperationHasAnIdAResponseAndItsScope(method: String, path: String, scope: String) throws {
        let root = try Self.document()
        let operation = try #require(root["paths"]?[path]?[method], "\(method.uppercased()) \(path) is not documented")
        #expect(operation["operationId"]?.string?.isEmpty == false)
        #expect(operation["summary"]?.string?.isEmpty == false)
        let responses = try #require(operation["responses"]?.mapping, "\(method.uppercased()) \(path) has no responses")
        #expect(!responses.isEmpty)
        #expect(responses.keys.contains { ($0.string ?? "").hasPrefix("2") || ($0.string ?? "").hasPrefix("3") },
                "\(method.uppercased()) \(path) has no success response")
        #expect(["public", "read", "write", "webhooks"].contains(scope), "\(method.uppercased()) \(path): x-landfall-scope is \(scope.isEmpty ? "missing" : scope)")
        // Public operations turn the document-wide key requirement off; the others keep it.
        let security = operation["security"]?.sequence
        if scope == "public" {
            #expect(security?.isEmpty == true, "\(method.uppercased()) \(path) is public but does not say `security: []`")
        } else {
            #expect(security == nil)
            #expect(responses.keys.contains { $0.string == "401" }, "\(method.uppercased()) \(path) does not document 401")
            #expect(responses.keys.contains { $0.string == "403" }, "\(method.uppercased()) \(path) does not document 403")
        }
    }

    @Test func operationIdsAreUnique() throws {
        let ids = Self.documentedOperations(in: try Self.document()).compactMap { $0.operation["operationId"]?.string }
        #expect(ids.count == Self.documentedOperations(in: try Self.document()).count)
        #expect(Set(ids).count == ids.count)
    }

    @Test func theBearerKeySchemeIsDefinedAndRequiredByDefault() throws {
        let root = try Self.document()
        let scheme = try #require(root["components"]?["securitySchemes"]?["apiKey"])
        #expect(scheme["type"]?.string == "http")
        #expect(scheme["scheme"]?.string == "bearer")
        let requirements = try #require(root["security"]?.sequence)
        #expect(requirements.count == 1)
        for requirement in requirements {
            for name in requirement.mapping.map({ Array($0.keys) }) ?? [] {
                #expect(root["components"]?["securitySchemes"]?[name] != nil, "security names an undefined scheme")
            }
        }
    }

    @Test func everyPathTemplateParameterIsDeclared() throws {
        let root = try Self.document()
        for (method, path, operation) in Self.documentedOperations(in: root) {
            let templated = path.split(separator: "/").filter { $0.hasPrefix("{") && $0.hasSuffix("}") }
                .map { String($0.dropFirst().dropLast()) }
            let declared = ((root["paths"]?[path]?["parameters"]?.sequence.map(Array.init) ?? [])
                + (operation["parameters"]?.sequence.map(Array.init) ?? []))
                .map { parameter in parameter["$ref"]?.string.flatMap { Self.resolve($0, in: root) } ?? parameter }
                .filter { $0["in"]?.string == "path" }
            for name in templated {
                let parameter = declared.first { $0["name"]?.string == name }
                #expect(parameter?["required"]?.bool == true, "\(method.uppercased()) \(path): path parameter '\(name)' is not declared as required")
            }
            #expect(declared.count == templated.count, "\(method.uppercased()) \(path) declares path parameters it does not have")
        }
    }

    @Test func everyAPIErrorResponseHasTheErrorBody() throws {
        let root = try Self.document()
        for (method, path, operation) in Self.documentedOperations(in: root) where path.hasPrefix("/v1/") {
            for (status, response) in operation["responses"]?.mapping ?? [:] {
                let code = status.string ?? ""
                guard code.hasPrefix("4") || code.hasPrefix("5") || code == "default" else { continue }
                let resolved = response["$ref"]?.string.flatMap { Self.resolve($0, in: root) } ?? response
                let schema = resolved["content"]?["application/json"]?["schema"]?["$ref"]?.string
                // An ErrorResponse, or an answer that holds the same `error` beside more (an import's report).
                let holdsTheError = schema.flatMap { Self.resolve($0, in: root) }?["properties"]?["error"]?["$ref"]?.string == "#/components/schemas/APIError"
                #expect(schema == "#/components/schemas/ErrorResponse" || holdsTheError,
                        "\(method.uppercased()) \(path) \(code) is not an ErrorResponse")
            }
        }
    }

    @Test func theErrorCodesAreDocumentedWithTheirHeaders() throws {
        let root = try Self.document()
        let codes = (root["components"]?["schemas"]?["ErrorCode"]?["enum"]?.sequence.map(Array.init) ?? []).compactMap(\.string)
        for code in Self.errorCodes {
            #expect(codes.contains(code), "ErrorCode does not list \(code)")
        }
        let responses = root["components"]?["responses"]
        #expect(responses?["Unauthorized"]?["headers"]?["WWW-Authenticate"] != nil)
        #expect(responses?["RateLimited"]?["headers"]?["Retry-After"] != nil)
        #expect(responses?["MethodNotAllowed"]?["headers"]?["Allow"] != nil)
        let error = Self.dereferenced(root["components"]?["schemas"]?["ErrorResponse"]?["properties"]?["error"], in: root)
        #expect(error?["required"]?.sequence.map { $0.compactMap(\.string) } == ["code", "message"])
        #expect(error?["properties"]?["field"] != nil)
    }

    @Test func theLinkSchemaHasEveryField() throws {
        let root = try Self.document()
        let link = try #require(root["components"]?["schemas"]?["Link"])
        let required = Set(link["required"]?.sequence.map { $0.compactMap(\.string) } ?? [])
        #expect(required == ["id", "url", "host", "slug", "target", "overrides", "preview", "campaign", "data",
                             "expiresAt", "maxClicks", "disabled", "createdAt", "updatedAt", "clicks", "card"])
        let properties = Set(link["properties"]?.mapping?.keys.compactMap(\.string) ?? [])
        #expect(properties == required)
        let draft = try #require(root["components"]?["schemas"]?["LinkDraft"])
        #expect(draft["required"]?.sequence.map { $0.compactMap(\.string) } == ["target"])
        #expect(draft["properties"]?["slug"]?["$ref"]?.string == "#/components/schemas/Slug")
        #expect(root["components"]?["schemas"]?["Slug"]?["pattern"]?.string == "^[A-Za-z0-9_-]{3,64}$")
    }

    /// `node`, or what it names when it is a `$ref`.
    static func dereferenced(_ node: Node?, in root: Node) -> Node? {
        node?["$ref"]?.string.flatMap { resolve($0, in: root) } ?? node
    }

    /// The member `key` of a mapping, compared as text: `node["200"]` would look for the
    /// integer 200 and miss the document's quoted `'200'`.
    static func member(_ key: String, of node: Node?) -> Node? {
        node?.mapping?.first { $0.key.string == key }?.value
    }

    /// The strings of a sequence node (`required: [a, b]`).
    static func strings(_ node: Node?) -> [String] {
        node?.sequence.map { $0.compactMap(\.string) } ?? []
    }

    @Test func everyErrorCodeIsExplainedInTheTable() throws {
        let root = try Self.document()
        let schema = try #require(root["components"]?["schemas"]?["ErrorCode"])
        let table = try #require(schema["description"]?.string)
        let codes = Self.strings(schema["enum"])
        #expect(codes.count > 15)
        #expect(codes.count == Set(codes).count, "ErrorCode lists a code twice")
        for code in codes {
            let explained = table.contains("| `\(code)` |")
            #expect(explained, "the ErrorCode table does not explain \(code)")
        }
    }

    @Test func redemptionDocumentsEveryRefusalWithItsOwnCode() throws {
        let root = try Self.document()
        let responses = try #require(root["paths"]?["/v1/invites/redeem"]?["post"]?["responses"])
        var codes: Set<String> = []
        for status in ["400", "404", "410", "429"] {
            let documented = Self.dereferenced(Self.member(status, of: responses), in: root)
            let response = try #require(documented, "redeem does not document \(status)")
            let content = response["content"]?["application/json"]
            let examples = (content?["examples"]?.mapping?.values.map { $0["value"] } ?? []) + [content?["example"]]
            codes.formUnion(examples.compactMap { $0?["error"]?["code"]?.string })
        }
        #expect(codes.isSuperset(of: ["invite_code_malformed", "invite_unknown", "invite_revoked", "invite_expired",
                                      "invite_used_up", "invite_rate_limited"]), "redeem's error examples have \(codes.sorted())")
        let limited = Self.dereferenced(Self.member("429", of: responses), in: root)
        #expect(limited?["headers"]?["Retry-After"] != nil, "redeem's 429 has no Retry-After")
    }

    @Test(arguments: operations.filter { $0.scope == "public" && $0.path.hasPrefix("/v1/") })
    func everyPublicAPIOperationDocumentsItsRateLimit(method: String, path: String, scope: String) throws {
        let root = try Self.document()
        let responses = try #require(root["paths"]?[path]?[method]?["responses"], "\(method.uppercased()) \(path) is not documented")
        let documented = Self.dereferenced(Self.member("429", of: responses), in: root)
        let limited = try #require(documented, "\(method.uppercased()) \(path) does not document 429")
        #expect(limited["headers"]?["Retry-After"] != nil, "\(method.uppercased()) \(path): 429 without Retry-After")
    }

    @Test(arguments: csvOperations)
    func theExportsAnswerCSVWithTheirHeader(method: String, path: String, header: String) throws {
        let root = try Self.document()
        let operation = try #require(root["paths"]?[path]?[method], "\(method.uppercased()) \(path) is not documented")
        let content = try #require(Self.member("200", of: operation["responses"])?["content"], "\(method.uppercased()) \(path) has no 200")
        #expect(content["application/json"] != nil, "\(method.uppercased()) \(path) does not answer JSON")
        let schema = Self.dereferenced(content["text/csv"]?["schema"], in: root)
        let csv = try #require(schema, "\(method.uppercased()) \(path) does not answer text/csv")
        #expect(csv["type"]?.string == "string")
        #expect(csv["example"]?.string?.split(separator: "\n").first.map(String.init) == header)
        #expect(csv["description"]?.string?.contains("`\(header)`") == true, "the CSV's description does not give its header")
        let parameters = (operation["parameters"]?.sequence.map(Array.init) ?? []).compactMap { Self.dereferenced($0, in: root) }
        let format = parameters.first { $0["name"]?.string == "format" && $0["in"]?.string == "query" }
        #expect(Self.strings(format?["schema"]?["enum"]) == ["json", "csv"], "\(method.uppercased()) \(path) has no format=csv parameter")
    }

    @Test func trafficStatsKeepTheFieldsOfLinkStatsAndAddTheFunnel() throws {
        let root = try Self.document()
        let schemas = try #require(root["components"]?["schemas"])
        let stats = try #require(schemas["TrafficStats"])
        let required = Set(Self.strings(stats["required"]))
        #expect(required.isSuperset(of: ["clicks", "previews", "byDay", "byPlatform", "byReferrer"]), "a field of 1.0 is no longer required")
        #expect(required.isSuperset(of: ["installs", "opens", "funnel", "installsByMatch", "events", "byCampaign"]))
        #expect(stats["properties"]?["linkID"] != nil)
        #expect(Self.strings(stats["properties"]?["events"]?["required"]) == ["click", "open", "first_open", "claim", "redemption"])
        #expect(Set(Self.strings(schemas["TrafficBucket"]?["required"])) == ["key", "count", "installs", "opens"])
        #expect(Self.member("LinkStats", of: schemas) == nil, "LinkStats is replaced by TrafficStats")
        let perLinkSchema = Self.member("200", of: root["paths"]?["/v1/links/{id}/stats"]?["get"]?["responses"])?["content"]?["application/json"]?["schema"]
        let perLink = try #require(perLinkSchema, "GET /v1/links/{id}/stats has no JSON schema")
        let parts = perLink["allOf"]?.sequence.map(Array.init) ?? []
        #expect(parts.contains { $0["$ref"]?.string == "#/components/schemas/TrafficStats" })
        #expect(parts.contains { Self.strings($0["required"]) == ["linkID"] }, "a link's statistics do not require linkID")
        let siteWide = Self.member("200", of: root["paths"]?["/v1/stats"]?["get"]?["responses"])?["content"]?["application/json"]?["schema"]
        #expect(siteWide?["$ref"]?.string == "#/components/schemas/TrafficStats")
    }

    @Test func theInvitationSchemaHasEveryField() throws {
        let root = try Self.document()
        let invitation = try #require(root["components"]?["schemas"]?["Invitation"])
        let required = Set(Self.strings(invitation["required"]))
        #expect(required == ["code", "url", "batch", "uses", "redeemed", "usesLeft", "status", "expiresAt", "note", "campaign",
                             "createdAt", "revokedAt"])
        #expect(Set(invitation["properties"]?.mapping?.keys.compactMap(\.string) ?? []) == required)
        #expect(Self.strings(root["components"]?["schemas"]?["InvitationStatus"]?["enum"]) == ["active", "revoked", "expired", "used_up"])
        let code = try #require(root["components"]?["schemas"]?["InvitationCode"])
        #expect(code["pattern"]?.string == "^[2-9A-HJKMNP-Z]{5}-[2-9A-HJKMNP-Z]{5}-[2-9A-HJKMNP-Z]{5}$")
    }
}
