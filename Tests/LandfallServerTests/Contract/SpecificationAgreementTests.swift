import Foundation
import Hummingbird
import LandfallJSON
import OpenAPIContract
import Testing
@testable import LandfallServer

/// Issue 15, finding 9: `openapi/landfall.yaml` and the server agree on the requests they take.
/// Each table sends a request to a real server and asks the contract about the same request:
/// what the server refuses, the contract refuses (`minLength`, `maxLength`, patterns, formats,
/// enums, no `null` where a field is only given or left out), and what the contract allows, the
/// server does not refuse for a reason the contract leaves unsaid.
@Suite struct SpecificationAgreementTests {
    static let puzzle = "https://daily.example.com/puzzle/2026-11-20"
    static let token = "lfc_3q2-7wEjRZ6Qb_pJkLm0xA"
    /// A minute before the test server's clock (``Demo/noon``), inside an event's window.
    static let eventTime = "2026-11-20T16:59:00Z"

    /// The contract, as the response checks load it.
    static func contract() throws -> OpenAPIDocument {
        try ResponseContract.shared.document.get()
    }

    /// A request body of one operation, the problem the server finds in it and the field it names.
    struct BodyCase: Sendable, CustomTestStringConvertible {
        let method: HTTPRequest.Method
        /// The path as the contract writes it; `{id}` is filled with a link's id.
        let path: String
        let body: String
        let field: String
        let code: String

        init(_ method: HTTPRequest.Method, _ path: String, _ body: String, field: String, code: String = "invalid_body") {
            self.method = method
            self.path = path
            self.body = body
            self.field = field
            self.code = code
        }

        var testDescription: String { "\(method) \(path): \(field)" }
    }

    static func event(_ extra: String) -> String {
        #"{"events": [{"id": "0d9e8f7a-6b5c-4d3e-8f2a-1b0c9d8e7f6a", "type": "open", "at": "\#(eventTime)", "platform": "ios"\#(extra)}]}"#
    }

    /// `null` for each optional field of each body that creates something: the contract lists no
    /// `null` for them, and the server refuses it naming the field (it used to read it as absent).
    static let nullFields: [BodyCase] = [
        BodyCase(.post, "/v1/links", #"{"target": "\#(puzzle)", "slug": null}"#, field: "slug"),
        BodyCase(.post, "/v1/links", #"{"target": "\#(puzzle)", "host": null}"#, field: "host"),
        BodyCase(.post, "/v1/links", #"{"target": "\#(puzzle)", "overrides": null}"#, field: "overrides"),
        BodyCase(.post, "/v1/links", #"{"target": "\#(puzzle)", "preview": null}"#, field: "preview"),
        BodyCase(.post, "/v1/links", #"{"target": "\#(puzzle)", "campaign": null}"#, field: "campaign"),
        BodyCase(.post, "/v1/links", #"{"target": "\#(puzzle)", "data": null}"#, field: "data"),
        BodyCase(.post, "/v1/links", #"{"target": "\#(puzzle)", "expiresAt": null}"#, field: "expiresAt"),
        BodyCase(.post, "/v1/links", #"{"target": "\#(puzzle)", "maxClicks": null}"#, field: "maxClicks"),
        BodyCase(.post, "/v1/links", #"{"target": "\#(puzzle)", "disabled": null}"#, field: "disabled"),
        BodyCase(.post, "/v1/links/bulk", #"{"links": [{"target": "\#(puzzle)"}, {"target": "\#(puzzle)", "host": null}]}"#, field: "links[1].host"),
        BodyCase(.post, "/v1/invites", #"{"count": 1, "uses": null}"#, field: "uses"),
        BodyCase(.post, "/v1/invites", #"{"count": 1, "expiresAt": null}"#, field: "expiresAt"),
        BodyCase(.post, "/v1/invites", #"{"count": 1, "note": null}"#, field: "note"),
        BodyCase(.post, "/v1/invites", #"{"count": 1, "campaign": null}"#, field: "campaign"),
        BodyCase(.post, "/v1/invites/redeem", #"{"code": "7KQ2M-X4P9T-HCW3R", "platform": null}"#, field: "platform"),
        BodyCase(.post, "/v1/claims", #"{"token": null, "platform": "ios", "allowWeakMatch": true}"#, field: "token"),
        BodyCase(.post, "/v1/claims", #"{"token": "\#(token)", "platform": "ios", "osVersion": null}"#, field: "osVersion"),
        BodyCase(.post, "/v1/claims", #"{"token": "\#(token)", "platform": "ios", "language": null}"#, field: "language"),
        BodyCase(.post, "/v1/claims", #"{"token": "\#(token)", "platform": "ios", "screen": null}"#, field: "screen"),
        BodyCase(.post, "/v1/claims", #"{"token": "\#(token)", "platform": "ios", "allowWeakMatch": null}"#, field: "allowWeakMatch"),
        BodyCase(.post, "/v1/events", event(#", "url": null"#), field: "events[0].url"),
        BodyCase(.post, "/v1/events", event(#", "linkID": null"#), field: "events[0].linkID"),
    ]

    /// Bodies the server refuses for a rule of the field alone (an empty or overlong text, a key
    /// of `data`): the contract states each rule, so a client generated from it, or schemathesis,
    /// knows it.
    static let refusedValues: [BodyCase] = [
        BodyCase(.post, "/v1/links", #"{"target": "https://daily.example.com/\#(String(repeating: "a", count: 2030))"}"#, field: "target"),
        BodyCase(.post, "/v1/links", #"{"target": "\#(puzzle)", "preview": {"title": ""}}"#, field: "preview.title"),
        BodyCase(.post, "/v1/links", #"{"target": "\#(puzzle)", "preview": {"description": ""}}"#, field: "preview.description"),
        BodyCase(.post, "/v1/links", #"{"target": "\#(puzzle)", "campaign": {"source": ""}}"#, field: "campaign.source"),
        BodyCase(.post, "/v1/links", #"{"target": "\#(puzzle)", "campaign": {"name": "\#(String(repeating: "w", count: 201))"}}"#,
                 field: "campaign.name"),
        BodyCase(.post, "/v1/links", #"{"target": "\#(puzzle)", "data": {"": "ada"}}"#, field: #"data[""]"#),
        BodyCase(.post, "/v1/links", #"{"target": "\#(puzzle)", "data": {"\#(String(repeating: "k", count: 65))": "ada"}}"#,
                 field: "data.\(String(repeating: "k", count: 65))"),
        BodyCase(.post, "/v1/links", #"{"target": "\#(puzzle)", "data": {"referrer": "\#(String(repeating: "v", count: 1025))"}}"#,
                 field: "data.referrer"),
        BodyCase(.patch, "/v1/links/{id}", #"{"preview": {"title": ""}}"#, field: "preview.title"),
        BodyCase(.post, "/v1/invites", #"{"count": 1, "note": ""}"#, field: "note"),
        BodyCase(.post, "/v1/invites", #"{"count": 1, "campaign": ""}"#, field: "campaign"),
        BodyCase(.post, "/v1/invites/redeem", #"{"code": "\#(String(repeating: "A", count: 65))"}"#, field: "code"),
    ]

    @Test("null for an optional field answers 400 naming the field, and the contract refuses it too", arguments: nullFields)
    func nullIsRefused(_ testCase: BodyCase) async throws {
        try await expectAgreement(on: testCase)
    }

    @Test("a value the server refuses for a rule of its field is one the contract refuses", arguments: refusedValues)
    func refusedValuesAreInTheContract(_ testCase: BodyCase) async throws {
        try await expectAgreement(on: testCase)
    }

    /// Sends the body to a server (the demo, on SQLite), expects `400` with the case's code and
    /// field, and expects the contract to find the body invalid.
    private func expectAgreement(on testCase: BodyCase, sourceLocation: Testing.SourceLocation = #_sourceLocation) async throws {
        let violations = try Self.contract().validateRequestBody(try JSONValue.parse(testCase.body), method: testCase.method.rawValue,
                                                                 path: testCase.path)
        #expect(!violations.isEmpty, "the contract allows \(testCase.body.prefix(200))", sourceLocation: sourceLocation)

        let server = try await TestServer()
        let key = try await server.authorization()
        try await server.run(.router) { client in
            var path = testCase.path
            if path.contains("{id}") {
                let link = try await client.createLink(key: key)
                path = path.replacingOccurrences(of: "{id}", with: link.id)
            }
            let response = try await client.send(testCase.body, to: path, method: testCase.method, key: key)
            response.expectAPIError(.badRequest, testCase.code, field: testCase.field, sourceLocation: sourceLocation)
        }
    }

    /// Query parameters the server refuses, with the operation: an unknown `format` (the server
    /// used to answer JSON) and cursors that cannot be a `nextCursor`.
    static let refusedParameters: [(path: String, name: String, value: String)] = [
        ("/v1/stats", "format", "xml"),
        ("/v1/stats", "format", "CSV"),
        ("/v1/links/{id}/stats", "format", "AAA"),
        ("/v1/invites", "format", "pdf"),
        ("/v1/invites", "format", ""),
        ("/v1/links", "cursor", "next"),
        ("/v1/links", "cursor", ""),
        ("/v1/invites", "cursor", "7KQ2M-X4P9T-HCW3R"),
        ("/v1/invites", "cursor", ""),
    ]

    @Test("a query parameter the server refuses answers 400 naming it, and the contract refuses it too", arguments: refusedParameters)
    func refusedParameter(path: String, name: String, value: String) async throws {
        let violations = try Self.contract().validateParameter(value, named: name, method: "GET", path: path)
        #expect(!violations.isEmpty, "the contract allows \(name)=\(value)")

        let server = try await TestServer()
        let key = try await server.authorization(.read)
        let writer = try await server.authorization(.write)
        try await server.run(.router) { client in
            var target = path
            if target.contains("{id}") {
                let link = try await client.createLink(key: writer)
                target = target.replacingOccurrences(of: "{id}", with: link.id)
            }
            let response = try await client.get("\(target)?\(name)=\(value)", headers: key)
            response.expectAPIError(.badRequest, "invalid_body", field: name)
            if name == "format" {
                #expect(response.errorMessage?.contains("'json' or 'csv'") == true, "the message names the formats: \(response.text)")
            }
        }
    }

    @Test("format=json answers JSON, and format=csv CSV, whatever Accept says")
    func theKnownFormatsAreAnswered() async throws {
        let server = try await TestServer()
        let key = try await server.authorization(.read)
        try await server.run(.router) { client in
            var csv = key
            csv[.accept] = "text/csv"
            for path in ["/v1/stats", "/v1/invites"] {
                let json = try await client.get("\(path)?format=json", headers: csv)
                #expect(json["Content-Type"]?.hasPrefix("application/json") == true, "\(path)")
                let text = try await client.get("\(path)?format=csv", headers: key)
                #expect(text["Content-Type"]?.hasPrefix("text/csv") == true, "\(path)")
            }
        }
    }

    @Test("an install is never refused: a token or screen of any form goes to the store, as the contract allows")
    func installTakesAnyTokenAndScreen() async throws {
        let contract = try Self.contract()
        let token = "not-a-token"
        let screen = String(repeating: "9", count: 100)
        #expect(try contract.validateParameter(token, named: "token", in: "path", method: "GET", path: "/v1/install/{token}").isEmpty)
        #expect(try contract.validateParameter(screen, named: "screen", method: "GET", path: "/v1/install/{token}").isEmpty)

        let server = try await TestServer()
        try await server.run(.router) { client in
            let response = try await client.get("/v1/install/\(token)?store=app-store&screen=\(screen)")
            #expect(response.status == .found, "\(response.text)")
            #expect(response["Location"]?.hasPrefix("https://apps.apple.com/") == true, "\(response["Location"] ?? "no Location")")
        }
    }

    @Test("the link host's / without a query sends people to the site's home, and the contract does not require link")
    func theLinkHostRootNeedsNoLink() async throws {
        let parameter = try #require(try Self.contract().root["paths"]?["/"]?["get"]?["parameters"]?.arrayValue?.first)
        #expect(parameter["name"]?.stringValue == "link")
        #expect(parameter["required"]?.boolValue != true)

        let server = try await TestServer()
        try await server.run(.router) { client in
            let response = try await client.get("/", host: Demo.links)
            #expect(response.status == .found)
            #expect(response["Location"]?.hasSuffix("/puzzle/today") == true, "\(response["Location"] ?? "no Location")")
        }
    }

    @Test("the demo's invitation, as the API answers it, is valid against the contract", arguments: TestDatabase.all)
    func theDemoInvitationIsValid(database: TestDatabase) async throws {
        let server = try await TestServer(database: database)
        try await DemoSite.seedInvitation(into: server.parts.storage, now: Demo.noon)
        let key = try await server.authorization(.read)
        try await server.run(.router) { client in
            let invitation = try await client.get("/v1/invites/7KQ2M-X4P9T-HCW3R", headers: key)
            #expect(invitation.status == .ok, "\(invitation.text)")
            let batch = try #require(try invitation.json["batch"] as? String)
            let list = try await client.get("/v1/invites?batch=\(batch)", headers: key)
            #expect(list.status == .ok, "\(list.text)")
            for (target, response) in [("/v1/invites/7KQ2M-X4P9T-HCW3R", invitation), ("/v1/invites?batch=\(batch)", list)] {
                let violations = ResponseContract.check(method: "GET", target: target, status: Int(response.status.code),
                                                        contentType: response["Content-Type"], body: response.body)
                #expect(violations.isEmpty, "\(target): \(violations.map(\.description))")
            }
        }
    }
}
