import Foundation
import Hummingbird
import LandfallJSON
import LandfallLinks
import LandfallStorage

/// The invitations' changes, for editors and admins (``RequireRole/editor``): the runtime
/// switch, creating a batch, revoking a code or a whole batch. Each one is written to the
/// dashboard's audit log (``DashboardAuditor``) and answered with a redirect to the page that
/// shows its result; a refused form is the form again, 422, with each field's problem.
extension InvitationPageRoutes {
    func addWrites(to editors: RouterGroup<DashboardContext>) {
        editors.get("/invitations/new", use: newBatch)
        editors.post("/invitations/new", use: createBatch)
        editors.post("/invitations/requirement", use: changeRequirement)
        editors.post("/invitations/{code}/revoke", use: revoke)
        editors.post("/invitations/batches/{batch}/revoke", use: revokeBatch)
    }

    /// `GET /invitations/new`: the form, with one use per code.
    @Sendable func newBatch(_ request: Request, context: DashboardContext) async throws -> Response {
        try Self.form(InvitationBatchForm(fields: ["uses": "1"]), problems: [:], context: context)
    }

    /// `POST /invitations/new`: creates the batch and shows its codes, or the form with its problems.
    @Sendable func createBatch(_ request: Request, context: DashboardContext) async throws -> Response {
        let form = InvitationBatchForm(fields: context.form.fields)
        let now = clock()
        let draft: InvitationBatchDraft
        switch form.draft(now: now) {
        case .success(let read): draft = read
        case .failure(let problems): return try Self.form(form, problems: problems.byField, context: context, status: .unprocessableContent)
        }
        guard let signedIn = context.signedIn else { throw PageProblem(.forbidden, title: "Not signed in", message: "Sign in first.") }
        let (batchID, invitations) = try await storage.createInvitations(draft, at: now)
        let after = JSONValue.object([("batch", .string(batchID))] + (draft.jsonValue.objectMembers ?? []).map { ($0.key, $0.value) })
        try await auditor.record("invitations.created", subject: "batch \(batchID) (\(invitations.count))", after: after, by: signedIn)
        context.logger.notice("invitations created", metadata: ["batch": "\(batchID)", "count": "\(invitations.count)"])
        return Response.redirect(.seeOther, to: Self.batchPath(batchID) + "?done=created")
    }

    /// `POST /invitations/requirement` with `required=on|off`: the runtime switch, for every
    /// server at once (this one's ``SettingsCache`` is updated as it stores it).
    @Sendable func changeRequirement(_ request: Request, context: DashboardContext) async throws -> Response {
        let text = context.form["required"] ?? ""
        guard text == "on" || text == "off" else {
            throw PageProblem(.badRequest, title: "Bad request", message: "required must be on or off; '\(text.prefix(40))' is not.")
        }
        guard let signedIn = context.signedIn else { throw PageProblem(.forbidden, title: "Not signed in", message: "Sign in first.") }
        var settings = try await storage.runtimeSettings()
        let before = settings.invitationsRequired
        settings.invitationsRequired = text == "on"
        if before != settings.invitationsRequired {
            let updated = try await self.settings.update(settings, at: clock())
            try await auditor.record("invitations.required_changed", subject: "invitations required",
                                     before: .object([("invitationsRequired", .bool(before))]),
                                     after: .object([("invitationsRequired", .bool(updated.invitationsRequired))]), by: signedIn)
            context.logger.notice("runtime settings changed", metadata: ["invitationsRequired": "\(updated.invitationsRequired)"])
        }
        return Response.redirect(.seeOther, to: "/invitations?done=required-\(text)")
    }

    /// `POST /invitations/{code}/revoke`: the code can no longer be redeemed; back to the page
    /// the form was on (`back`, a page of the invitations).
    @Sendable func revoke(_ request: Request, context: DashboardContext) async throws -> Response {
        let raw = context.parameters.get("code") ?? ""
        let text = raw.removingPercentEncoding ?? raw
        guard let code = try? InviteCode(parsing: text), let invitation = try await storage.invitation(code: code) else {
            throw PageProblem(.notFound, title: "No such invitation", message: "No invitation has the code '\(text.prefix(40))'.")
        }
        guard let signedIn = context.signedIn else { throw PageProblem(.forbidden, title: "Not signed in", message: "Sign in first.") }
        let now = clock()
        let site = try context.server.site
        var done = "already-revoked"
        if invitation.revokedAt == nil, let revoked = try await storage.revokeInvitation(code: code, at: now) {
            try await storage.recordInvitationAudit([InvitationAuditEntry(at: now, action: .revoked, code: code.rawValue)])
            let url = InvitationsAPI.url(of: invitation, site: site)
            try await auditor.record("invitation.revoked", subject: code.formatted, before: invitation.jsonValue(url: url, now: now),
                                     after: revoked.jsonValue(url: url, now: now), by: signedIn)
            done = "revoked"
        }
        return Response.redirect(.seeOther, to: Self.back(context.form["back"], adding: "done=\(done)&code=\(code.formatted)"))
    }

    /// `POST /invitations/batches/{batch}/revoke`: every code of the batch not revoked yet.
    @Sendable func revokeBatch(_ request: Request, context: DashboardContext) async throws -> Response {
        let batchID = try Self.pathBatch(context)
        let now = clock()
        let invitations = try await storage.invitations(InvitationQuery(batchID: batchID, now: now, limit: nil))
        guard !invitations.isEmpty else {
            throw PageProblem(.notFound, title: "No such batch", message: "No invitation is in the batch '\(batchID.prefix(60))'.")
        }
        guard let signedIn = context.signedIn else { throw PageProblem(.forbidden, title: "Not signed in", message: "Sign in first.") }
        let count = try await storage.revokeInvitations(batchID: batchID, at: now)
        if count > 0 {
            try await storage.recordInvitationAudit([InvitationAuditEntry(at: now, action: .revoked, code: "batch \(batchID) (\(count))")])
            let notRevoked = invitations.count { $0.revokedAt == nil }
            try await auditor.record("invitations.batch_revoked", subject: "batch \(batchID)",
                                     before: .object([("batch", .string(batchID)), ("invitations", .integer(invitations.count)),
                                                      ("notRevoked", .integer(notRevoked))]),
                                     after: .object([("batch", .string(batchID)), ("invitations", .integer(invitations.count)),
                                                     ("notRevoked", .integer(max(0, notRevoked - count)))]),
                                     by: signedIn)
        }
        return Response.redirect(.seeOther, to: Self.batchPath(batchID) + "?done=batch-revoked&n=\(count)")
    }

    /// The create form with what was typed and each field's problem.
    static func form(_ form: InvitationBatchForm, problems: [String: String], context: DashboardContext,
                     status: HTTPResponse.Status = .ok) throws -> Response {
        var values: [String: Any] = ["invitationsCurrent": true]
        for name in InvitationBatchForm.fields {
            values[name + "Value"] = form.values[name] ?? ""
            if let problem = problems[name] { values[name + "Error"] = problem }
        }
        let others = problems.filter { !InvitationBatchForm.fields.contains($0.key) }
        if !others.isEmpty { values["formProblem"] = others.map { $0.key.isEmpty ? $0.value : "\($0.key): \($0.value)" }.sorted().joined(separator: " ") }
        return try DashboardPage.response("invitation-new", title: "New invitations", values: values, context: context, status: status)
    }

    /// Where a form goes back to: `back` when it is a page of the invitations, with `query`
    /// added; the list otherwise.
    static func back(_ back: String?, adding query: String) -> String {
        var path = "/invitations"
        if let back, back == "/invitations" || back.hasPrefix("/invitations?") || back.hasPrefix("/invitations/"),
           !back.contains("//"), !back.contains("\\"), back.unicodeScalars.allSatisfy({ $0.isASCII && $0.value > 32 }) {
            path = back
        }
        return path + (path.contains("?") ? "&" : "?") + query
    }
}
