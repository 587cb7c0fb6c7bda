import Foundation
import Hummingbird
import LandfallLinks
import LandfallStorage

/// `GET /audit` (admins): the dashboard's audit log, newest first, 50 entries a page: who did
/// what to which thing, when, and what it changed (``AuditChange``). `?before=ID` reads the page
/// after the entry with that number.
struct AuditRoutes: Sendable {
    let storage: Storage

    static let pageSize = 50

    func addRoutes(to group: RouterGroup<DashboardContext>) {
        group.get("/audit", use: audit)
    }

    @Sendable func audit(_ request: Request, context: DashboardContext) async throws -> Response {
        var before: Int?
        if let text = request.uri.queryParameters["before"] {
            guard let number = Int(text), number > 0 else {
                throw PageProblem(.badRequest, title: "Bad request", message: "before must be an entry's number, such as 120; '\(text)' is not.")
            }
            before = number
        }
        let entries = try await storage.dashboardAudit(limit: Self.pageSize, before: before)
        var values: [String: Any] = [
            "auditCurrent": true,
            "entries": entries.map { entry -> [String: Any] in
                ["id": entry.id ?? 0, "at": DashboardTime.second(entry.at), "actor": entry.actor, "action": entry.action, "subject": entry.subject,
                 "changes": AuditChange.lines(before: entry.before, after: entry.after)]
            },
        ]
        if entries.isEmpty { values["empty"] = true }
        if entries.count == Self.pageSize, let last = entries.last?.id { values["older"] = "/audit?before=\(last)" }
        return try DashboardPage.response("audit", title: "Audit log", values: values, context: context)
    }
}
