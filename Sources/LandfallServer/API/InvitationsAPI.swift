import Foundation
import Hummingbird
import LandfallJSON
import LandfallLinks
import LandfallStorage

/// The invitations of the API: create a batch, list (or export as CSV), read, revoke one or a
/// whole batch, and read the audit log.
struct InvitationsAPI: Sendable {
    typealias Context = LandfallRequestContext

    let storage: Storage
    let clock: @Sendable () -> Date

    func addRoutes(to api: inout APIRoutes) {
        api.add(.get, "/v1/invites", .read, list)
        api.add(.post, "/v1/invites", .write, create)
        api.add(.get, "/v1/invites/audit", .read, audit)
        api.add(.post, "/v1/invites/revoke", .write, revokeBatch)
        api.add(.get, "/v1/invites/{code}", .read, read)
        api.add(.post, "/v1/invites/{code}/revoke", .write, revoke)
    }

    /// `POST /v1/invites`: a batch of invitations with codes from the system's cryptographic
    /// generator, stored all or nothing.
    @Sendable func create(_ request: Request, context: Context) async throws -> Response {
        let draft = try await request.decodeJSON(limit: 16 << 10, InvitationBatchDraft.init(json:))
        let now = clock()
        if let problem = draft.expiryProblem(at: now) {
            throw APIError(.badRequest, .invalidBody, "\(problem.field) \(problem.message).", field: problem.field)
        }
        let site = try context.site
        let (batchID, invitations) = try await storage.createInvitations(draft, at: now)
        return Response.json(.created, .object([
            ("batch", .string(batchID)),
            ("invitations", .array(invitations.map { $0.jsonValue(url: Self.url(of: $0, site: site), now: now) })),
        ]))
    }

    /// `GET /v1/invites`: newest batches first, `limit` (1–1000, default 100) at a time from
    /// `cursor`, filtered by `batch` and `status`; `?format=csv` exports every match.
    @Sendable func list(_ request: Request, context: Context) async throws -> Response {
        let site = try context.site
        let parameters = request.uri.queryParameters
        let now = clock()
        let csv = try CSVExport.isWanted(by: request)
        var query = InvitationQuery(now: now)
        query.batchID = parameters["batch"].map(String.init)
        if let text = parameters["status"].map(String.init) {
            guard let status = InvitationStatus(rawValue: text) else {
                throw APIError(.badRequest, .invalidBody, "status must be one of \(InvitationStatus.allCases.map(\.rawValue).joined(separator: ", ")), not '\(text.prefix(40))'.",
                               field: "status")
            }
            query.status = status
        }
        let paging = try Paging(parameters, allowed: 1...1000, defaultLimit: 100)
        query.after = try Paging.cursor(parameters) { InviteCode(rawValue: $0) }
        query.limit = csv ? nil : paging.fetchLimit
        let found = try await storage.invitations(query)
        if csv {
            return CSVExport.response(Invitation.csv(found, url: { Self.url(of: $0, site: site) }, now: now), filename: "invitations.csv")
        }
        let (invitations, nextCursor) = paging.page(found) { $0.code.rawValue }
        return Response.json(.ok, .object([
            ("invitations", .array(invitations.map { $0.jsonValue(url: Self.url(of: $0, site: site), now: now) })),
            ("nextCursor", nextCursor),
        ]))
    }

    /// `GET /v1/invites/{code}`.
    @Sendable func read(_ request: Request, context: Context) async throws -> Response {
        let code = try Self.pathCode(context)
        guard let invitation = try await storage.invitation(code: code) else { throw Self.unknown(code) }
        return Response.json(.ok, invitation.jsonValue(url: Self.url(of: invitation, site: try context.site), now: clock()))
    }

    /// `POST /v1/invites/{code}/revoke`: the invitation, revoked (again is harmless).
    @Sendable func revoke(_ request: Request, context: Context) async throws -> Response {
        let code = try Self.pathCode(context)
        let now = clock()
        guard let revoked = try await storage.revokeInvitation(code: code, at: now) else { throw Self.unknown(code) }
        try? await storage.recordInvitationAudit([
            InvitationAuditEntry(at: now, action: .revoked, code: code.formatted, reason: nil, addressHash: nil),
        ])
        return Response.json(.ok, revoked.jsonValue(url: Self.url(of: revoked, site: try context.site), now: now))
    }

    /// `POST /v1/invites/revoke` with `{"batch": "…"}`: revokes a whole batch.
    @Sendable func revokeBatch(_ request: Request, context: Context) async throws -> Response {
        let batch = try await request.decodeJSON(limit: 16 << 10, InvitationBatchRevocation.init(json:))
        let now = clock()
        let count = try await storage.revokeInvitations(batchID: batch.batchID, at: now)
        try? await storage.recordInvitationAudit([
            InvitationAuditEntry(at: now, action: .revoked, code: "batch \(batch.batchID) (\(count))", reason: nil, addressHash: nil),
        ])
        return Response.json(.ok, .object([("revoked", .integer(count))]))
    }

    /// `GET /v1/invites/audit`: the newest entries of the invitation audit log.
    @Sendable func audit(_ request: Request, context: Context) async throws -> Response {
        let paging = try Paging(request.uri.queryParameters, allowed: 1...1000, defaultLimit: 100)
        let entries = try await storage.invitationAudit(limit: paging.limit, before: nil)
        return Response.json(.ok, .object([("entries", .array(entries.map(\.json)))]))
    }

    /// The code in the path; text that is no code is answered like an unknown code
    /// (404 `invite_unknown`), as a link id that is no UUID is.
    static func pathCode(_ context: Context) throws(APIError) -> InviteCode {
        let raw = context.parameters.get("code") ?? ""
        let text = raw.removingPercentEncoding ?? raw
        guard let code = try? InviteCode(parsing: text) else {
            throw APIError(.notFound, .inviteUnknown, "No invitation has the code '\(text.prefix(40))'.")
        }
        return code
    }

    static func unknown(_ code: InviteCode) -> APIError {
        APIError(.notFound, .inviteUnknown, "No invitation has the code \(code.formatted).")
    }

    /// Where `invitation` is opened: `https://<site>/invites/<code>`, when the site names an
    /// invitation route.
    static func url(of invitation: Invitation, site: LoadedSite) -> String? {
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
