import AppSiteAssociation
import Foundation
import Hummingbird
import LandfallLinks
import LandfallStorage

extension LandfallResponder {
    /// `POST /v1/invites`: a batch of invitations with codes from the system's cryptographic
    /// generator, stored all or nothing.
    func createInvitations(_ request: Request, site: LoadedSite) async throws(APIError) -> Response {
        let body = try await jsonBody(request, limit: 16 << 10)
        let draft: InvitationBatchDraft
        do {
            draft = try InvitationBatchDraft(json: body.readableBytesView)
        } catch {
            throw APIError(invalid: error)
        }
        let now = state.clock()
        if let expiresAt = draft.expiresAt, expiresAt <= now {
            throw APIError(.badRequest, .invalidBody, "expiresAt is in the past; invitations would be born expired.", field: "expiresAt")
        }
        let (batchID, invitations) = try await storing { try await state.storage.createInvitations(draft, at: now) }
        return Response.json(.created, JSONWriter.pretty.string(for: .object([
            ("batch", .string(batchID)),
            ("invitations", .array(invitations.map { $0.jsonValue(url: Self.invitationURL($0, site: site), now: now) })),
        ])))
    }

    /// `GET /v1/invites`: newest batches first, `limit` (1–1000, default 100) at a time from
    /// `cursor`, filtered by `batch` and `status`; `?format=csv` exports every match.
    func listInvitations(_ request: Request, site: LoadedSite) async throws(APIError) -> Response {
        let parameters = request.uri.queryParameters
        let now = state.clock()
        let csv = Self.wantsCSV(request)
        var query = InvitationQuery(now: now)
        query.batchID = parameters["batch"].map(String.init)
        if let text = parameters["status"].map(String.init) {
            guard let status = InvitationStatus(rawValue: text) else {
                throw APIError(.badRequest, .invalidBody, "status must be one of \(InvitationStatus.allCases.map(\.rawValue).joined(separator: ", ")), not '\(text.prefix(40))'.",
                               field: "status")
            }
            query.status = status
        }
        var pageSize = 100
        if let text = parameters["limit"].map(String.init) {
            guard let limit = Int(text), (1...1000).contains(limit) else {
                throw APIError(.badRequest, .invalidBody, "limit must be a whole number from 1 to 1000, not '\(text.prefix(40))'.", field: "limit")
            }
            pageSize = limit
        }
        if let text = parameters["cursor"].map(String.init) {
            guard let cursor = InviteCode(rawValue: text) else {
                throw APIError(.badRequest, .invalidBody, "cursor must be the nextCursor of a previous page.", field: "cursor")
            }
            query.after = cursor
        }
        query.limit = csv ? nil : pageSize + 1
        let found = try await storing { [query] in try await state.storage.invitations(query) }
        if csv {
            return Self.csvResponse(Invitation.csv(found, url: { Self.invitationURL($0, site: site) }, now: now),
                                    filename: "invitations.csv")
        }
        let page = Array(found.prefix(pageSize))
        let body = JSONValue.object([
            ("invitations", .array(page.map { $0.jsonValue(url: Self.invitationURL($0, site: site), now: now) })),
            ("nextCursor", .optional(found.count > pageSize ? page.last?.code.rawValue : nil)),
        ])
        return Response.json(.ok, JSONWriter.pretty.string(for: body))
    }

    /// `GET /v1/invites/{code}`.
    func getInvitation(_ text: String, site: LoadedSite) async throws(APIError) -> Response {
        let invitation = try await existingInvitation(text)
        return Response.json(.ok, JSONWriter.pretty.string(for: invitation.jsonValue(url: Self.invitationURL(invitation, site: site),
                                                                                      now: state.clock())))
    }

    /// `POST /v1/invites/{code}/revoke`: the invitation, revoked (again is harmless).
    func revokeInvitation(_ text: String, site: LoadedSite) async throws(APIError) -> Response {
        let code = try Self.pathCode(text)
        let now = state.clock()
        guard let revoked = try await storing({ try await state.storage.revokeInvitation(code: code, at: now) }) else {
            throw APIError(.notFound, .inviteUnknown, "No invitation has the code \(code.formatted).")
        }
        try? await state.storage.recordInvitationAudit([
            InvitationAuditEntry(at: now, action: .revoked, code: code.formatted, reason: nil, addressHash: nil),
        ])
        return Response.json(.ok, JSONWriter.pretty.string(for: revoked.jsonValue(url: Self.invitationURL(revoked, site: site), now: now)))
    }

    /// `POST /v1/invites/revoke` with `{"batch": "…"}`: revokes a whole batch.
    func revokeInvitations(_ request: Request) async throws(APIError) -> Response {
        let body = try await jsonBody(request, limit: 16 << 10)
        let batch: InvitationBatchRevocation
        do {
            batch = try InvitationBatchRevocation(json: body.readableBytesView)
        } catch {
            throw APIError(invalid: error)
        }
        let now = state.clock()
        let count = try await storing { try await state.storage.revokeInvitations(batchID: batch.batchID, at: now) }
        try? await state.storage.recordInvitationAudit([
            InvitationAuditEntry(at: now, action: .revoked, code: "batch \(batch.batchID) (\(count))", reason: nil, addressHash: nil),
        ])
        return Response.json(.ok, JSONWriter.pretty.string(for: .object([("revoked", .integer(count))])))
    }

    /// `GET /v1/invites/audit`: the newest entries of the invitation audit log.
    func invitationAudit(_ request: Request) async throws(APIError) -> Response {
        var limit = 100
        if let text = request.uri.queryParameters["limit"].map(String.init) {
            guard let value = Int(text), (1...1000).contains(value) else {
                throw APIError(.badRequest, .invalidBody, "limit must be a whole number from 1 to 1000, not '\(text.prefix(40))'.", field: "limit")
            }
            limit = value
        }
        let entries = try await storing { [limit] in try await state.storage.invitationAudit(limit: limit, before: nil) }
        return Response.json(.ok, JSONWriter.pretty.string(for: .object([("entries", .array(entries.map(\.json)))])))
    }

    /// The stored invitation with the code in `text`, or 404 (`invite_unknown`).
    private func existingInvitation(_ text: String) async throws(APIError) -> Invitation {
        let code = try Self.pathCode(text)
        guard let invitation = try await storing({ try await state.storage.invitation(code: code) }) else {
            throw APIError(.notFound, .inviteUnknown, "No invitation has the code \(code.formatted).")
        }
        return invitation
    }

    /// The code in a path segment; text that is no code is answered like an unknown code
    /// (404 `invite_unknown`), as a link id that is no UUID is.
    static func pathCode(_ text: String) throws(APIError) -> InviteCode {
        let text = text.removingPercentEncoding ?? text
        guard let code = try? InviteCode(parsing: text) else {
            throw APIError(.notFound, .inviteUnknown, "No invitation has the code '\(text.prefix(40))'.")
        }
        return code
    }

    /// The code a person entered, or 400 `invite_code_malformed` saying what is wrong.
    static func inviteCode(_ text: String) throws(APIError) -> InviteCode {
        do {
            return try InviteCode(parsing: text.removingPercentEncoding ?? text)
        } catch {
            throw APIError(.badRequest, .inviteCodeMalformed, "'\(text.prefix(40))' is not an invitation code: \(error.message).", field: "code")
        }
    }

    /// Where `invitation` is opened: `https://<site>/invites/<code>`, when the site names an
    /// invitation route.
    static func invitationURL(_ invitation: Invitation, site: LoadedSite) -> String? {
        site.site.invitationURL(code: invitation.code.formatted)
    }
}

extension InvitationAuditEntry {
    /// The entry as the API returns it.
    var json: JSONValue {
        .object([
            ("at", .string(APITime.string(at))),
            ("action", .string(action.rawValue)),
            ("code", .string(code)),
            ("reason", .optional(reason)),
            ("addressHash", .optional(addressHash)),
        ])
    }
}
