import Foundation
import HTTPTypes
import Hummingbird
import LandfallLinks
import LandfallStorage
import LandfallWebhooks
import Testing
@testable import LandfallServer

/// `/v1/webhooks` of `openapi/landfall.yaml` with a `webhooks` key: add an endpoint (its secret
/// answered once), list, read, change, disable and enable, rotate its secret, test it, delete it;
/// list, read and redeliver its deliveries. Nothing is delivered in these tests (the delivery
/// service is off), so deliveries stay as the API made them.
@Suite struct WebhooksAPITests {
    /// Every member the contract's `WebhookEndpoint` schema requires.
    static let endpointMembers: Set<String> = [
        "id", "url", "events", "description", "enabled", "disabledAt", "disabledReason", "failingSince", "lastSuccessAt",
        "previousSecretExpiresAt", "createdAt", "updatedAt",
    ]

    /// A server on `database` that does not deliver; `strict`: its site does not allow private networks.
    static func server(_ database: TestDatabase = .sqlite, strict: Bool = false) async throws -> TestServer {
        var files = DemoSite.files
        if strict {
            files["landfall.yml"] = files["landfall.yml"]?.replacingOccurrences(of: "allowPrivateNetworks: true", with: "allowPrivateNetworks: false")
        }
        return try await TestServer(site: .embedded(name: strict ? "the demo without private networks" : "the demo", files: files), database: database) {
            $0.webhooks.delivers = false
        }
    }

    static let crm = #"{"url": "https://crm.example.com/landfall", "events": ["invite.redeemed", "link.created"], "description": "CRM"}"#

    // MARK: create, read, list

    @Test("an endpoint is created with its secret, which GET and the list never show again", arguments: ServerCases.all)
    func createReadList(transport: Transport, database: TestDatabase) async throws {
        let server = try await Self.server(database)
        let key = try await server.authorization(.webhooks)
        try await server.run(transport) { client in
            let created = try await client.execute("/v1/webhooks", method: .post, headers: key, body: Self.crm)
            #expect(created.status == .created, "\(created.text)")
            let json = try created.json
            #expect(Set(json.keys) == Self.endpointMembers.union(["secret"]))
            let id = try #require(json["id"] as? String)
            #expect(WebhookEndpoint.isID(id), "\(id)")
            let secret = try #require(json["secret"] as? String)
            #expect(secret.hasPrefix("whsec_"))
            #expect(json["url"] as? String == "https://crm.example.com/landfall")
            #expect(json["events"] as? [String] == ["invite.redeemed", "link.created"])
            #expect(json["description"] as? String == "CRM")
            #expect(json["enabled"] as? Bool == true)
            #expect(json["createdAt"] as? String == "2026-11-20T17:00:00.000Z")

            let read = try await client.execute("/v1/webhooks/\(id)", headers: key)
            #expect(read.status == .ok, "\(read.text)")
            #expect(Set(try read.json.keys) == Self.endpointMembers)
            #expect(!read.text.contains(secret))

            let list = try await client.execute("/v1/webhooks", headers: key)
            #expect(list.status == .ok, "\(list.text)")
            let endpoints = try #require(try list.json["webhooks"] as? [[String: Any]])
            #expect(endpoints.compactMap { $0["id"] as? String } == [id])
            #expect(!list.text.contains(secret))

            let stored = try #require(try await server.parts.storage.webhookEndpoint(id: id))
            #expect(stored.secret.text == secret)
        }
    }

    @Test("an unknown endpoint id, or text that is no endpoint id, is a 404", arguments: [
        "/v1/webhooks/wh_AAAAAAAAAAAAAAAA", "/v1/webhooks/nope", "/v1/webhooks/wh_AAAAAAAAAAAAAAAA/deliveries",
        "/v1/webhooks/deliveries/dlv_0123456789abcdef0123456789abcdef", "/v1/webhooks/deliveries/nope",
    ])
    func unknownIDs(path: String) async throws {
        let server = try await Self.server()
        let key = try await server.authorization(.webhooks)
        try await server.run(.router) { client in
            try await client.execute(path, headers: key).expectAPIError(.notFound, "not_found")
        }
    }

    // MARK: refusals

    struct Refusal: Sendable, CustomTestStringConvertible {
        var name: String
        /// Whether the site refuses private networks (the demo allows them).
        var strict: Bool
        var body: String
        var field: String
        var message: String
        var testDescription: String { name }
    }

    static let refusals: [Refusal] = [
        Refusal(name: "http without allowPrivateNetworks", strict: true,
                body: #"{"url": "http://hooks.example.com/landfall", "events": ["*"]}"#, field: "url", message: "url: "),
        Refusal(name: "a private address without allowPrivateNetworks", strict: true,
                body: #"{"url": "https://10.0.0.7/landfall", "events": ["*"]}"#, field: "url", message: "url: "),
        Refusal(name: "a loopback address without allowPrivateNetworks", strict: true,
                body: #"{"url": "https://127.0.0.1:8443/landfall", "events": ["*"]}"#, field: "url", message: "url: "),
        Refusal(name: "the metadata address without allowPrivateNetworks", strict: true,
                body: #"{"url": "http://169.254.169.254/latest/meta-data", "events": ["*"]}"#, field: "url", message: "url: "),
        Refusal(name: "no URL at all", strict: false, body: #"{"url": "crm", "events": ["*"]}"#, field: "url", message: "url: "),
        Refusal(name: "an unknown event type", strict: false, body: #"{"url": "https://crm.example.com/", "events": ["link.opened"]}"#,
                field: "events", message: #"events: "link.opened" is not an event type; expected "*" or some of: link.created"#),
        Refusal(name: "webhook.test", strict: false, body: #"{"url": "https://crm.example.com/", "events": ["webhook.test"]}"#,
                field: "events", message: #"events: "webhook.test" is not an event type"#),
        Refusal(name: "* beside a type", strict: false, body: #"{"url": "https://crm.example.com/", "events": ["*", "link.created"]}"#,
                field: "events", message: #"events: "*" means every event type: give it alone"#),
        Refusal(name: "no events", strict: false, body: #"{"url": "https://crm.example.com/", "events": []}"#,
                field: "events", message: "events: name at least one event type"),
        Refusal(name: "a type twice", strict: false, body: #"{"url": "https://crm.example.com/", "events": ["link.created", "link.created"]}"#,
                field: "events", message: #"events: "link.created" is named twice"#),
        Refusal(name: "an unknown key", strict: false, body: #"{"url": "https://crm.example.com/", "events": ["*"], "secret": "whsec_AAAA"}"#,
                field: "secret", message: "secret: unknown field"),
        Refusal(name: "a description of two lines", strict: false,
                body: #"{"url": "https://crm.example.com/", "events": ["*"], "description": "a\nb"}"#,
                field: "description", message: "description: must be one line of text"),
    ]

    @Test("each bad endpoint is a 400 invalid_body naming its field, and nothing is stored", arguments: refusals)
    func refusedEndpoints(refusal: Refusal) async throws {
        let server = try await Self.server(strict: refusal.strict)
        let key = try await server.authorization(.webhooks)
        try await server.run(.router) { client in
            let response = try await client.execute("/v1/webhooks", method: .post, headers: key, body: refusal.body)
            response.expectAPIError(.badRequest, "invalid_body", field: refusal.field)
            #expect(response.errorMessage?.hasPrefix(refusal.message) == true, "\(response.errorMessage ?? response.text)")
            let patched = try await client.execute("/v1/webhooks", method: .post, headers: key, body: Self.crm)
            let id = try #require(try patched.json["id"] as? String)
            if refusal.field != "secret" {
                // The same check on PATCH (the one member at fault alone).
                let member = try #require(try JSONSerialization.jsonObject(with: Data(refusal.body.utf8)) as? [String: Any])[refusal.field]
                let body = String(decoding: try JSONSerialization.data(withJSONObject: [refusal.field: member]), as: UTF8.self)
                let patch = try await client.execute("/v1/webhooks/\(id)", method: .patch, headers: key, body: body)
                patch.expectAPIError(.badRequest, "invalid_body", field: refusal.field)
            }
            #expect(try await server.parts.storage.webhookEndpoints().map(\.url) == ["https://crm.example.com/landfall"])
        }
    }

    @Test("http and private addresses are accepted when the site allows private networks", arguments: [
        "http://127.0.0.1:9000/hooks", "https://10.0.0.7/landfall", "http://localhost:8080/",
    ])
    func privateNetworksAllowed(url: String) async throws {
        let server = try await Self.server()
        let key = try await server.authorization(.webhooks)
        try await server.run(.router) { client in
            let created = try await client.execute("/v1/webhooks", method: .post, headers: key, body: #"{"url": "\#(url)", "events": ["*"]}"#)
            #expect(created.status == .created, "\(created.text)")
            #expect(try created.json["events"] as? [String] == ["*"])
        }
    }

    @Test("a site has at most 50 endpoints: the 51st is refused", arguments: TestDatabase.all)
    func atMostFiftyEndpoints(database: TestDatabase) async throws {
        let server = try await Self.server(database)
        let key = try await server.authorization(.webhooks)
        for index in 0..<WebhookEndpoint.maximumCount {
            try await server.parts.storage.insert(WebhookEndpoint.make(url: "https://hooks.example.com/\(index)", events: .all, at: Demo.noon))
        }
        try await server.run(.router) { client in
            let refused = try await client.execute("/v1/webhooks", method: .post, headers: key, body: Self.crm)
            refused.expectAPIError(.badRequest, "invalid_body")
            #expect(refused.errorMessage?.contains("50 webhook endpoints") == true, "\(refused.text)")
            let id = try #require(try await server.parts.storage.webhookEndpoints().first?.id)
            #expect(try await client.execute("/v1/webhooks/\(id)", method: .delete, headers: key).status == .noContent)
            #expect(try await client.execute("/v1/webhooks", method: .post, headers: key, body: Self.crm).status == .created)
        }
    }

    // MARK: scopes

    @Test("only a webhooks key manages webhooks: read and write keys are 403, and a webhooks key cannot change links",
          arguments: [APIKeyScope.read, .write])
    func scopes(other: APIKeyScope) async throws {
        let server = try await Self.server()
        let otherKey = try await server.authorization(other, name: "other")
        let webhooksKey = try await server.authorization(.webhooks, name: "hooks")
        try await server.run(.router) { client in
            for (method, path) in [(HTTPRequest.Method.get, "/v1/webhooks"), (.post, "/v1/webhooks")] {
                let refused = try await client.execute(path, method: method, headers: otherKey, body: method == .post ? Self.crm : nil)
                refused.expectAPIError(.forbidden, "forbidden")
                #expect(refused.errorMessage == "This API key has the '\(other.rawValue)' scope; this request needs 'webhooks'.")
            }
            #expect(try await client.execute("/v1/webhooks", headers: webhooksKey).status == .ok)
            #expect(try await client.execute("/v1/links", headers: webhooksKey).status == .ok, "a webhooks key reads")
            let write = try await client.execute("/v1/links", method: .post, headers: webhooksKey,
                                                 body: #"{"target": "https://daily.example.com/puzzle/2026-11-20"}"#)
            write.expectAPIError(.forbidden, "forbidden")
            #expect(try await server.parts.storage.webhookEndpoints().isEmpty)
        }
    }

    // MARK: patch, disable, enable

    @Test("PATCH changes the fields given; enabled false disables it naming the key, true enables it again", arguments: TestDatabase.all)
    func patchDisableEnable(database: TestDatabase) async throws {
        let server = try await Self.server(database)
        let (keyID, key) = try await server.apiKey(.webhooks, name: "ops")
        try await server.run(.router) { client in
            let id = try #require(try await client.execute("/v1/webhooks", method: .post, headers: key, body: Self.crm).json["id"] as? String)
            server.clock.advance(by: 60)
            let changed = try await client.execute("/v1/webhooks/\(id)", method: .patch, headers: key,
                                                   body: #"{"url": "https://crm.example.com/v2", "events": ["*"], "description": ""}"#)
            #expect(changed.status == .ok, "\(changed.text)")
            var json = try changed.json
            #expect(json["url"] as? String == "https://crm.example.com/v2")
            #expect(json["events"] as? [String] == ["*"])
            #expect(json["description"] as? String == "")
            #expect(json["updatedAt"] as? String == "2026-11-20T17:01:00.000Z")
            #expect(json["createdAt"] as? String == "2026-11-20T17:00:00.000Z")

            let disabled = try await client.execute("/v1/webhooks/\(id)", method: .patch, headers: key, body: #"{"enabled": false}"#)
            json = try disabled.json
            #expect(json["enabled"] as? Bool == false)
            #expect(json["disabledAt"] as? String == "2026-11-20T17:01:00.000Z")
            #expect(json["disabledReason"] as? String == "disabled by an API key 'ops' (\(keyID))")
            #expect(json["url"] as? String == "https://crm.example.com/v2", "the other fields are kept")

            server.clock.advance(by: 60)
            let again = try await client.execute("/v1/webhooks/\(id)", method: .patch, headers: key, body: #"{"enabled": false}"#)
            #expect(try again.json["disabledAt"] as? String == "2026-11-20T17:01:00.000Z", "disabling again keeps when and why")

            let enabled = try await client.execute("/v1/webhooks/\(id)", method: .patch, headers: key, body: #"{"enabled": true}"#)
            json = try enabled.json
            #expect(json["enabled"] as? Bool == true)
            #expect(json["disabledAt"] is NSNull)
            #expect(json["disabledReason"] is NSNull)

            try await client.execute("/v1/webhooks/\(id)", method: .patch, headers: key, body: "{}")
                .expectAPIError(.badRequest, "invalid_body")
            try await client.execute("/v1/webhooks/wh_AAAAAAAAAAAAAAAA", method: .patch, headers: key, body: #"{"enabled": true}"#)
                .expectAPIError(.notFound, "not_found")
        }
    }

    // MARK: rotate

    @Test("rotating answers a new secret once; the old one signs too for one more day", arguments: TestDatabase.all)
    func rotate(database: TestDatabase) async throws {
        let server = try await Self.server(database)
        let key = try await server.authorization(.webhooks)
        try await server.run(.router) { client in
            let created = try await client.execute("/v1/webhooks", method: .post, headers: key, body: Self.crm).json
            let id = try #require(created["id"] as? String)
            let old = try #require(created["secret"] as? String)
            server.clock.advance(by: 3600)
            let rotated = try await client.execute("/v1/webhooks/\(id)/rotate-secret", method: .post, headers: key)
            #expect(rotated.status == .ok, "\(rotated.text)")
            let json = try rotated.json
            let new = try #require(json["secret"] as? String)
            #expect(new.hasPrefix("whsec_") && new != old)
            #expect(json["previousSecretExpiresAt"] as? String == "2026-11-21T18:00:00.000Z")
            #expect(!(try await client.execute("/v1/webhooks/\(id)", headers: key).text.contains(new)))

            let stored = try #require(try await server.parts.storage.webhookEndpoint(id: id))
            let now = server.clock.now
            #expect(stored.signingSecrets(at: now).map(\.text) == [new, old])
            #expect(stored.signingSecrets(at: now.addingTimeInterval(86_399)).map(\.text) == [new, old])
            #expect(stored.signingSecrets(at: now.addingTimeInterval(86_400)).map(\.text) == [new])

            try await client.execute("/v1/webhooks/wh_AAAAAAAAAAAAAAAA/rotate-secret", method: .post, headers: key)
                .expectAPIError(.notFound, "not_found")
        }
    }

    // MARK: test, delete

    @Test("a test event is queued for the endpoint alone; a disabled endpoint is a 409", arguments: TestDatabase.all)
    func testEvent(database: TestDatabase) async throws {
        let server = try await Self.server(database)
        let key = try await server.authorization(.webhooks)
        try await server.run(.router) { client in
            let id = try #require(try await client.execute("/v1/webhooks", method: .post, headers: key, body: Self.crm).json["id"] as? String)
            let other = try #require(try await client.execute("/v1/webhooks", method: .post, headers: key, body: Self.crm).json["id"] as? String)
            let queued = try await client.execute("/v1/webhooks/\(id)/test", method: .post, headers: key)
            #expect(queued.status == .accepted, "\(queued.text)")
            let delivery = try #require(try queued.json["delivery"] as? [String: Any])
            #expect(delivery["endpointID"] as? String == id)
            #expect(delivery["eventType"] as? String == "webhook.test")
            #expect(delivery["status"] as? String == "pending")
            #expect(delivery["attempts"] as? Int == 0)
            let deliveryID = try #require(delivery["id"] as? String)

            let detail = try await client.execute("/v1/webhooks/deliveries/\(deliveryID)", headers: key).json
            let payload = try #require(detail["payload"] as? [String: Any])
            #expect(payload["type"] as? String == "webhook.test")
            #expect((payload["data"] as? [String: Any])?["endpointID"] as? String == id)
            #expect(try await server.parts.storage.webhookDeliveries(WebhookDeliveryQuery(endpointID: other, limit: 500)).isEmpty, "only the endpoint tested gets it")

            _ = try await client.execute("/v1/webhooks/\(id)", method: .patch, headers: key, body: #"{"enabled": false}"#)
            try await client.execute("/v1/webhooks/\(id)/test", method: .post, headers: key).expectAPIError(.conflict, "endpoint_disabled")
        }
    }

    @Test("deleting an endpoint deletes its deliveries; then it is a 404", arguments: TestDatabase.all)
    func deleteCascades(database: TestDatabase) async throws {
        let server = try await Self.server(database)
        let key = try await server.authorization(.webhooks)
        let writer = try await server.authorization(.write, name: "writer")
        try await server.run(.router) { client in
            let id = try #require(try await client.execute("/v1/webhooks", method: .post, headers: key, body: Self.crm).json["id"] as? String)
            _ = try await client.createLink(slug: "gone-hook", key: writer)
            let deliveries = try await server.parts.storage.webhookDeliveries(WebhookDeliveryQuery(endpointID: id, limit: 500))
            #expect(deliveries.map(\.eventType) == [.linkCreated])
            let deleted = try await client.execute("/v1/webhooks/\(id)", method: .delete, headers: key)
            #expect(deleted.status == .noContent)
            #expect(deleted.body.isEmpty)
            #expect(try await server.parts.storage.webhookDelivery(id: deliveries[0].id) == nil)
            #expect(try await server.parts.storage.webhookEventBody(id: deliveries[0].eventID) == nil)
            try await client.execute("/v1/webhooks/\(id)", headers: key).expectAPIError(.notFound, "not_found")
            try await client.execute("/v1/webhooks/\(id)", method: .delete, headers: key).expectAPIError(.notFound, "not_found")
        }
    }

    // MARK: deliveries

    @Test("an endpoint's deliveries are listed newest first, filtered, and paged to the end", arguments: ServerCases.all)
    func deliveriesListedAndPaged(transport: Transport, database: TestDatabase) async throws {
        let server = try await Self.server(database)
        let key = try await server.authorization(.webhooks)
        let writer = try await server.authorization(.write, name: "writer")
        try await server.run(transport) { client in
            let id = try #require(try await client.execute("/v1/webhooks", method: .post, headers: key,
                                                           body: #"{"url": "https://crm.example.com/", "events": ["*"]}"#).json["id"] as? String)
            for slug in ["hook-one", "hook-two", "hook-three"] {
                _ = try await client.createLink(slug: slug, key: writer)
            }
            _ = try await client.execute("/v1/webhooks/\(id)/test", method: .post, headers: key)
            let stored = try await server.parts.storage.webhookDeliveries(WebhookDeliveryQuery(endpointID: id, limit: 500)).map(\.id)
            #expect(stored.count == 4)

            var seen: [String] = []
            var cursor: String?
            var pages = 0
            repeat {
                let page = try await client.execute("/v1/webhooks/\(id)/deliveries?limit=3\(cursor.map { "&cursor=\($0)" } ?? "")", headers: key)
                #expect(page.status == .ok, "\(page.text)")
                let json = try page.json
                seen += (json["deliveries"] as? [[String: Any]] ?? []).compactMap { $0["id"] as? String }
                cursor = json["nextCursor"] as? String
                pages += 1
            } while cursor != nil && pages < 5
            #expect(pages == 2)
            #expect(seen == stored, "newest first, each once")

            let created = try await client.execute("/v1/webhooks/\(id)/deliveries?type=link.created&status=pending", headers: key).json
            #expect((created["deliveries"] as? [[String: Any]])?.count == 3)
            let delivered = try await client.execute("/v1/webhooks/\(id)/deliveries?status=delivered", headers: key).json
            #expect((delivered["deliveries"] as? [[String: Any]])?.isEmpty == true)
        }
    }

    @Test("a bad filter, limit or cursor of the deliveries is a 400 naming it", arguments: [
        ("status=sent", "status"), ("type=link.opened", "type"), ("limit=0", "limit"), ("limit=501", "limit"), ("cursor=abc", "cursor"),
    ])
    func badDeliveryQueries(query: String, field: String) async throws {
        let server = try await Self.server()
        let key = try await server.authorization(.webhooks)
        try await server.run(.router) { client in
            let id = try #require(try await client.execute("/v1/webhooks", method: .post, headers: key, body: Self.crm).json["id"] as? String)
            try await client.execute("/v1/webhooks/\(id)/deliveries?\(query)", headers: key).expectAPIError(.badRequest, "invalid_body", field: field)
        }
    }

    @Test("a delivery is read with its attempts and payload, and a failed one is redelivered with the same event", arguments: TestDatabase.all)
    func readAndRedeliver(database: TestDatabase) async throws {
        let server = try await Self.server(database)
        let key = try await server.authorization(.webhooks)
        let writer = try await server.authorization(.write, name: "writer")
        try await server.run(.router) { client in
            let id = try #require(try await client.execute("/v1/webhooks", method: .post, headers: key, body: Self.crm).json["id"] as? String)
            let link = try await client.createLink(slug: "redeliver-me", key: writer)
            let storage = server.parts.storage
            let due = try #require(try await storage.takeDueWebhookDeliveries(now: server.clock.now, lease: .seconds(30), limit: 10).first)
            #expect(due.endpointID == id)
            try await storage.recordWebhookAttempts([WebhookAttemptResult(
                attempt: WebhookAttempt(deliveryID: due.deliveryID, number: due.attempt, attemptedAt: server.clock.now, durationMilliseconds: 12,
                                        statusCode: 500, error: nil, responseExcerpt: "down for maintenance"),
                outcome: .failed, endpointID: id)], disableAfter: .seconds(86_400 * 5))

            let detail = try await client.execute("/v1/webhooks/deliveries/\(due.deliveryID)", headers: key)
            #expect(detail.status == .ok, "\(detail.text)")
            let json = try detail.json
            #expect(json["status"] as? String == "failed")
            #expect(json["lastStatusCode"] as? Int == 500)
            let attempts = try #require(json["attempts"] as? [[String: Any]])
            #expect(attempts.count == 1)
            #expect(attempts.first?["statusCode"] as? Int == 500)
            #expect(attempts.first?["durationMs"] as? Int == 12)
            #expect(attempts.first?["responseExcerpt"] as? String == "down for maintenance")
            let payload = try #require(json["payload"] as? [String: Any])
            #expect(payload["id"] as? String == due.eventID)
            #expect(payload["type"] as? String == "link.created")
            #expect(((payload["data"] as? [String: Any])?["link"] as? [String: Any])?["id"] as? String == link.id)

            server.clock.advance(by: 600)
            let redelivered = try await client.execute("/v1/webhooks/deliveries/\(due.deliveryID)/redeliver", method: .post, headers: key)
            #expect(redelivered.status == .accepted, "\(redelivered.text)")
            let delivery = try #require(try redelivered.json["delivery"] as? [String: Any])
            #expect(delivery["status"] as? String == "pending")
            #expect(delivery["eventID"] as? String == due.eventID)
            #expect(delivery["nextAttemptAt"] as? String == "2026-11-20T17:10:00.000Z")
            #expect(delivery["completedAt"] is NSNull)

            try await client.execute("/v1/webhooks/deliveries/dlv_0123456789abcdef0123456789abcdef/redeliver", method: .post, headers: key)
                .expectAPIError(.notFound, "not_found")
        }
    }
}
