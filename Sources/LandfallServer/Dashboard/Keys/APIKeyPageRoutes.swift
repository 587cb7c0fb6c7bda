import Foundation
import Hummingbird
import LandfallJSON
import LandfallLinks
import LandfallStorage

/// The API keys of the links API (`/v1`), for admins (``RequireRole/admin`` is on the group):
///
/// - `GET /api-keys`: every key, oldest first, with its scope, when it was made and last used,
///   and a revoke form for each active one;
/// - `GET /api-keys/new`, `POST /api-keys/new`: a name and a scope, checked as
///   `landfall keys create` checks them (``APIKeyName``); the answer to a good form is the page
///   showing the key once (200, `no-store`: never a redirect, so the key is in no URL and a
///   reload does not show it again);
/// - `POST /api-keys/{id}/revoke`: the key is refused from its next request; back to the list.
///
/// Both changes are written to the audit log (`api_key.created`, `api_key.revoked`) with the
/// key's id, name and scope, never the key or its hash.
struct APIKeyPageRoutes: Sendable {
    let storage: Storage
    let clock: @Sendable () -> Date

    func addRoutes(admins: RouterGroup<DashboardContext>) {
        admins.get("/api-keys", use: list)
        admins.get("/api-keys/new", use: newForm)
        admins.post("/api-keys/new", use: create)
        admins.post("/api-keys/:id/revoke", use: revoke)
    }

    @Sendable func list(_ request: Request, context: DashboardContext) async throws -> Response {
        let keys = try await storage.apiKeys()
        let now = clock()
        var values: [String: Any] = [
            "keysCurrent": true,
            "keys": keys.map { key -> [String: Any] in
                var row: [String: Any] = [
                    "id": key.id, "name": key.name, "scope": key.scope.rawValue, "created": DashboardTime.minute(key.createdAt),
                    "lastUsed": key.lastUsedAt.map { "\(DashboardTime.minute($0)) (\(DashboardTime.relative($0, from: now)))" } ?? "never",
                ]
                if let revokedAt = key.revokedAt { row["revoked"] = DashboardTime.minute(revokedAt) } else { row["active"] = true }
                return row
            },
        ]
        if keys.isEmpty { values["empty"] = true }
        if let id = request.uri.queryParameters["revoked"].map(String.init), let key = keys.first(where: { $0.id == id }), key.isRevoked {
            values["notice"] = "Revoked the API key “\(key.name)” (\(key.id)): the API refuses it from now on."
        }
        return try DashboardPage.response("api-keys", title: "API keys", values: values, context: context)
    }

    @Sendable func newForm(_ request: Request, context: DashboardContext) async throws -> Response {
        try form(name: "", scope: APIKeyScope.read.rawValue, problems: [:], context: context)
    }

    @Sendable func create(_ request: Request, context: DashboardContext) async throws -> Response {
        let signedIn = try Self.signedIn(context)
        let typedName = context.form["name"] ?? ""
        let typedScope = context.form["scope"] ?? ""
        let name = APIKeyName.trimmed(typedName)
        var problems: [String: String] = [:]
        if let problem = APIKeyName.problem(with: name) { problems["name"] = "The name \(problem)." }
        let scope = APIKeyScope(rawValue: typedScope)
        if scope == nil {
            problems["scope"] = typedScope.isEmpty ? "Choose what the key may do: \(APIKeyScope.names)."
                : "“\(typedScope)” is not a scope; choose \(APIKeyScope.names)."
        }
        guard problems.isEmpty, let scope else {
            context.server.label("dashboard_form_refused")
            return try form(name: typedName, scope: typedScope, problems: problems, context: context, status: .unprocessableContent)
        }
        let (text, record) = APIKeys.generate(name: name, scope: scope, at: clock())
        try await storage.insert(record)
        try await DashboardAuditor(storage: storage, clock: clock).record(
            "api_key.created", subject: Self.subject(record), after: Self.json(record), by: signedIn)
        let site = try context.server.site.configuration
        return try DashboardPage.response("api-key-created", title: "New API key", values: [
            "keysCurrent": true, "secret": text, "id": record.id, "name": record.name, "scope": record.scope.rawValue,
            "example": "curl -H 'Authorization: Bearer \(text)' https://\(site.hosts.site)/v1/links",
        ], context: context)
    }

    @Sendable func revoke(_ request: Request, context: DashboardContext) async throws -> Response {
        let signedIn = try Self.signedIn(context)
        let id = context.parameters.get("id") ?? ""
        guard let key = try await storage.apiKey(id: id) else {
            throw PageProblem(.notFound, title: "No such API key", message: "No API key has the id “\(id)”; the list of API keys shows them all.")
        }
        // `false`: it was revoked already (here or by `landfall keys revoke`); the list says so.
        if !key.isRevoked, try await storage.revokeAPIKey(id: id, at: clock()) {
            var after = key
            after.revokedAt = clock()
            try await DashboardAuditor(storage: storage, clock: clock).record(
                "api_key.revoked", subject: Self.subject(key), before: Self.json(key), after: Self.json(after), by: signedIn)
        }
        return Response.redirect(.seeOther, to: "/api-keys?revoked=\(id)")
    }

    private func form(name: String, scope: String, problems: [String: String], context: DashboardContext,
                      status: HTTPResponse.Status = .ok) throws -> Response {
        var values: [String: Any] = [
            "keysCurrent": true, "name": name, "maximumLength": APIKeyName.maximumLength,
            "scopes": APIKeyScope.allCases.map { option -> [String: Any] in
                var row: [String: Any] = ["value": option.rawValue, "meaning": option.meaning]
                if option.rawValue == scope { row["checked"] = true }
                if problems["scope"] != nil { row["invalid"] = true }
                return row
            },
        ]
        if let problem = problems["name"] { values["nameError"] = problem }
        if let problem = problems["scope"] { values["scopeError"] = problem }
        return try DashboardPage.response("api-key-new", title: "New API key", values: values, context: context, status: status)
    }

    /// The signed-in admin (``RequireRole`` let only them through).
    private static func signedIn(_ context: DashboardContext) throws -> SignedIn {
        guard let signedIn = context.signedIn else {
            throw PageProblem(.forbidden, title: "Not for your role", message: "Only an admin can open this page.")
        }
        return signedIn
    }

    /// What the audit log says a key is: `ci (Q2x8Vd0mK3pa)`.
    static func subject(_ key: APIKeyRecord) -> String {
        "\(key.name) (\(key.id))"
    }

    /// A key in the audit log: its id, name, scope and state, never the key or its hash.
    static func json(_ key: APIKeyRecord) -> JSONValue {
        .object([
            ("id", .string(key.id)), ("name", .string(key.name)), ("scope", .string(key.scope.rawValue)),
            ("state", .string(key.isRevoked ? "revoked" : "active")),
        ])
    }
}
