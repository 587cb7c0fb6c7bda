import Foundation
import HTTPTypes
import LandfallLinks
@testable import LandfallServer
import LandfallStorage
import Testing

/// The audit log page: an admin reads who changed what, newest first, page by page; nobody
/// else can open it or sees its link.
@Suite struct DashboardAuditTests {
    @Test("an admin reads the audit log newest first, what people wrote shown as text, and pages through it", arguments: ServerCases.all)
    func anAdminReadsTheAuditLog(transport: Transport, database: TestDatabase) async throws {
        let server = try await DashboardCases.server(database: database)
        let storage = server.parts.storage
        for index in 1...55 {
            try await storage.recordDashboardAudit(DashboardAuditEntry(at: Demo.noon, actor: "landfall users create", action: "user.created",
                                                                       subject: "person\(index)@daily.example.com",
                                                                       after: #"{"name":"<b>\#(index)</b>"}"#))
        }
        try await server.run(transport) { client in
            var browser = DashboardBrowser(client: client)
            try await browser.signIn(email: DemoSite.administratorEmail, password: DashboardCases.password)
            let overview = try await browser.get("/")
            #expect(overview.text.contains(#"<a href="/audit">Audit log</a>"#))
            let page = try await browser.get("/audit")
            #expect(page.status == .ok && page.text.contains("<h1>Audit log</h1>"))
            #expect(page["Content-Security-Policy"] == DashboardHeadersMiddleware.contentSecurityPolicy)
            let text = page.text
            // Newest first: the sign-in just now, then person55 … person7 (50 entries a page).
            let signIn = try #require(text.range(of: "<code>session.signed_in</code>"))
            let newest = try #require(text.range(of: "person55@daily.example.com"))
            #expect(signIn.lowerBound < newest.lowerBound)
            #expect(text.contains("person7@daily.example.com") && !text.contains("person6@daily.example.com"))
            #expect(text.contains("<div>name: &lt;b&gt;55&lt;/b&gt;</div>") && !text.contains("<b>55</b>"))
            #expect(text.contains("2026-11-20 17:00:00 UTC"))
            let older = try #require(DashboardAuditTests.link(named: "Older entries", in: text))
            let next = try await browser.get(older)
            #expect(next.text.contains("person6@daily.example.com") && next.text.contains("person1@daily.example.com"))
            #expect(!next.text.contains("person7@daily.example.com") && !next.text.contains("Older entries"))
            for bad in ["/audit?before=x", "/audit?before=0", "/audit?before=-3"] {
                #expect(try await browser.get(bad).status == .badRequest, "\(bad)")
            }
        }
    }

    @Test("an editor and a viewer get 403 for the audit log, and see no link to it", arguments: [DashboardRole.editor, .viewer])
    func othersCannotOpenIt(role: DashboardRole) async throws {
        let server = try await DashboardCases.server()
        try await server.parts.storage.insert(await DashboardCases.person(role, email: "bo@daily.example.com", name: "Bo"))
        try await server.run(.router) { client in
            var browser = DashboardBrowser(client: client)
            try await browser.signIn(email: "bo@daily.example.com", password: DashboardCases.password)
            let overview = try await browser.get("/")
            #expect(overview.status == .ok && !overview.text.contains("/audit"))
            let refused = try await browser.get("/audit")
            #expect(refused.status == .forbidden)
            #expect(refused.text.contains("Only an admin can open this page."))
            #expect(refused["Content-Security-Policy"] == DashboardHeadersMiddleware.contentSecurityPolicy)
        }
    }

    /// The `href` of the link whose text is `name`.
    static func link(named name: String, in html: String) -> String? {
        guard let end = html.range(of: "\">\(name)</a>") else { return nil }
        let before = html[..<end.lowerBound]
        guard let start = before.range(of: "<a href=\"", options: .backwards) else { return nil }
        return String(before[start.upperBound...]).replacingOccurrences(of: "&amp;", with: "&")
    }

    @Test("an entry shows the fields it changed: old → new, the new ones of a thing made, the old ones of a thing removed", arguments: [
        (#"{"role":"editor","name":"Bo"}"#, #"{"role":"viewer","name":"Bo"}"#, ["role: editor → viewer"]),
        (nil, #"{"email":"bo@x.com","disabled":false}"#, ["email: bo@x.com", "disabled: false"]),
        (#"{"slug":"winter"}"#, nil, ["slug: winter"]),
        (#"{"a":1,"b":2}"#, #"{"a":1,"c":3}"#, ["c: (none) → 3", "b: 2 → (none)"]),
        (#"{"a":1}"#, #"{"a":1}"#, []),
        ("not json", nil, ["not json"]),
        (nil, nil, []),
    ] as [(String?, String?, [String])])
    func changesAreTheFieldsThatDiffer(before: String?, after: String?, lines: [String]) {
        #expect(AuditChange.lines(before: before, after: after) == lines)
    }
}
