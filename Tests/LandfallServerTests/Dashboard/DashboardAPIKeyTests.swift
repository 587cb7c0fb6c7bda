import Foundation
import HTTPTypes
import LandfallLinks
@testable import LandfallServer
import LandfallStorage
import Testing

/// The API keys pages: an admin makes a key, sees it once and uses it against the API, lists
/// and revokes keys; bad fields are refused next to the field; nobody else reaches them.
@Suite struct DashboardAPIKeyTests {
    @Test("a new key is shown once, works against the API, is shown nowhere else, and stops working once revoked",
          arguments: ServerCases.all)
    func aNewKeyIsShownOnceAndWorksUntilRevoked(transport: Transport, database: TestDatabase) async throws {
        let server = try await DashboardCases.server(database: database)
        try await server.run(transport) { client in
            var browser = DashboardBrowser(client: client)
            try await browser.signIn(email: DemoSite.administratorEmail, password: DashboardCases.password)
            let overview = try await browser.get("/")
            #expect(overview.text.contains(#"<a href="/api-keys">API keys</a>"#))
            let list = try await browser.get("/api-keys")
            #expect(list.status == .ok && list.text.contains(#"href="/api-keys/new""#))
            let form = try await browser.get("/api-keys/new")
            #expect(form.status == .ok)
            #expect(form.text.contains(#"id="scope-read""#) && form.text.contains(#"id="scope-write""#) && form.text.contains(#"id="scope-webhooks""#))
            #expect(form.text.contains(APIKeyScope.write.meaning))
            #expect(form.text.contains(APIKeyScope.webhooks.meaning))

            let created = try await browser.post("/api-keys/new", [("name", "  marketing <site> "), ("scope", "read")])
            #expect(created.status == .ok, "a page, not a redirect: the key is in no URL")
            #expect(created["Cache-Control"] == "no-store")
            let secret = try #require(Self.secret(in: created.text))
            let parsed = try #require(APIKeys.parse(secret))
            #expect(created.text.contains("will not be shown again") && created.text.contains("Authorization: Bearer"))
            #expect(created.text.contains(#"data-copy="\#(secret)""#))
            #expect(created.text.contains("marketing &lt;site&gt;"))

            let stored = try #require(try await server.parts.storage.apiKey(id: parsed.id))
            #expect(stored.name == "marketing <site>" && stored.scope == .read && !stored.isRevoked)
            let bearer: HTTPFields = [.authorization: "Bearer \(secret)"]
            #expect(try await client.get("/v1/links", headers: bearer).status == .ok)

            let listed = try await browser.get("/api-keys")
            let audit = try await browser.get("/audit")
            for page in [listed, audit] {
                #expect(!page.text.contains(parsed.secret) && !page.text.contains(stored.secretHash))
            }
            #expect(listed.text.contains(#"id="api-keys""#) && listed.text.contains(parsed.id))
            #expect(listed.text.contains("<strong>marketing &lt;site&gt;</strong>") && listed.text.contains("active"))
            #expect(audit.text.contains("<code>api_key.created</code>"))

            let revoked = try await browser.post("/api-keys/\(parsed.id)/revoke", [])
            #expect(revoked.status == .seeOther && revoked["Location"] == "/api-keys?revoked=\(parsed.id)", "\(revoked.status) \(revoked.text)")
            #expect(try await client.get("/v1/links", headers: bearer).status == .unauthorized)
            let after = try await browser.get("/api-keys?revoked=\(parsed.id)")
            #expect(after.text.contains("Revoked the API key") && after.text.contains("badge bad"))
            #expect(!after.text.contains("/api-keys/\(parsed.id)/revoke"), "a revoked key has no revoke form")
            let auditAfter = try await browser.get("/audit")
            #expect(auditAfter.text.contains("<code>api_key.revoked</code>") && auditAfter.text.contains("state: active → revoked"))
            #expect(!auditAfter.text.contains(parsed.secret) && !auditAfter.text.contains(stored.secretHash))
            #expect(try await browser.post("/api-keys/nosuchkey123/revoke", []).status == .notFound)
        }
    }

    @Test("a bad name or scope is refused with 422 next to its field, what was typed kept", arguments: [
        ("", "read", "name", "The name must say what the key is for; it is empty."),
        ("   ", "write", "name", "The name must say what the key is for; it is empty."),
        (String(repeating: "k", count: 101), "read", "name", "The name must be at most 100 characters; it has 101."),
        ("ci\tbot", "read", "name", "The name must be one line of text, without control characters such as tabs or line breaks."),
        ("ci", "", "scope", "Choose what the key may do: read, write or webhooks."),
        ("ci", "admin", "scope", "“admin” is not a scope; choose read, write or webhooks."),
    ])
    func badFieldsAreRefusedNextToTheField(name: String, scope: String, field: String, message: String) async throws {
        let server = try await DashboardCases.server()
        try await server.run(.router) { client in
            var browser = DashboardBrowser(client: client)
            try await browser.signIn(email: DemoSite.administratorEmail, password: DashboardCases.password)
            _ = try await browser.get("/api-keys/new")
            let refused = try await browser.post("/api-keys/new", [("name", name), ("scope", scope)])
            #expect(refused.status == .unprocessableContent)
            #expect(refused.text.contains(#"<p class="field-error" id="\#(field)-error">\#(message)</p>"#), "\(refused.text)")
            #expect(refused.text.contains(#"aria-invalid="true""#))
            if field == "scope" { #expect(refused.text.contains(#"value="ci""#)) }
            #expect(try await server.parts.storage.apiKeys().isEmpty)
        }
    }

    @Test("an editor and a viewer get 403 for every keys route, forged POSTs too, and see no link to them",
          arguments: [DashboardRole.editor, .viewer])
    func othersCannotReachTheKeys(role: DashboardRole) async throws {
        let server = try await DashboardCases.server()
        let (id, _) = try await server.apiKey(.write)
        try await server.parts.storage.insert(await DashboardCases.person(role, email: "bo@daily.example.com", name: "Bo"))
        try await server.run(.router) { client in
            var browser = DashboardBrowser(client: client)
            try await browser.signIn(email: "bo@daily.example.com", password: DashboardCases.password)
            let overview = try await browser.get("/")
            #expect(overview.status == .ok && !overview.text.contains("/api-keys"))
            for path in ["/api-keys", "/api-keys/new"] {
                #expect(try await browser.get(path).status == .forbidden, "GET \(path)")
            }
            for path in ["/api-keys/new", "/api-keys/\(id)/revoke"] {
                let refused = try await browser.post(path, [("name", "forged"), ("scope", "write")])
                #expect(refused.status == .forbidden, "POST \(path)")
            }
            let keys = try await server.parts.storage.apiKeys()
            #expect(keys.count == 1 && keys.allSatisfy { !$0.isRevoked })
        }
    }

    /// The text of `<p class="secret" id="new-secret">`.
    static func secret(in html: String) -> String? {
        guard let start = html.range(of: #"<p class="secret" id="new-secret">"#),
              let end = html[start.upperBound...].range(of: "</p>") else { return nil }
        return String(html[start.upperBound..<end.lowerBound])
    }
}
