import Foundation
import Hummingbird
import LandfallLinks
import LandfallStorage

/// The dashboard's invitations: the runtime switch that makes the app require one, the list
/// (filtered by batch and status, 50 a page) with its CSV export, a batch's codes, the
/// redemption audit (members); creating a batch and revoking a code or a batch (editors,
/// ``InvitationPageRoutes/addWrites(to:)``).
///
/// Everything goes through what the API uses: ``Storage``'s invitations, ``SettingsCache`` (so
/// the switch takes effect at once), ``InvitationBatchDraft`` and ``Invitation/csv(_:url:now:)``.
struct InvitationPageRoutes: Sendable {
    let storage: Storage
    let settings: SettingsCache
    let clock: @Sendable () -> Date

    /// Invitations on a page of the list.
    static let pageSize = 50
    /// Audit entries on a page.
    static let auditPageSize = 50
    /// The codes a batch's page shows at most (its CSV has them all).
    static let batchPageLimit = 1000

    func addRoutes(members: RouterGroup<DashboardContext>, editors: RouterGroup<DashboardContext>) {
        members.get("/invitations", use: list)
        members.get("/invitations/export.csv", use: export)
        members.get("/invitations/audit", use: audit)
        members.get("/invitations/batches/{batch}", use: batch)
        addWrites(to: editors)
    }

    var auditor: DashboardAuditor { DashboardAuditor(storage: storage, clock: clock) }

    /// `GET /invitations`: the switch, the filters and a page of invitations.
    @Sendable func list(_ request: Request, context: DashboardContext) async throws -> Response {
        let filter = try InvitationListFilter(request)
        let now = clock()
        let found = try await storage.invitations(filter.query(now: now, limit: Self.pageSize + 1))
        let shown = Array(found.prefix(Self.pageSize))
        let required = try await settings.settings().invitationsRequired
        var values: [String: Any] = [
            "invitationsCurrent": true,
            "required": required, "requiredText": required ? "on" : "off", "requiredNext": required ? "off" : "on",
            "toggleLabel": required ? "Stop requiring an invitation" : "Require an invitation",
            "batch": filter.batchID ?? "",
            "statuses": InvitationStatus.allCases.map { status -> [String: Any] in
                ["value": status.rawValue, "selected": status == filter.status]
            },
            "invitations": shown.map { Self.row($0, now: now) },
            "exportURL": filter.url("/invitations/export.csv", paging: false),
            "back": filter.url("/invitations"),
        ]
        if shown.isEmpty {
            values["empty"] = filter == InvitationListFilter() ? "No invitations yet." : "No invitation matches these filters."
        }
        if filter.batchID != nil || filter.status != nil { values["filtered"] = true }
        if let batchID = filter.batchID, !shown.isEmpty { values["batchPage"] = Self.batchPath(batchID) }
        if found.count > Self.pageSize, let last = shown.last {
            var next = filter
            next.after = last.code
            values["nextPage"] = next.url("/invitations")
        }
        if filter.after != nil {
            var first = filter
            first.after = nil
            values["firstPage"] = first.url("/invitations")
        }
        if let notice = Self.notice(request) { values["notice"] = notice }
        return try DashboardPage.response("invitations", title: "Invitations", values: values, context: context)
    }

    /// `GET /invitations/export.csv`: every invitation the filters select, as
    /// `landfall invites export` and `GET /v1/invites?format=csv` write them.
    @Sendable func export(_ request: Request, context: DashboardContext) async throws -> Response {
        var filter = try InvitationListFilter(request)
        filter.after = nil
        let now = clock()
        let site = try context.server.site
        let invitations = try await storage.invitations(filter.query(now: now, limit: nil))
        let csv = Invitation.csv(invitations, url: { InvitationsAPI.url(of: $0, site: site) }, now: now)
        let safeBatch = filter.batchID.flatMap { $0.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-") } ? $0 : nil }
        return CSVExport.response(csv, filename: safeBatch.map { "invitations-\($0).csv" } ?? "invitations.csv")
    }

    /// `GET /invitations/batches/{batch}`: a batch's codes, to copy or download; after a batch
    /// is created, the page it was created on (`?done=created`).
    @Sendable func batch(_ request: Request, context: DashboardContext) async throws -> Response {
        let batchID = try Self.pathBatch(context)
        let now = clock()
        let invitations = try await storage.invitations(InvitationQuery(batchID: batchID, now: now, limit: nil))
        guard let first = invitations.first else {
            throw PageProblem(.notFound, title: "No such batch", message: "No invitation is in the batch '\(batchID.prefix(60))'.")
        }
        let site = try context.server.site
        let shown = invitations.prefix(Self.batchPageLimit)
        let created = request.uri.queryParameters["done"] == "created"
        var values: [String: Any] = [
            "invitationsCurrent": true, "batchID": batchID, "count": invitations.count, "single": invitations.count == 1,
            "tableID": created ? "new-codes" : "batch-codes",
            "created": DashboardTime.minute(first.createdAt), "uses": first.uses,
            "expires": first.expiresAt.map(DashboardTime.minute) ?? "never",
            "campaign": first.campaign ?? "", "note": first.note ?? "",
            "codes": shown.map { invitation -> [String: Any] in
                var row = Self.row(invitation, now: now)
                row["url"] = InvitationsAPI.url(of: invitation, site: site) ?? ""
                return row
            },
            "allCodes": shown.map(\.code.formatted).joined(separator: "\n"),
            "csvURL": InvitationListFilter(batchID: batchID).url("/invitations/export.csv"),
            "listURL": InvitationListFilter(batchID: batchID).url("/invitations"),
            "revokeAction": Self.batchPath(batchID) + "/revoke",
            "back": Self.batchPath(batchID),
        ]
        if invitations.count > shown.count { values["more"] = "The first \(shown.count) of \(invitations.count) codes are shown; the CSV has them all." }
        if invitations.contains(where: { $0.revokedAt == nil }) { values["revocable"] = true }
        if created {
            values["notice"] = "Created \(invitations.count) invitation\(invitations.count == 1 ? "" : "s"). Copy the codes or download them as CSV."
        } else if let notice = Self.notice(request) {
            values["notice"] = notice
        }
        return try DashboardPage.response("invitation-batch", title: "Batch of invitations", values: values, context: context)
    }

    /// `GET /invitations/audit`: the redemption audit, newest first; `?before=TIME` (the time of
    /// the last entry of the previous page, as the link writes it) reads older entries.
    @Sendable func audit(_ request: Request, context: DashboardContext) async throws -> Response {
        var before: Date?
        if let text = request.uri.queryParameters["before"].map(String.init) {
            guard let date = try? Date.ISO8601FormatStyle(includingFractionalSeconds: true).parse(text) else {
                throw PageProblem(.badRequest, title: "Bad request",
                                  message: "before must be a time such as 2026-11-20T17:00:00.000Z (the last entry's, as the Older entries link gives it); '\(text.prefix(40))' is not.")
            }
            before = date
        }
        let entries = try await storage.invitationAudit(limit: Self.auditPageSize, before: before)
        var values: [String: Any] = [
            "invitationsCurrent": true,
            "entries": entries.map { entry -> [String: Any] in
                ["at": DashboardTime.second(entry.at), "action": entry.action.rawValue, "code": entry.shownCode,
                 "reason": entry.reason ?? "", "addressHash": entry.addressHash ?? "",
                 "flagged": [.refused, .throttled].contains(entry.action)]
            },
        ]
        if entries.isEmpty { values["empty"] = true }
        if entries.count == Self.auditPageSize, let last = entries.last {
            values["older"] = "/invitations/audit?before=" + InvitationListFilter.encoded(APITime.string(last.at))
        }
        return try DashboardPage.response("invitation-audit", title: "Invitation audit", values: values, context: context)
    }

    /// An invitation as a row of a table.
    static func row(_ invitation: Invitation, now: Date) -> [String: Any] {
        let status = invitation.status(at: now)
        return [
            "code": invitation.code.formatted, "batch": invitation.batchID, "batchPage": batchPath(invitation.batchID),
            "status": status.rawValue, "statusClass": status == .active ? "good" : (status == .revoked ? "bad" : ""),
            "redeemed": invitation.redeemed, "uses": invitation.uses,
            "created": DashboardTime.minute(invitation.createdAt), "expires": invitation.expiresAt.map(DashboardTime.minute) ?? "never",
            "campaign": invitation.campaign ?? "", "revocable": invitation.revokedAt == nil,
        ]
    }

    /// The page of the batch `batchID`.
    static func batchPath(_ batchID: String) -> String {
        "/invitations/batches/" + InvitationListFilter.encoded(batchID)
    }

    /// The batch named in the path.
    static func pathBatch(_ context: DashboardContext) throws(PageProblem) -> String {
        let raw = context.parameters.get("batch") ?? ""
        let batchID = (raw.removingPercentEncoding ?? raw).trimmingCharacters(in: .whitespaces)
        guard !batchID.isEmpty else {
            throw PageProblem(.notFound, title: "No such batch", message: "The address names no batch.")
        }
        return batchID
    }

    /// What the last change did, from the `done` parameter its redirect carries (never text
    /// taken from the address: a code is read as a code, a number as a number).
    static func notice(_ request: Request) -> String? {
        let parameters = request.uri.queryParameters
        let code = parameters["code"].flatMap { try? InviteCode(parsing: String($0)) }?.formatted
        let count = parameters["n"].flatMap { Int(String($0)) }
        switch (parameters["done"].map(String.init), code, count) {
        case ("required-on", _, _): return "The app now requires an invitation."
        case ("required-off", _, _): return "The app no longer requires an invitation."
        case ("revoked", let code?, _): return "Revoked \(code): it is refused from now on."
        case ("already-revoked", let code?, _): return "\(code) was already revoked."
        case ("batch-revoked", _, let count?):
            return count == 0 ? "Every invitation of this batch was already revoked."
                : "Revoked \(count) invitation\(count == 1 ? "" : "s") of this batch: they are refused from now on."
        default: return nil
        }
    }
}
