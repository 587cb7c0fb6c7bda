import Foundation
import Hummingbird
import LandfallStorage
import LandfallWebhooks

/// The dashboard's webhooks: what every signed-in person sees (members), redelivering
/// (editors and admins) and every other change (admins, ``WebhookPageRoutes/addWrites(editors:admins:)``).
///
/// - `GET /webhooks`: the endpoints (URL, events, state, failing since, last success, pending
///   and failed deliveries of the last 7 days) and, for admins, the form “Add an endpoint”;
/// - `GET /webhooks/{id}`: an endpoint, its edit form and controls (admins), and its deliveries
///   newest first, 50 a page (`?status=`, `?before=` the last delivery's id);
/// - `GET /webhooks/deliveries/{delivery}`: a delivery, its attempts and the payload sent.
///
/// Everything goes through what the API and `landfall webhooks` use: ``Storage``'s webhook
/// endpoints and deliveries, ``WebhookURL`` with the site's `webhooks.allowPrivateNetworks`
/// and ``WebhookEventSelection``.
struct WebhookPageRoutes: Sendable {
    let storage: Storage
    let clock: @Sendable () -> Date

    /// Deliveries on a page of an endpoint's.
    static let pageSize = 50
    /// The most deliveries counted per status on the list (more shows as “500+”).
    static let countLimit = 500
    /// How far back the list counts deliveries, and “Redeliver every failed delivery” reaches.
    static let recentDays = 7

    func addRoutes(members: RouterGroup<DashboardContext>, editors: RouterGroup<DashboardContext>, admins: RouterGroup<DashboardContext>) {
        members.get("/webhooks", use: list)
        members.get("/webhooks/deliveries/{delivery}", use: delivery)
        members.get("/webhooks/{id}", use: endpoint)
        addWrites(editors: editors, admins: admins)
    }

    var auditor: DashboardAuditor { DashboardAuditor(storage: storage, clock: clock) }

    /// `GET /webhooks`.
    @Sendable func list(_ request: Request, context: DashboardContext) async throws -> Response {
        try await listPage(form: WebhookForm(), notice: Self.notice(request), context: context)
    }

    /// The list with `form` (its values and errors) under it, answered with `status`.
    func listPage(form: WebhookForm, notice: String?, context: DashboardContext, status: HTTPResponse.Status = .ok) async throws -> Response {
        let now = clock()
        let since = now.addingTimeInterval(-Double(Self.recentDays) * 86_400)
        var rows: [[String: Any]] = []
        for endpoint in try await storage.webhookEndpoints() {
            var row = WebhookPageValues.endpoint(endpoint, now: now)
            row["pending"] = try await recentCount(of: endpoint.id, status: .pending, since: since)
            row["failed"] = try await recentCount(of: endpoint.id, status: .failed, since: since)
            rows.append(row)
        }
        var values = form.values
        values["webhooksCurrent"] = true
        values["endpoints"] = rows
        values["recentDays"] = Self.recentDays
        if rows.isEmpty { values["empty"] = true }
        if let notice { values["notice"] = notice }
        if !form.errors.isEmpty { values["formProblem"] = "The endpoint was not added: see what is wrong below." }
        values["allowPrivateNetworks"] = try context.server.site.configuration.webhooks.allowPrivateNetworks
        return try DashboardPage.response("webhooks", title: "Webhooks", values: values, context: context, status: status)
    }

    /// `GET /webhooks/{id}`: the endpoint and a page of its deliveries.
    @Sendable func endpoint(_ request: Request, context: DashboardContext) async throws -> Response {
        let endpoint = try await Self.endpoint(context, in: storage)
        return try await endpointPage(endpoint, form: WebhookForm(endpoint: endpoint), request: request, context: context)
    }

    /// The endpoint's page with `form` as its edit form, answered with `status`.
    func endpointPage(_ endpoint: WebhookEndpoint, form: WebhookForm, request: Request, context: DashboardContext,
                      status: HTTPResponse.Status = .ok) async throws -> Response {
        let now = clock()
        let parameters = request.uri.queryParameters
        let statusText = parameters["status"].map(String.init) ?? ""
        let statusFilter = WebhookDeliveryStatus(rawValue: statusText)
        guard statusText.isEmpty || statusFilter != nil else {
            throw PageProblem(.badRequest, title: "Bad request", message:
                "status must be one of \(WebhookDeliveryStatus.allCases.map(\.rawValue).joined(separator: ", ")), or left out for every delivery; '\(statusText.prefix(40))' is not.")
        }
        let before = parameters["before"].map(String.init)
        if let before, !WebhookDelivery.isID(before) {
            throw PageProblem(.badRequest, title: "Bad request", message:
                "before must be a delivery id such as dlv_0192c3d4e5f60718293a4b5c6d7e8f90 (the last one of the previous page, as the Next page link gives it); '\(before.prefix(40))' is not.")
        }
        let found = try await storage.webhookDeliveries(WebhookDeliveryQuery(
            endpointID: endpoint.id, status: statusFilter, before: before, limit: Self.pageSize + 1))
        let shown = found.prefix(Self.pageSize)
        var values = form.values
        values["webhooksCurrent"] = true
        values["endpoint"] = WebhookPageValues.endpoint(endpoint, now: now)
        values["deliveries"] = shown.map { WebhookPageValues.delivery($0, now: now) }
        values["statuses"] = WebhookDeliveryStatus.allCases.map { ["value": $0.rawValue, "selected": $0 == statusFilter] as [String: Any] }
        values["recentDays"] = Self.recentDays
        values["allowPrivateNetworks"] = try context.server.site.configuration.webhooks.allowPrivateNetworks
        if shown.isEmpty { values["noDeliveries"] = statusFilter == nil && before == nil ? "No deliveries yet." : "No delivery matches." }
        if statusFilter != nil { values["filtered"] = true }
        let filterQuery = statusFilter.map { "status=\($0.rawValue)&" } ?? ""
        if found.count > Self.pageSize, let last = shown.last {
            values["nextPage"] = "/webhooks/\(endpoint.id)?\(filterQuery)before=\(last.id)"
        }
        if before != nil { values["firstPage"] = "/webhooks/\(endpoint.id)" + (statusFilter.map { "?status=\($0.rawValue)" } ?? "") }
        if !form.errors.isEmpty { values["formProblem"] = "Nothing was saved: see what is wrong below." }
        if let notice = Self.notice(request) { values["notice"] = notice }
        return try DashboardPage.response("webhook", title: "Webhook endpoint", values: values, context: context, status: status)
    }

    /// `GET /webhooks/deliveries/{delivery}`: the delivery, its attempts and its payload.
    @Sendable func delivery(_ request: Request, context: DashboardContext) async throws -> Response {
        let delivery = try await Self.delivery(context, in: storage)
        let now = clock()
        let attempts = try await storage.webhookAttempts(deliveryID: delivery.id)
        let body = try await storage.webhookEventBody(id: delivery.eventID)
        let endpoint = try await storage.webhookEndpoint(id: delivery.endpointID)
        var values: [String: Any] = [
            "webhooksCurrent": true,
            "delivery": WebhookPageValues.delivery(delivery, now: now),
            "attempts": attempts.reversed().map(WebhookPageValues.attempt),
            "payload": body.map(WebhookPageValues.prettyPayload) ?? "",
        ]
        if attempts.isEmpty { values["noAttempts"] = true }
        if let endpoint { values["endpointURL"] = endpoint.url }
        if let notice = Self.notice(request) { values["notice"] = notice }
        return try DashboardPage.response("webhook-delivery", title: "Webhook delivery", values: values, context: context)
    }

    /// How many of the endpoint's deliveries with `status` were made since `since` (at most
    /// ``countLimit``, shown as “500+”).
    private func recentCount(of endpointID: String, status: WebhookDeliveryStatus, since: Date) async throws -> String {
        let deliveries = try await storage.webhookDeliveries(WebhookDeliveryQuery(endpointID: endpointID, status: status, limit: Self.countLimit))
        let count = deliveries.prefix { $0.createdAt >= since }.count
        return count == Self.countLimit ? "\(count)+" : "\(count)"
    }

    /// The endpoint named in the path, or the 404 page.
    static func endpoint(_ context: DashboardContext, in storage: Storage) async throws -> WebhookEndpoint {
        let id = context.parameters.get("id") ?? ""
        guard WebhookEndpoint.isID(id), let endpoint = try await storage.webhookEndpoint(id: id) else {
            throw PageProblem(.notFound, title: "No such webhook endpoint",
                              message: "No webhook endpoint has the id “\(id.prefix(40))”; the webhooks page lists them all.")
        }
        return endpoint
    }

    /// The delivery named in the path, or the 404 page.
    static func delivery(_ context: DashboardContext, in storage: Storage) async throws -> WebhookDelivery {
        let id = context.parameters.get("delivery") ?? ""
        guard WebhookDelivery.isID(id), let delivery = try await storage.webhookDelivery(id: id) else {
            throw PageProblem(.notFound, title: "No such delivery",
                              message: "No webhook delivery has the id “\(id.prefix(40))”; an endpoint's page lists its deliveries (old ones are deleted after a while).")
        }
        return delivery
    }

    /// What the last change did, from the `done` parameter its redirect carries (never text
    /// taken from the address, apart from a count read as a number).
    static func notice(_ request: Request) -> String? {
        let parameters = request.uri.queryParameters
        let count = parameters["n"].flatMap { Int(String($0)) }
        switch (parameters["done"].map(String.init), count) {
        case ("saved", _): return "Saved the endpoint."
        case ("enabled", _): return "Enabled the endpoint: new events are queued for it, and its pending deliveries are sent."
        case ("disabled", _): return "Disabled the endpoint: nothing is sent to it until it is enabled again."
        case ("deleted", _): return "Deleted the endpoint, with its deliveries."
        case ("test", _): return "Queued a test event (webhook.test) for the endpoint: this page shows how its delivery goes (reload it)."
        case ("test-disabled", _): return "A disabled endpoint is sent nothing, a test event neither: enable it first."
        case ("redelivered", _): return "Queued the delivery again: its next attempt is due now (reload this page to see it)."
        case ("redelivered-failed", let count?):
            return count == 0 ? "No delivery of the last \(recentDays) days had failed: nothing to redeliver."
                : "Queued \(count) failed deliver\(count == 1 ? "y" : "ies") of the last \(recentDays) days again."
        default: return nil
        }
    }

    /// The signed-in person (``RequireSignIn`` let only them through).
    static func signedIn(_ context: DashboardContext) throws -> SignedIn {
        guard let signedIn = context.signedIn else {
            throw PageProblem(.forbidden, title: "Not signed in", message: "Sign in first.")
        }
        return signedIn
    }
}
