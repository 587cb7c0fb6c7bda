import Foundation
import HTTPTypes
import LandfallLinks
@testable import LandfallServer
import LandfallStorage
import LandfallWebhooks
import Testing

/// The webhooks pages: an admin adds an endpoint and sees its secret once, edits, tests,
/// rotates, disables and deletes it; an editor redelivers; a viewer only looks. Every change is
/// in the audit log, never the secret.
@Suite struct DashboardWebhooksTests {
    @Test("an admin adds an endpoint, sees its secret once and never again, and rotates it", arguments: ServerCases.all)
    func theSecretIsShownOnceAndNeverAgain(transport: Transport, database: TestDatabase) async throws {
        let server = try await Self.server(database: database)
        let storage = server.parts.storage
        try await server.run(transport) { client in
            var browser = try await Self.signedIn(client)
            let overview = try await browser.get("/")
            #expect(overview.text.contains(#"<a href="/webhooks">Webhooks</a>"#))
            let empty = try await browser.get("/webhooks")
            #expect(empty.status == .ok && empty.text.contains("No endpoints yet.") && empty.text.contains(#"id="webhook-form""#))
            for type in WebhookEventType.subscribable {
                #expect(empty.text.contains(#"name="event.\#(type.rawValue)""#) && empty.text.contains(type.meaning.htmlEscaped), "\(type)")
            }
            #expect(!empty.text.contains("webhook.test"), "the test event is not subscribable")

            let created = try await browser.post("/webhooks", [
                ("url", " https://hooks.example.com/landfall "), ("event.link.created", "on"), ("event.invite.redeemed", "on"),
                ("description", "CRM <sync>"),
            ])
            #expect(created.status == .ok, "a page, not a redirect: the secret is in no URL")
            #expect(created["Cache-Control"] == "no-store")
            let secret = try #require(DashboardAPIKeyTests.secret(in: created.text))
            #expect(secret.hasPrefix("whsec_") && created.text.contains(#"data-copy="\#(secret)""#))
            #expect(created.text.contains("will not be shown again") && created.text.contains("Webhook(secret).verify(body, headers)"))
            for header in ["webhook-id", "webhook-timestamp", "webhook-signature"] { #expect(created.text.contains("<code>\(header)</code>")) }
            let endpoint = try #require(try await storage.webhookEndpoints().first)
            #expect(endpoint.secret.text == secret && endpoint.url == "https://hooks.example.com/landfall")
            #expect(endpoint.events == .only([.linkCreated, .inviteRedeemed]) && endpoint.description == "CRM <sync>")

            let list = try await browser.get("/webhooks")
            let page = try await browser.get("/webhooks/\(endpoint.id)")
            let audit = try await browser.get("/audit")
            for shown in [list, page, audit] {
                #expect(shown.status == .ok && !shown.text.contains(secret))
            }
            #expect(list.text.contains(#"id="webhook-\#(endpoint.id)""#) && list.text.contains("CRM &lt;sync&gt;") && list.text.contains("badge good"))
            #expect(page.text.contains("<code>invite.redeemed</code>") && page.text.contains("<code>link.created</code>"))
            #expect(audit.text.contains("<code>webhook.created</code>"))

            let rotated = try await browser.post("/webhooks/\(endpoint.id)/rotate-secret", [])
            #expect(rotated.status == .ok && rotated["Cache-Control"] == "no-store")
            let newSecret = try #require(DashboardAPIKeyTests.secret(in: rotated.text))
            #expect(newSecret != secret && rotated.text.contains("2026-11-21 17:00 UTC"), "the old secret is signed with for a day")
            let stored = try #require(try await storage.webhookEndpoint(id: endpoint.id))
            #expect(stored.secret.text == newSecret && stored.previousSecret?.text == secret)
            let auditAfter = try await browser.get("/audit")
            #expect(auditAfter.text.contains("<code>webhook.secret_rotated</code>"))
            for shown in [auditAfter, try await browser.get("/webhooks/\(endpoint.id)")] {
                #expect(!shown.text.contains(secret) && !shown.text.contains(newSecret))
            }
        }
    }

    @Test("a refused field is shown next to it with 422, what was typed kept, and nothing is added", arguments: [
        FormCase(url: "", field: "url", message: "Give the URL to send the events to, such as https://crm.example.com/landfall."),
        FormCase(url: "hooks.example.com/landfall", field: "url", message: nil),
        FormCase(url: "ftp://hooks.example.com/landfall", field: "url", message: nil),
        FormCase(url: "http://10.0.0.7/hook", field: "url", message: nil),
        FormCase(url: "https://127.0.0.1/hook", field: "url", message: nil),
        FormCase(events: [], field: "events", message: "Choose at least one event, or “All events, including future ones”."),
        FormCase(events: ["*", "link.created"], field: "events",
                 message: "“All events, including future ones” already has every type: check it alone, or uncheck it and choose types."),
        FormCase(events: ["webhook.test"], field: "events", message: nil),
        FormCase(description: String(repeating: "d", count: 201), field: "description",
                 message: "The description must be at most 200 characters; it has 201."),
        FormCase(description: "CRM\tsync", field: "description",
                 message: "The description must be one line of text, without control characters such as tabs or line breaks."),
    ])
    func aRefusedFieldIsShownNextToIt(form: FormCase) async throws {
        let server = try await Self.server(allowPrivateNetworks: false)
        try await server.run(.router) { client in
            var browser = try await Self.signedIn(client)
            _ = try await browser.get("/webhooks")
            let refused = try await browser.post("/webhooks", form.fields)
            #expect(refused.status == .unprocessableContent)
            let message = form.message ?? form.expectedURLMessage
            #expect(refused.text.contains(#"<p class="field-error" id="\#(form.field)-error">\#(message.htmlEscaped)</p>"#), "\(refused.text)")
            #expect(refused.text.contains(#"aria-invalid="true""#))
            if !form.url.isEmpty { #expect(refused.text.contains(#"value="\#(form.url.htmlEscaped)""#), "the URL typed is kept") }
            for event in form.events where event != "webhook.test" {
                #expect(refused.text.contains(#"name="event.\#(event)" value="on" checked"#), "\(event) stays checked")
            }
            #expect(try await server.parts.storage.webhookEndpoints().isEmpty)
        }
    }

    @Test("who may do what: everyone signed in looks, editors and admins redeliver, only admins change endpoints", arguments: [
        (DashboardRole.viewer, false, false), (.editor, true, false), (.admin, true, true),
    ])
    func rolesDecideWhatAPersonMayDo(role: DashboardRole, mayRedeliver: Bool, mayAdminister: Bool) async throws {
        let server = try await Self.server()
        let storage = server.parts.storage
        let endpoint = WebhookEndpoint.make(url: "https://hooks.example.com/landfall", events: .all, at: Demo.noon)
        try await storage.insert(endpoint)
        let delivery = try #require(try await Self.failedDelivery(for: endpoint, in: storage))
        let stored = try #require(try await storage.webhookEndpoint(id: endpoint.id), "failing since the attempt")
        try await storage.insert(await DashboardCases.person(role, email: "bo@daily.example.com", name: "Bo"))
        try await server.run(.router) { client in
            var browser = DashboardBrowser(client: client)
            try await browser.signIn(email: "bo@daily.example.com", password: DashboardCases.password)
            for path in ["/webhooks", "/webhooks/\(endpoint.id)", "/webhooks/deliveries/\(delivery.id)"] {
                #expect(try await browser.get(path).status == .ok, "GET \(path)")
            }
            let list = try await browser.get("/webhooks")
            #expect(list.text.contains(#"id="webhook-form""#) == mayAdminister)
            let page = try await browser.get("/webhooks/\(endpoint.id)")
            #expect(page.text.contains(#"id="send-test""#) == mayAdminister && page.text.contains(#"id="rotate-secret""#) == mayAdminister)
            #expect(page.text.contains(#"id="redeliver-failed""#) == mayRedeliver)
            let deliveryPage = try await browser.get("/webhooks/deliveries/\(delivery.id)")
            #expect(deliveryPage.text.contains(#"id="redeliver""#) == mayRedeliver)

            let redelivered = try await browser.post("/webhooks/deliveries/\(delivery.id)/redeliver", [])
            #expect(redelivered.status == (mayRedeliver ? .seeOther : .forbidden))
            #expect(try await storage.webhookDelivery(id: delivery.id)?.status == (mayRedeliver ? .pending : .failed))
            let added = try await browser.post("/webhooks", [("url", "https://other.example.com/hook"), ("event.*", "on")])
            #expect(added.status == (mayAdminister ? .ok : .forbidden))
            #expect(try await storage.webhookEndpoints().count == (mayAdminister ? 2 : 1))
            for action in ["", "/disable", "/rotate-secret", "/test", "/delete"] where !mayAdminister {
                let refused = try await browser.post("/webhooks/\(endpoint.id)\(action)", [("url", "https://evil.example.com/"), ("event.*", "on")])
                #expect(refused.status == .forbidden, "POST /webhooks/ID\(action)")
            }
            if !mayAdminister { #expect(try await storage.webhookEndpoint(id: endpoint.id) == stored, "nothing changed") }
        }
    }

    @Test("sending a test event queues a delivery of webhook.test and shows its page with the payload")
    func aTestEventQueuesADelivery() async throws {
        let server = try await Self.server()
        let storage = server.parts.storage
        let endpoint = WebhookEndpoint.make(url: "https://hooks.example.com/landfall", events: .only([.linkDeleted]), at: Demo.noon)
        try await storage.insert(endpoint)
        try await server.run(.router) { client in
            var browser = try await Self.signedIn(client)
            _ = try await browser.get("/webhooks/\(endpoint.id)")
            let sent = try await browser.post("/webhooks/\(endpoint.id)/test", [])
            #expect(sent.status == .seeOther)
            let delivery = try #require(try await storage.webhookDeliveries(WebhookDeliveryQuery(endpointID: endpoint.id, limit: 10)).first)
            #expect(delivery.eventType == .webhookTest && delivery.status == .pending)
            #expect(sent["Location"] == "/webhooks/deliveries/\(delivery.id)?done=test")
            let page = try await browser.get("/webhooks/deliveries/\(delivery.id)?done=test")
            #expect(page.text.contains("Queued a test event") && page.text.contains("No attempt yet"))
            #expect(page.text.contains(#"&quot;type&quot;: &quot;webhook.test&quot;"#) && page.text.contains("&quot;endpointID&quot;: &quot;\(endpoint.id)&quot;"))
            let endpointPage = try await browser.get("/webhooks/\(endpoint.id)")
            #expect(endpointPage.text.contains(#"id="delivery-\#(delivery.id)""#) && endpointPage.text.contains("<code>webhook.test</code>"))
            #expect(try await browser.get("/audit").text.contains("<code>webhook.tested</code>"))

            _ = try await browser.post("/webhooks/\(endpoint.id)/disable", [])
            let refused = try await browser.post("/webhooks/\(endpoint.id)/test", [])
            #expect(refused["Location"] == "/webhooks/\(endpoint.id)?done=test-disabled", "a disabled endpoint is sent nothing")
            #expect(try await storage.webhookDeliveries(WebhookDeliveryQuery(endpointID: endpoint.id, limit: 10)).count == 1)
        }
    }

    @Test("a delivery's page shows every attempt with the start of its answer, and the payload; redelivering queues it again", arguments: ServerCases.all)
    func aDeliveryPageShowsAttemptsAndPayload(transport: Transport, database: TestDatabase) async throws {
        let server = try await Self.server(database: database)
        let storage = server.parts.storage
        let endpoint = WebhookEndpoint.make(url: "https://hooks.example.com/landfall", events: .all, at: Demo.noon)
        try await storage.insert(endpoint)
        let delivery = try #require(try await Self.failedDelivery(for: endpoint, in: storage))
        try await server.run(transport) { client in
            var browser = try await Self.signedIn(client)
            let page = try await browser.get("/webhooks/deliveries/\(delivery.id)")
            #expect(page.status == .ok && page.text.contains("badge bad") && page.text.contains(#"id="attempt-1""#))
            #expect(page.text.contains("HTTP 500") && page.text.contains("42 ms") && page.text.contains("2026-11-20 17:00:00 UTC"))
            #expect(page.text.contains(#"<pre class="excerpt">&lt;h1&gt;Down for maintenance&lt;/h1&gt;</pre>"#))
            #expect(page.text.contains(#"<pre class="payload" id="payload">{"#) && page.text.contains("&quot;type&quot;: &quot;webhook.test&quot;"))
            let endpointPage = try await browser.get("/webhooks/\(endpoint.id)")
            #expect(endpointPage.text.contains(#"href="/webhooks/deliveries/\#(delivery.id)""#) && endpointPage.text.contains("HTTP 500"))
            let failedOnly = try await browser.get("/webhooks/\(endpoint.id)?status=failed")
            #expect(failedOnly.text.contains(delivery.id))
            #expect(!(try await browser.get("/webhooks/\(endpoint.id)?status=delivered")).text.contains(delivery.id))
            #expect(try await browser.get("/webhooks/\(endpoint.id)?status=lost").status == .badRequest)

            let redelivered = try await browser.post("/webhooks/deliveries/\(delivery.id)/redeliver", [])
            #expect(redelivered.status == .seeOther && redelivered["Location"] == "/webhooks/deliveries/\(delivery.id)?done=redelivered")
            #expect(try await storage.webhookDelivery(id: delivery.id)?.status == .pending)
            let audit = try await browser.get("/audit")
            #expect(audit.text.contains("<code>webhook.redelivered</code>") && audit.text.contains("status: failed → pending"))
        }
    }

    @Test("every failed delivery of the last 7 days is redelivered at once, and the count is said")
    func everyFailedDeliveryIsRedelivered() async throws {
        let server = try await Self.server()
        let storage = server.parts.storage
        let endpoint = WebhookEndpoint.make(url: "https://hooks.example.com/landfall", events: .all, at: Demo.noon)
        try await storage.insert(endpoint)
        let first = try #require(try await Self.failedDelivery(for: endpoint, in: storage))
        let second = try #require(try await Self.failedDelivery(for: endpoint, in: storage))
        try await server.run(.router) { client in
            var browser = try await Self.signedIn(client)
            _ = try await browser.get("/webhooks/\(endpoint.id)")
            let list = try await browser.get("/webhooks")
            #expect(list.text.contains(#"<td class="number" data-label="Failed">2</td>"#))
            let answer = try await browser.post("/webhooks/\(endpoint.id)/redeliver-failed", [])
            #expect(answer["Location"] == "/webhooks/\(endpoint.id)?done=redelivered-failed&n=2")
            let page = try await browser.get(answer["Location"] ?? "")
            #expect(page.text.contains("Queued 2 failed deliveries of the last 7 days again."))
            for delivery in [first, second] { #expect(try await storage.webhookDelivery(id: delivery.id)?.status == .pending) }
            #expect(try await browser.get("/audit").text.contains("<code>webhook.redelivered_failed</code>"))
        }
    }

    @Test("an admin edits, disables, enables and deletes an endpoint, each change in the audit log")
    func editingDisablingAndDeletingAreAudited() async throws {
        let server = try await Self.server()
        let storage = server.parts.storage
        let endpoint = WebhookEndpoint.make(url: "https://hooks.example.com/landfall", events: .all, description: "CRM", at: Demo.noon)
        try await storage.insert(endpoint)
        try await server.run(.router) { client in
            var browser = try await Self.signedIn(client)
            let page = try await browser.get("/webhooks/\(endpoint.id)")
            #expect(page.text.contains(#"name="event.*" value="on" checked"#) && page.text.contains(#"value="CRM""#))
            let refused = try await browser.post("/webhooks/\(endpoint.id)", [("url", "https://hooks.example.com/v2"), ("description", "CRM")])
            #expect(refused.status == .unprocessableContent && refused.text.contains(#"id="events-error""#))
            #expect(refused.text.contains(#"value="https://hooks.example.com/v2""#))
            let saved = try await browser.post("/webhooks/\(endpoint.id)", [
                ("url", "https://hooks.example.com/v2"), ("event.app.opened", "on"), ("description", "CRM v2"),
            ])
            #expect(saved.status == .seeOther && saved["Location"] == "/webhooks/\(endpoint.id)?done=saved")
            let edited = try #require(try await storage.webhookEndpoint(id: endpoint.id))
            #expect(edited.url == "https://hooks.example.com/v2" && edited.events == .only([.appOpened]) && edited.description == "CRM v2")
            #expect(edited.secret == endpoint.secret, "editing keeps the secret")

            #expect(try await browser.post("/webhooks/\(endpoint.id)/disable", [])["Location"] == "/webhooks/\(endpoint.id)?done=disabled")
            let disabled = try await browser.get("/webhooks/\(endpoint.id)?done=disabled")
            #expect(disabled.text.contains("badge bad") && disabled.text.contains("disabled in the dashboard") && disabled.text.contains(#"id="enable-webhook""#))
            #expect(!disabled.text.contains(#"id="send-test""#))
            _ = try await browser.post("/webhooks/\(endpoint.id)/enable", [])
            #expect(try await storage.webhookEndpoint(id: endpoint.id)?.isEnabled == true)
            let deleted = try await browser.post("/webhooks/\(endpoint.id)/delete", [])
            #expect(deleted["Location"] == "/webhooks?done=deleted")
            #expect(try await storage.webhookEndpoint(id: endpoint.id) == nil)
            #expect(try await browser.get("/webhooks/\(endpoint.id)").status == .notFound)

            let audit = try await browser.get("/audit").text
            for action in ["webhook.updated", "webhook.disabled", "webhook.enabled", "webhook.deleted"] {
                #expect(audit.contains("<code>\(action)</code>"), "\(action)")
            }
            #expect(audit.contains("url: https://hooks.example.com/landfall → https://hooks.example.com/v2"))
            #expect(!audit.contains(endpoint.secret.text))
        }
    }

    @Test("a failing endpoint shows a warning badge with since when, and a disabled one its reason")
    func aFailingEndpointIsFlagged() async throws {
        let server = try await Self.server()
        let storage = server.parts.storage
        var failing = WebhookEndpoint.make(url: "https://hooks.example.com/failing", events: .all, at: Demo.noon)
        failing.failingSince = Demo.noon.addingTimeInterval(-3 * 86_400)
        var disabled = WebhookEndpoint.make(url: "https://hooks.example.com/gone", events: .all, at: Demo.noon)
        disabled.disabledAt = Demo.noon
        disabled.disabledReason = "disabled after every delivery failed for 5 days; the last: HTTP 503"
        try await storage.insert(failing)
        try await storage.insert(disabled)
        try await server.run(.router) { client in
            var browser = try await Self.signedIn(client)
            let list = try await browser.get("/webhooks")
            #expect(list.text.contains(#"<span class="badge warning">failing since 2026-11-17 17:00 UTC (3 days ago)</span>"#))
            #expect(list.text.contains("disabled after every delivery failed for 5 days; the last: HTTP 503"))
        }
    }

    @Test("a page of 50 deliveries links to the next with the last delivery's id; unknown ids are 404")
    func deliveriesArePaged() async throws {
        let server = try await Self.server()
        let storage = server.parts.storage
        let endpoint = WebhookEndpoint.make(url: "https://hooks.example.com/landfall", events: .all, at: Demo.noon)
        try await storage.insert(endpoint)
        for _ in 1...52 { _ = try await storage.enqueueTest(WebhookEvent.test(endpointID: endpoint.id, at: Demo.noon), for: endpoint.id) }
        let all = try await storage.webhookDeliveries(WebhookDeliveryQuery(endpointID: endpoint.id, limit: 100))
        try await server.run(.router) { client in
            var browser = try await Self.signedIn(client)
            let first = try await browser.get("/webhooks/\(endpoint.id)")
            #expect(first.text.components(separatedBy: #"<tr id="delivery-"#).count - 1 == 50)
            #expect(first.text.contains(#"<a id="next-page" href="/webhooks/\#(endpoint.id)?before=\#(all[49].id)">Next page</a>"#))
            let next = try await browser.get("/webhooks/\(endpoint.id)?before=\(all[49].id)")
            #expect(next.text.components(separatedBy: #"<tr id="delivery-"#).count - 1 == 2 && !next.text.contains("next-page"))
            #expect(next.text.contains(all[51].id) && next.text.contains("First page"))
            #expect(try await browser.get("/webhooks/\(endpoint.id)?before=x").status == .badRequest)
            #expect(try await browser.get("/webhooks/wh_0000000000000000").status == .notFound)
            #expect(try await browser.get("/webhooks/nonsense").status == .notFound)
            #expect(try await browser.get("/webhooks/deliveries/dlv_00000000000000000000000000000000").status == .notFound)
        }
    }

    // MARK: - Support

    /// A form posted to `/webhooks`, and the field it is refused for.
    struct FormCase: Sendable, CustomTestStringConvertible {
        var url = "https://hooks.example.com/landfall"
        var events = ["link.created"]
        var description = ""
        var field: String
        /// The message, or `nil` for what ``WebhookURL`` (or ``WebhookEventSelection``) says.
        var message: String?

        var fields: [(String, String)] {
            [("url", url), ("description", description)] + events.map { ("event.\($0)", "on") }
        }

        /// What the form says when the check is the API's.
        var expectedURLMessage: String {
            var form = WebhookForm(form: DashboardForm(fields: Dictionary(uniqueKeysWithValues: fields)))
            _ = form.checked(allowPrivateNetworks: false)
            return form.errors[field] ?? "(no error)"
        }

        var testDescription: String { "\(field): url \(url), events \(events), description \(description.prefix(20))" }
    }

    /// The demo's server, with `webhooks.allowPrivateNetworks` as given, delivering nothing
    /// (deliveries stay as the test makes them).
    static func server(database: TestDatabase = .sqlite, allowPrivateNetworks: Bool = true) async throws -> TestServer {
        try await DashboardCases.server(database: database) { configuration in
            configuration.webhooks.delivers = false
            if !allowPrivateNetworks {
                var files = DemoSite.files
                files["landfall.yml"] = files["landfall.yml"]?.replacingOccurrences(of: "allowPrivateNetworks: true", with: "allowPrivateNetworks: false")
                configuration.site = .embedded(name: "the demo without private networks", files: files)
            }
        }
    }

    /// A browser signed in as the demo's admin.
    static func signedIn(_ client: ServerClient) async throws -> DashboardBrowser {
        var browser = DashboardBrowser(client: client)
        try await browser.signIn(email: DemoSite.administratorEmail, password: DashboardCases.password)
        return browser
    }

    /// A test event's delivery to `endpoint`, attempted once (500, 42 ms, an HTML answer) and failed.
    static func failedDelivery(for endpoint: WebhookEndpoint, in storage: Storage) async throws -> WebhookDelivery? {
        guard let queued = try await storage.enqueueTest(WebhookEvent.test(endpointID: endpoint.id, at: Demo.noon), for: endpoint.id) else { return nil }
        let due = try await storage.takeDueWebhookDeliveries(now: Demo.noon, lease: .seconds(30), limit: 100)
        guard let taken = due.first(where: { $0.deliveryID == queued.id }) else { return nil }
        try await storage.recordWebhookAttempts([WebhookAttemptResult(
            attempt: WebhookAttempt(deliveryID: taken.deliveryID, number: taken.attempt, attemptedAt: Demo.noon, durationMilliseconds: 42,
                                    statusCode: 500, error: nil, responseExcerpt: "<h1>Down for maintenance</h1>"),
            outcome: .failed, endpointID: endpoint.id)], disableAfter: .seconds(5 * 86_400))
        return try await storage.webhookDelivery(id: queued.id)
    }
}

extension String {
    /// The text as the dashboard's templates escape it.
    fileprivate var htmlEscaped: String {
        replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;").replacingOccurrences(of: ">", with: "&gt;")
            .replacingOccurrences(of: "\"", with: "&quot;").replacingOccurrences(of: "'", with: "&#39;")
    }
}
