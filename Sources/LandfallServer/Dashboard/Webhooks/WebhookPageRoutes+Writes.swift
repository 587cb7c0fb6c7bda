import Foundation
import Hummingbird
import LandfallJSON
import LandfallLinks
import LandfallStorage
import LandfallWebhooks

/// The webhooks' changes: redelivering (editors and admins, ``RequireRole/editor``) and the
/// rest (admins, ``RequireRole/admin``). Each is written to the dashboard's audit log with the
/// endpoint or delivery before and after as the API shows them (never the secret), and
/// answered with a redirect to the page showing its result — apart from adding an endpoint and
/// rotating its secret, answered with the page that shows the new secret once (200,
/// `no-store`: never a redirect, so the secret is in no URL and a reload does not show it).
extension WebhookPageRoutes {
    func addWrites(editors: RouterGroup<DashboardContext>, admins: RouterGroup<DashboardContext>) {
        editors.post("/webhooks/deliveries/{delivery}/redeliver", use: redeliver)
        editors.post("/webhooks/{id}/redeliver-failed", use: redeliverFailed)
        admins.post("/webhooks", use: create)
        admins.post("/webhooks/{id}", use: update)
        admins.post("/webhooks/{id}/enable", use: enable)
        admins.post("/webhooks/{id}/disable", use: disable)
        admins.post("/webhooks/{id}/rotate-secret", use: rotateSecret)
        admins.post("/webhooks/{id}/test", use: test)
        admins.post("/webhooks/{id}/delete", use: delete)
    }

    /// The reason a person's “Disable” records.
    static let disabledReason = "disabled in the dashboard"

    /// `POST /webhooks`: adds the endpoint and shows its secret once, or the list with the form's problems (422).
    @Sendable func create(_ request: Request, context: DashboardContext) async throws -> Response {
        let signedIn = try Self.signedIn(context)
        var form = WebhookForm(form: context.form)
        let allowPrivate = try context.server.site.configuration.webhooks.allowPrivateNetworks
        guard let checked = form.checked(allowPrivateNetworks: allowPrivate) else {
            context.server.label("dashboard_form_refused")
            return try await listPage(form: form, notice: nil, context: context, status: .unprocessableContent)
        }
        guard try await storage.webhookEndpoints().count < WebhookEndpoint.maximumCount else {
            context.server.label("dashboard_form_refused")
            return try await listPage(form: form, notice: WebhookEndpoint.limitReachedMessage, context: context, status: .unprocessableContent)
        }
        let endpoint = WebhookEndpoint.make(url: checked.url.text, events: checked.events, description: checked.description, at: clock())
        try await storage.insert(endpoint)
        try await auditor.record("webhook.created", subject: WebhookPageValues.subject(endpoint), after: endpoint.json, by: signedIn)
        context.logger.notice("webhook endpoint added", metadata: ["endpoint": "\(endpoint.id)"])
        return try secretPage(endpoint, rotated: false, context: context)
    }

    /// `POST /webhooks/{id}`: saves the URL, events and description, or the page with the form's problems (422).
    @Sendable func update(_ request: Request, context: DashboardContext) async throws -> Response {
        let signedIn = try Self.signedIn(context)
        let before = try await Self.endpoint(context, in: storage)
        var form = WebhookForm(form: context.form)
        let allowPrivate = try context.server.site.configuration.webhooks.allowPrivateNetworks
        guard let checked = form.checked(allowPrivateNetworks: allowPrivate) else {
            context.server.label("dashboard_form_refused")
            return try await endpointPage(before, form: form, request: request, context: context, status: .unprocessableContent)
        }
        guard let after = try await storage.updateWebhookEndpoint(id: before.id, at: clock(), { endpoint in
            endpoint.url = checked.url.text
            endpoint.events = checked.events
            endpoint.description = checked.description
        }) else { throw Self.gone(before.id) }
        if after.url != before.url || after.events != before.events || after.description != before.description {
            try await auditor.record("webhook.updated", subject: WebhookPageValues.subject(after), before: before.json, after: after.json, by: signedIn)
        }
        return Response.redirect(.seeOther, to: "/webhooks/\(after.id)?done=saved")
    }

    /// `POST /webhooks/{id}/enable`.
    @Sendable func enable(_ request: Request, context: DashboardContext) async throws -> Response {
        try await changeState(enabled: true, context: context)
    }

    /// `POST /webhooks/{id}/disable`.
    @Sendable func disable(_ request: Request, context: DashboardContext) async throws -> Response {
        try await changeState(enabled: false, context: context)
    }

    private func changeState(enabled: Bool, context: DashboardContext) async throws -> Response {
        let signedIn = try Self.signedIn(context)
        let before = try await Self.endpoint(context, in: storage)
        if before.isEnabled != enabled {
            let now = clock()
            guard let after = try await storage.updateWebhookEndpoint(id: before.id, at: now, { endpoint in
                if enabled {
                    endpoint.disabledAt = nil
                    endpoint.disabledReason = nil
                } else if endpoint.disabledAt == nil {
                    endpoint.disabledAt = now
                    endpoint.disabledReason = Self.disabledReason
                }
            }) else { throw Self.gone(before.id) }
            try await auditor.record(enabled ? "webhook.enabled" : "webhook.disabled", subject: WebhookPageValues.subject(after),
                                     before: before.json, after: after.json, by: signedIn)
        }
        return Response.redirect(.seeOther, to: "/webhooks/\(before.id)?done=\(enabled ? "enabled" : "disabled")")
    }

    /// `POST /webhooks/{id}/rotate-secret`: a new secret, shown once; the old one is signed with for a day more.
    @Sendable func rotateSecret(_ request: Request, context: DashboardContext) async throws -> Response {
        let signedIn = try Self.signedIn(context)
        let before = try await Self.endpoint(context, in: storage)
        let now = clock()
        guard let after = try await storage.rotateWebhookSecret(id: before.id, to: .generate(),
                                                                previousUntil: now.addingTimeInterval(WebhookEndpoint.previousSecretLifetime), at: now)
        else { throw Self.gone(before.id) }
        try await auditor.record("webhook.secret_rotated", subject: WebhookPageValues.subject(after), before: before.json, after: after.json, by: signedIn)
        context.logger.notice("webhook secret rotated", metadata: ["endpoint": "\(after.id)"])
        return try secretPage(after, rotated: true, context: context)
    }

    /// `POST /webhooks/{id}/test`: queues a `webhook.test` event for this endpoint only; to its delivery's page.
    @Sendable func test(_ request: Request, context: DashboardContext) async throws -> Response {
        let signedIn = try Self.signedIn(context)
        let endpoint = try await Self.endpoint(context, in: storage)
        guard let delivery = try await storage.enqueueTest(WebhookEvent.test(endpointID: endpoint.id, at: clock()), for: endpoint.id) else {
            return Response.redirect(.seeOther, to: "/webhooks/\(endpoint.id)?done=test-disabled")
        }
        try await auditor.record("webhook.tested", subject: WebhookPageValues.subject(endpoint), after: delivery.json, by: signedIn)
        return Response.redirect(.seeOther, to: WebhookPageValues.path(of: delivery) + "?done=test")
    }

    /// `POST /webhooks/{id}/delete`: the endpoint, its deliveries and their attempts; back to the list.
    @Sendable func delete(_ request: Request, context: DashboardContext) async throws -> Response {
        let signedIn = try Self.signedIn(context)
        let endpoint = try await Self.endpoint(context, in: storage)
        if try await storage.deleteWebhookEndpoint(id: endpoint.id) {
            try await auditor.record("webhook.deleted", subject: WebhookPageValues.subject(endpoint), before: endpoint.json, by: signedIn)
        }
        return Response.redirect(.seeOther, to: "/webhooks?done=deleted")
    }

    /// `POST /webhooks/deliveries/{delivery}/redeliver`: a new round of attempts, due now (a
    /// pending delivery is left as it is).
    @Sendable func redeliver(_ request: Request, context: DashboardContext) async throws -> Response {
        let signedIn = try Self.signedIn(context)
        let before = try await Self.delivery(context, in: storage)
        guard let after = try await storage.redeliverWebhook(id: before.id, at: clock()) else {
            throw PageProblem(.notFound, title: "No such delivery", message: "The delivery \(before.id) was deleted meanwhile.")
        }
        if before.status != .pending {
            try await auditor.record("webhook.redelivered", subject: "\(before.eventType.rawValue) \(before.id)",
                                     before: before.json, after: after.json, by: signedIn)
        }
        return Response.redirect(.seeOther, to: WebhookPageValues.path(of: after) + "?done=redelivered")
    }

    /// `POST /webhooks/{id}/redeliver-failed`: every failed delivery of the last 7 days, again.
    @Sendable func redeliverFailed(_ request: Request, context: DashboardContext) async throws -> Response {
        let signedIn = try Self.signedIn(context)
        let endpoint = try await Self.endpoint(context, in: storage)
        let now = clock()
        let since = now.addingTimeInterval(-Double(Self.recentDays) * 86_400)
        let count = try await storage.redeliverFailedWebhooks(endpointID: endpoint.id, since: since, at: now)
        if count > 0 {
            try await auditor.record("webhook.redelivered_failed", subject: WebhookPageValues.subject(endpoint),
                                     after: .object([("endpointID", .string(endpoint.id)), ("since", .string(APITime.string(since))),
                                                     ("redelivered", .integer(count))]), by: signedIn)
        }
        return Response.redirect(.seeOther, to: "/webhooks/\(endpoint.id)?done=redelivered-failed&n=\(count)")
    }

    /// The page that shows the endpoint's new secret, once, with how to verify deliveries.
    private func secretPage(_ endpoint: WebhookEndpoint, rotated: Bool, context: DashboardContext) throws -> Response {
        var values = WebhookPageValues.endpoint(endpoint, now: clock())
        values["webhooksCurrent"] = true
        values["secret"] = endpoint.secret.text
        values["endpoint"] = WebhookPageValues.endpoint(endpoint, now: clock())
        if rotated { values["rotated"] = true }
        values["python"] = """
            import os
            from standardwebhooks.webhooks import Webhook

            secret = os.environ["LANDFALL_WEBHOOK_SECRET"]   # the secret above, kept out of the code
            # body: the request's body exactly as it arrived; headers: its headers
            event = Webhook(secret).verify(body, headers)   # raises when the signature is wrong
            """
        return try DashboardPage.response("webhook-secret", title: rotated ? "New signing secret" : "New webhook endpoint",
                                          values: values, context: context)
    }

    /// The endpoint `id` vanished between reading and changing it (deleted meanwhile).
    static func gone(_ id: String) -> PageProblem {
        PageProblem(.notFound, title: "No such webhook endpoint", message: "The webhook endpoint \(id) was deleted meanwhile.")
    }
}
