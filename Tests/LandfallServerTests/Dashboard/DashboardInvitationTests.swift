import Foundation
import HTTPTypes
import LandfallLinks
@testable import LandfallServer
import LandfallStorage
import Testing

/// The dashboard's invitations: the runtime switch, the list and its export, creating a batch
/// with the API's checks next to each field, revoking a code or a batch, the redemption audit,
/// and a viewer who can read it all and change nothing.
@Suite struct DashboardInvitationTests {
    /// The audit entries the dashboard wrote with `action`, newest first.
    static func audited(_ action: String, in storage: Storage) async throws -> [DashboardAuditEntry] {
        try await storage.dashboardAudit(limit: 1000).filter { $0.action == action }
    }

    /// Every invitation stored.
    static func all(_ storage: Storage) async throws -> [Invitation] {
        try await storage.invitations(InvitationQuery(now: Demo.noon, limit: nil))
    }

    /// An admin's browser, signed in.
    static func admin(_ client: ServerClient) async throws -> DashboardBrowser {
        var browser = DashboardBrowser(client: client)
        try await browser.signIn(email: DemoSite.administratorEmail, password: DashboardCases.password)
        return browser
    }

    @Test("the switch turns the requirement on and off, each change audited, and GET /v1/settings says so at once",
          arguments: ServerCases.all)
    func theSwitchTurnsTheRequirementOnAndOff(transport: Transport, database: TestDatabase) async throws {
        let server = try await DashboardCases.server(database: database)
        let storage = server.parts.storage
        try await server.run(transport) { client in
            var browser = try await Self.admin(client)
            let off = try await browser.get("/invitations")
            #expect(off.status == .ok)
            #expect(off.text.contains(#"The app requires an invitation: <strong id="requirement-state" class="badge">off</strong>"#))
            #expect(off.text.contains(#"<input type="hidden" name="required" value="on">"#))
            #expect(off.text.contains(#"<a href="/invitations" aria-current="page">Invitations</a>"#))
            for (wanted, text) in [(true, "on"), (false, "off")] {
                // Read once before, so that the server's settings cache holds the old value.
                #expect(try await client.get("/v1/settings").json["invitationsRequired"] as? Bool == !wanted)
                let answer = try await browser.post("/invitations/requirement", [("required", text)])
                #expect(answer.status == .seeOther)
                #expect(answer["Location"] == "/invitations?done=required-\(text)")
                #expect(try await client.get("/v1/settings").json["invitationsRequired"] as? Bool == wanted,
                        "the API serves the change at once")
                let page = try await browser.get(try #require(answer["Location"]))
                #expect(page.text.contains(#"id="requirement-state" class="badge\#(wanted ? " good" : "")">\#(text)</strong>"#))
                #expect(page.text.contains(#"<input type="hidden" name="required" value="\#(wanted ? "off" : "on")">"#))
                #expect(page.text.contains(wanted ? "The app now requires an invitation." : "The app no longer requires an invitation."))
                #expect(try await storage.runtimeSettings().invitationsRequired == wanted)
            }
            let changes = try await Self.audited("invitations.required_changed", in: storage)
            #expect(changes.count == 2)
            #expect(changes.map(\.after) == [#"{"invitationsRequired":false}"#, #"{"invitationsRequired":true}"#])
            #expect(changes.map(\.before) == [#"{"invitationsRequired":true}"#, #"{"invitationsRequired":false}"#])
            #expect(changes.allSatisfy { $0.actor == DemoSite.administratorEmail })
            // Sending the state it already has changes nothing and writes nothing.
            #expect(try await browser.post("/invitations/requirement", [("required", "off")]).status == .seeOther)
            #expect(try await Self.audited("invitations.required_changed", in: storage).count == 2)
            let bad = try await browser.post("/invitations/requirement", [("required", "yes")])
            #expect(bad.status == .badRequest && bad.text.contains("required must be on or off; &#39;yes&#39; is not."), "\(bad.text)")
        }
    }

    @Test("creating a batch stores its codes with every field, shows them to copy and download, and audits it",
          arguments: ServerCases.all)
    func creatingABatchShowsItsCodes(transport: Transport, database: TestDatabase) async throws {
        let server = try await DashboardCases.server(database: database)
        let storage = server.parts.storage
        let before = try await Self.all(storage)
        try await server.run(transport) { client in
            var browser = try await Self.admin(client)
            let form = try await browser.get("/invitations/new")
            #expect(form.status == .ok && form.text.contains(#"<form id="invitation-form" method="post" action="/invitations/new" novalidate>"#))
            for field in InvitationBatchForm.fields {
                #expect(form.text.contains(#"<label for="\#(field)">"#) && form.text.contains(#"name="\#(field)""#), "\(field)")
            }
            let answer = try await browser.post("/invitations/new", [
                ("count", "3"), ("uses", "2"), ("expiresAt", "2026-12-31T23:30"), ("campaign", "beta"),
                ("note", "for <b>testers</b>\r\nand friends"),
            ])
            #expect(answer.status == .seeOther, "\(answer.text)")
            let location = try #require(answer["Location"])
            let created = try await Self.all(storage).filter { !before.contains($0) }
            #expect(created.count == 3)
            let batchID = try #require(created.first?.batchID)
            #expect(location == "/invitations/batches/\(batchID)?done=created")
            for invitation in created {
                #expect(invitation.batchID == batchID && invitation.uses == 2 && invitation.campaign == "beta")
                #expect(invitation.expiresAt == Moment.parse("2026-12-31T23:30:00Z"))
                #expect(invitation.note == "for <b>testers</b>\nand friends")
            }
            let page = try await browser.get(location)
            #expect(page.status == .ok)
            let text = page.text
            #expect(text.contains(#"<table class="links invitations" id="new-codes">"#))
            #expect(text.contains("Created 3 invitations."))
            let codes = created.map(\.code.formatted).sorted()
            #expect(text.contains(#"data-copy="\#(codes.joined(separator: "&#10;"))""#) || text.contains(#"data-copy="\#(codes.joined(separator: "\n"))""#))
            for code in codes {
                #expect(text.contains("<td><code>\(code)</code>") && text.contains("https://daily.example.com/invites/\(code)"))
            }
            #expect(text.contains(#"href="/invitations/export.csv?batch=\#(batchID)""#))
            #expect(text.contains("for &lt;b&gt;testers&lt;/b&gt;") && !text.contains("<b>testers"))
            #expect(text.contains("2026-12-31 23:30 UTC"))
            let audit = try #require(try await Self.audited("invitations.created", in: storage).first)
            #expect(audit.subject == "batch \(batchID) (3)")
            #expect(audit.after?.contains(#""count":3,"uses":2,"expiresAt":"2026-12-31T23:30:00"#) == true, "\(audit.after ?? "")")
            // The invitations' own audit log has the batch too, as for the API and the CLI.
            #expect(try await storage.invitationAudit(limit: 10, before: nil).contains { $0.code == "batch \(batchID) (3)" && $0.action == .created })
        }
    }

    /// A form with one or more bad fields: what is sent, and the message each bad field gets.
    struct Refusal: Sendable, CustomTestStringConvertible {
        let fields: [String: String]
        let problems: [String: String]
        var testDescription: String { problems.keys.sorted().joined(separator: ", ") + ": " + fields.description }
    }

    static let refusals: [Refusal] = [
        Refusal(fields: ["count": ""], problems: ["count": "missing; give how many invitations to create, from 1 to 10000"]),
        Refusal(fields: ["count": "abc"], problems: ["count": "must be a whole number such as 10; &#39;abc&#39; is not"]),
        Refusal(fields: ["count": "0"], problems: ["count": "must be at least 1, found 0"]),
        Refusal(fields: ["count": "10001"], problems: ["count": "must be at most 10000, found 10001"]),
        Refusal(fields: ["count": "2", "uses": "0"], problems: ["uses": "must be at least 1, found 0"]),
        Refusal(fields: ["count": "2", "uses": "1.5"], problems: ["uses": "must be a whole number such as 10; &#39;1.5&#39; is not"]),
        Refusal(fields: ["count": "2", "expiresAt": "2026-11-20T16:59"], problems: ["expiresAt": "is in the past; invitations would be born expired"]),
        Refusal(fields: ["count": "2", "expiresAt": "tomorrow"],
                problems: ["expiresAt": "must be a date and time in UTC such as 2026-12-31T23:59, a day such as 2026-12-31, or an RFC 3339 time; &#39;tomorrow&#39; is none of these"]),
        Refusal(fields: ["count": "2", "expiresAt": "2027-02-30T10:00"],
                problems: ["expiresAt": "must be a date and time in UTC such as 2026-12-31T23:59, a day such as 2026-12-31, or an RFC 3339 time; &#39;2027-02-30T10:00&#39; is none of these"]),
        Refusal(fields: ["count": "2", "campaign": String(repeating: "c", count: 101)],
                problems: ["campaign": "is 101 characters long; at most 100 are allowed"]),
        Refusal(fields: ["count": "2", "note": String(repeating: "n", count: 501)], problems: ["note": "is 501 characters long; at most 500 are allowed"]),
        Refusal(fields: ["count": "x", "uses": "-1", "expiresAt": "2020-01-01"],
                problems: ["count": "must be a whole number such as 10; &#39;x&#39; is not", "uses": "must be at least 1, found -1",
                           "expiresAt": "is in the past; invitations would be born expired"]),
    ]

    @Test("a bad field is refused next to it, with the API's words, 422, the values kept and nothing stored", arguments: refusals)
    func badFieldsAreRefusedNextToTheField(refusal: Refusal) async throws {
        let server = try await DashboardCases.server()
        let storage = server.parts.storage
        let before = try await Self.all(storage)
        try await server.run(.router) { client in
            var browser = try await Self.admin(client)
            _ = try await browser.get("/invitations/new")
            let answer = try await browser.post("/invitations/new", refusal.fields.sorted { $0.key < $1.key })
            #expect(answer.status == .unprocessableContent)
            let text = answer.text
            for (field, message) in refusal.problems {
                #expect(text.contains(#"aria-invalid="true" aria-describedby="\#(field)-error""#), "\(field)")
                #expect(text.contains(#"<p class="field-error" id="\#(field)-error">\#(message)</p>"#), "\(field): \(text)")
            }
            for field in InvitationBatchForm.fields where refusal.problems[field] == nil {
                #expect(!text.contains(#"id="\#(field)-error""#), "\(field) has no problem")
            }
            for (field, value) in refusal.fields where field != "note" && !value.isEmpty {
                #expect(text.contains(#"name="\#(field)""#) && text.contains(#"value="\#(value)""#), "\(field) keeps \(value)")
            }
            if let note = refusal.fields["note"] { #expect(text.contains(">\(note)</textarea>")) }
            #expect(try await Self.all(storage) == before)
            #expect(try await Self.audited("invitations.created", in: storage).isEmpty)
        }
    }

    @Test("the expiry field reads what a datetime-local input sends, a day, or RFC 3339, as UTC", arguments: [
        ("2026-12-31T23:59", "2026-12-31T23:59:00Z"),
        ("2026-12-31T23:59:30", "2026-12-31T23:59:30Z"),
        ("2026-12-31 23:59", "2026-12-31T23:59:00Z"),
        ("2026-12-31", "2026-12-31T00:00:00Z"),
        ("2026-12-31T18:59:00-05:00", "2026-12-31T18:59:00-05:00"),
        ("2026-12-31T23:59:00.5Z", "2026-12-31T23:59:00.5Z"),
        ("31/12/2026", nil),
        ("2026-12-31T23", nil),
    ] as [(String, String?)])
    func theExpiryFieldReadsUTC(typed: String, read: String?) {
        #expect(DashboardTime.rfc3339(typed: typed) == read)
    }

    @Test("revoking one code and then a whole batch: each refused from then on, audited, and back where the form was",
          arguments: ServerCases.all)
    func revokingACodeAndABatch(transport: Transport, database: TestDatabase) async throws {
        let server = try await DashboardCases.server(database: database)
        let storage = server.parts.storage
        let key = try await server.authorization()
        try await server.run(transport) { client in
            let batch = try await client.createInvitations(#"{"count": 3}"#, key: key)
            let code = batch.codes[0]
            var browser = try await Self.admin(client)
            let list = try await browser.get("/invitations?status=active")
            #expect(list.text.contains(#"<form method="post" action="/invitations/\#(code)/revoke" data-confirm="#))
            let answer = try await browser.post("/invitations/\(code)/revoke", [("back", "/invitations?status=active")])
            #expect(answer.status == .seeOther)
            #expect(answer["Location"] == "/invitations?status=active&done=revoked&code=\(code)")
            let after = try await browser.get(try #require(answer["Location"]))
            #expect(after.text.contains("Revoked \(code): it is refused from now on."))
            #expect(!after.text.contains("<td><code>\(code)</code>"), "no longer active")
            try await client.redeem(code).expectAPIError(.gone, "invite_revoked", field: "code")
            let revoked = try #require(try await Self.audited("invitation.revoked", in: storage).first)
            #expect(revoked.subject == code)
            #expect(AuditChange.lines(before: revoked.before, after: revoked.after).contains("status: active → revoked"))
            // Again: nothing more happens; a back address elsewhere is not followed.
            let again = try await browser.post("/invitations/\(code)/revoke", [("back", "https://evil.example/")])
            #expect(again["Location"] == "/invitations?done=already-revoked&code=\(code)")
            #expect(try await Self.audited("invitation.revoked", in: storage).count == 1)

            let batchPage = try await browser.get("/invitations/batches/\(batch.batch)")
            #expect(batchPage.text.contains(#"<table class="links invitations" id="batch-codes">"#))
            #expect(batchPage.text.contains(#"data-confirm="Revoke every code of this batch? They are refused from then on, for good.""#))
            #expect(batchPage.text.contains(#"id="revoke-batch""#))
            let whole = try await browser.post("/invitations/batches/\(batch.batch)/revoke", [])
            #expect(whole.status == .seeOther)
            #expect(whole["Location"] == "/invitations/batches/\(batch.batch)?done=batch-revoked&n=2")
            let shown = try await browser.get(try #require(whole["Location"]))
            #expect(shown.text.contains("Revoked 2 invitations of this batch: they are refused from now on."))
            #expect(!shown.text.contains(#"id="revoke-batch""#), "nothing is left to revoke")
            for other in batch.codes.dropFirst() {
                try await client.redeem(other).expectAPIError(.gone, "invite_revoked", field: "code")
            }
            let batchRevoked = try #require(try await Self.audited("invitations.batch_revoked", in: storage).first)
            #expect(batchRevoked.subject == "batch \(batch.batch)")
            #expect(AuditChange.lines(before: batchRevoked.before, after: batchRevoked.after) == ["notRevoked: 2 → 0"])
            #expect(try await storage.invitationAudit(limit: 10, before: nil).filter { $0.action == .revoked }.map(\.code)
                == ["batch \(batch.batch) (2)", InviteCode(rawValue: code.filter { $0 != "-" })?.rawValue ?? code])

            #expect(try await browser.post("/invitations/77777-77777-77777/revoke", []).status == .notFound)
            #expect(try await browser.post("/invitations/not-a-code/revoke", []).status == .notFound)
            #expect(try await browser.post("/invitations/batches/no-such-batch/revoke", []).status == .notFound)
            #expect(try await browser.get("/invitations/batches/no-such-batch").status == .notFound)
        }
    }

    @Test("the list pages 50 at a time, filters by batch and status, and its CSV export has the CLI's columns",
          arguments: ServerCases.all)
    func theListAndItsExport(transport: Transport, database: TestDatabase) async throws {
        let server = try await DashboardCases.server(database: database)
        let storage = server.parts.storage
        let key = try await server.authorization()
        try await server.run(transport) { client in
            let big = try await client.createInvitations(#"{"count": 55, "campaign": "=launch"}"#, key: key)
            let small = try await client.createInvitations(#"{"count": 2, "uses": 3}"#, key: key)
            #expect(try await client.execute("/v1/invites/\(small.codes[1])/revoke", method: .post, headers: key).status == .ok)
            var browser = try await Self.admin(client)
            let first = try await browser.get("/invitations?batch=\(big.batch)")
            #expect(first.status == .ok)
            #expect(first.text.contains(#"<table class="links invitations" id="invitations">"#))
            #expect(first.text.components(separatedBy: "<td><code>").count - 1 == 50)
            let next = try #require(DashboardAuditTests.link(named: "Next page", in: first.text))
            #expect(next.hasPrefix("/invitations?batch=\(big.batch)&after="))
            let second = try await browser.get(next)
            #expect(second.text.components(separatedBy: "<td><code>").count - 1 == 5)
            #expect(!second.text.contains("Next page"))

            let revoked = try await browser.get("/invitations?status=revoked")
            #expect(revoked.text.components(separatedBy: "<td><code>").count - 1 == 1)
            #expect(revoked.text.contains("<td><code>\(small.codes[1])</code>"))
            #expect(revoked.text.contains(#"<option value="revoked" selected>revoked</option>"#))
            #expect(revoked.text.contains(#"href="/invitations/export.csv?status=revoked""#))
            #expect(try await browser.get("/invitations?status=gone").status == .badRequest)
            #expect(try await browser.get("/invitations?after=nonsense").status == .badRequest)

            let export = try await browser.get("/invitations/export.csv?batch=\(small.batch)")
            #expect(export.status == .ok)
            #expect(export["Content-Type"] == "text/csv; charset=utf-8")
            #expect(export["Content-Disposition"] == #"attachment; filename="invitations-\#(small.batch).csv""#)
            let lines = export.text.split(separator: "\n", omittingEmptySubsequences: true).map(String.init)
            // The columns `landfall invites export` documents, and the same text it writes.
            #expect(lines.first == "code,url,batch,uses,redeemed,uses_left,status,expires_at,note,campaign,created_at,revoked_at")
            #expect(lines.count == 3)
            let stored = try await storage.invitations(InvitationQuery(batchID: small.batch, now: Demo.noon, limit: nil))
            #expect(export.text == Invitation.csv(stored, url: { "https://daily.example.com/invites/\($0.code.formatted)" }, now: Demo.noon))
            let everything = try await browser.get("/invitations/export.csv")
            #expect(everything["Content-Disposition"] == #"attachment; filename="invitations.csv""#)
            #expect(everything.text.contains(",'=launch,"), "a formula is written with a leading apostrophe")
            #expect(everything.text.split(separator: "\n").count - 1 == (try await Self.all(storage)).count)
        }
    }

    @Test("the audit page lists a redemption made through the API, a refusal flagged, and pages through older entries",
          arguments: ServerCases.all)
    func theAuditListsARedemption(transport: Transport, database: TestDatabase) async throws {
        let server = try await DashboardCases.server(database: database)
        let storage = server.parts.storage
        let key = try await server.authorization()
        for minute in 0..<60 {
            try await storage.recordInvitationAudit([
                InvitationAuditEntry(at: Demo.noon.addingTimeInterval(Double(minute - 120) * 60), action: .refused, code: "OLD\(minute)", reason: "unknown"),
            ])
        }
        try await server.run(transport) { client in
            let code = try await client.createInvitation(key: key)
            #expect(try await client.redeem(code, platform: "ios").status == .ok)
            #expect(try await client.redeem(code).status == .gone)
            var browser = try await Self.admin(client)
            let list = try await browser.get("/invitations")
            #expect(list.text.contains(#"href="/invitations/audit""#))
            let page = try await browser.get("/invitations/audit")
            #expect(page.status == .ok)
            let text = page.text
            #expect(text.contains(#"<table class="links invitation-audit" id="invitation-audit">"#))
            #expect(text.contains("<tr><td>2026-11-20 17:00:00 UTC</td><td>redeemed</td><td><code>\(code)</code></td>"))
            #expect(text.contains(#"<tr class="flagged"><td>2026-11-20 17:00:00 UTC</td><td>refused</td><td><code>\#(code)</code></td><td data-label="Reason">used_up</td>"#))
            #expect(text.contains("<td>created</td>"))
            let older = try #require(DashboardAuditTests.link(named: "Older entries", in: text))
            let next = try await browser.get(older)
            #expect(next.status == .ok)
            #expect(next.text.contains("<code>OLD0</code>") && !next.text.contains("<td>redeemed</td>"))
            #expect(!text.contains("<code>OLD0</code>"))
            #expect(try await browser.get("/invitations/audit?before=yesterday").status == .badRequest)
        }
    }

    /// The dashboard's invitation writes, as a forged form would send them.
    enum Write: String, CaseIterable, Sendable {
        case requirement, create, revoke, revokeBatch

        func request(code: String, batch: String) -> (path: String, fields: [(String, String)]) {
            switch self {
            case .requirement: ("/invitations/requirement", [("required", "on")])
            case .create: ("/invitations/new", [("count", "3")])
            case .revoke: ("/invitations/\(code)/revoke", [])
            case .revokeBatch: ("/invitations/batches/\(batch)/revoke", [])
            }
        }
    }

    @Test("a viewer reads the invitations without a write control, and a forged POST to each write is 403 and changes nothing",
          arguments: Write.allCases)
    func aViewerChangesNothing(write: Write) async throws {
        let server = try await DashboardCases.server()
        let storage = server.parts.storage
        try await storage.insert(await DashboardCases.person(.viewer, email: "vi@daily.example.com", name: "Vi"))
        let key = try await server.authorization()
        try await server.run(.router) { client in
            let batch = try await client.createInvitations(#"{"count": 2}"#, key: key)
            let before = try await Self.all(storage)
            var browser = DashboardBrowser(client: client)
            try await browser.signIn(email: "vi@daily.example.com", password: DashboardCases.password)
            let list = try await browser.get("/invitations")
            #expect(list.status == .ok && list.text.contains("The app requires an invitation:"))
            #expect(list.text.contains("<td><code>\(batch.codes[0])</code>"))
            for control in ["toggle-requirement", "/invitations/requirement", "/revoke", "/invitations/new"] {
                #expect(!list.text.contains(control), "\(control)")
            }
            let page = try await browser.get("/invitations/batches/\(batch.batch)")
            #expect(page.status == .ok && !page.text.contains("/revoke") && page.text.contains("Download CSV"))
            #expect(try await browser.get("/invitations/new").status == .forbidden)
            let (path, fields) = write.request(code: batch.codes[0], batch: batch.batch)
            let forged = try await browser.post(path, fields)
            #expect(forged.status == .forbidden)
            #expect(forged.text.contains("Only an editor or an admin can open this page."))
            #expect(try await Self.all(storage) == before)
            #expect(try await storage.runtimeSettings().invitationsRequired == false)
            #expect(try await storage.dashboardAudit(limit: 1000).allSatisfy { !$0.action.hasPrefix("invitation") })
        }
    }
}
