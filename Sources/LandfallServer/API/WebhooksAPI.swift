import Foundation
import Hummingbird
import LandfallJSON
import LandfallLinks
import LandfallStorage
import LandfallWebhooks

/// The webhook endpoints of the API: add one (its secret answered once), list, read, change,
/// disable or enable, delete, rotate its secret and send it a test event; every operation
/// needs a key with the `webhooks` scope (a `write` key cannot redirect events). The deliveries
/// are in ``WebhooksAPI`` too (WebhooksAPI+Deliveries.swift).
struct WebhooksAPI: Sendable {
    typealias Context = LandfallRequestContext

    let storage: Storage
    let clock: @Sendable () -> Date


    func addRoutes(to api: inout APIRoutes) {
        api.add(.get, "/v1/webhooks", .webhooks, list)
        api.add(.post, "/v1/webhooks", .webhooks, create)
        api.add(.get, "/v1/webhooks/deliveries/{deliveryID}", .webhooks, delivery)
        api.add(.post, "/v1/webhooks/deliveries/{deliveryID}/redeliver", .webhooks, redeliver)
        api.add(.get, "/v1/webhooks/{id}", .webhooks, read)
        api.add(.patch, "/v1/webhooks/{id}", .webhooks, update)
        api.add(.delete, "/v1/webhooks/{id}", .webhooks, delete)
        api.add(.post, "/v1/webhooks/{id}/rotate-secret", .webhooks, rotateSecret)
        api.add(.post, "/v1/webhooks/{id}/test", .webhooks, test)
        api.add(.get, "/v1/webhooks/{id}/deliveries", .webhooks, deliveries)
    }

    /// `POST /v1/webhooks`: a new endpoint, answered with its secret (the only time it is shown).
    @Sendable func create(_ request: Request, context: Context) async throws -> Response {
        let draft = try await request.decodeJSON(limit: 16 << 10, WebhookEndpointDraft.init(json:))
        let url = try Self.checkedURL(draft.url, context: context)
        let events = try Self.selection(draft.events)
        guard try await storage.webhookEndpoints().count < WebhookEndpoint.maximumCount else {
            throw APIError.invalidBody(WebhookEndpoint.limitReachedMessage, field: nil)
        }
        let endpoint = WebhookEndpoint.make(url: url, events: events, description: draft.description, at: clock())
        try await storage.insert(endpoint)
        return Response.json(.created, endpoint.jsonWithSecret)
    }

    /// `GET /v1/webhooks`: every endpoint, oldest first (never their secrets).
    @Sendable func list(_ request: Request, context: Context) async throws -> Response {
        let endpoints = try await storage.webhookEndpoints()
        return Response.json(.ok, .object([("webhooks", .array(endpoints.map(\.json)))]))
    }

    /// `GET /v1/webhooks/{id}`.
    @Sendable func read(_ request: Request, context: Context) async throws -> Response {
        Response.json(.ok, try await endpoint(namedIn: context).json)
    }

    /// `PATCH /v1/webhooks/{id}`: a new URL, events or description; `"enabled": false` disables
    /// it (saying by which key), `true` enables it again.
    @Sendable func update(_ request: Request, context: Context) async throws -> Response {
        let id = try await endpoint(namedIn: context).id
        let patch = try await request.decodeJSON(limit: 16 << 10, WebhookEndpointPatch.init(json:))
        let url = try patch.url.map { try Self.checkedURL($0, context: context) }
        let events = try patch.events.map { try Self.selection($0) }
        let now = clock()
        let reason = context.apiKey.map { "disabled by an API key '\($0.name)' (\($0.id))" } ?? "disabled through the API"
        guard let updated = try await storage.updateWebhookEndpoint(id: id, at: now, { endpoint in
            if let url { endpoint.url = url }
            if let events { endpoint.events = events }
            if let description = patch.description { endpoint.description = description }
            switch patch.enabled {
            case false? where endpoint.isEnabled:
                endpoint.disabledAt = now
                endpoint.disabledReason = reason
            case true?:
                endpoint.disabledAt = nil
            default:
                break
            }
        }) else { throw Self.unknownEndpoint }
        return Response.json(.ok, updated.json)
    }

    /// `DELETE /v1/webhooks/{id}`: the endpoint, its deliveries and their attempts.
    @Sendable func delete(_ request: Request, context: Context) async throws -> Response {
        let id = try Self.pathID(context)
        guard try await storage.deleteWebhookEndpoint(id: id) else { throw Self.unknownEndpoint }
        return Response(status: .noContent, headers: [.cacheControl: "no-store"])
    }

    /// `POST /v1/webhooks/{id}/rotate-secret`: a new secret, answered once; the previous one is
    /// signed with too for one more day (`WebhookEndpoint.previousSecretLifetime`).
    @Sendable func rotateSecret(_ request: Request, context: Context) async throws -> Response {
        let id = try Self.pathID(context)
        let now = clock()
        guard let rotated = try await storage.rotateWebhookSecret(
            id: id, to: .generate(), previousUntil: now.addingTimeInterval(WebhookEndpoint.previousSecretLifetime), at: now)
        else { throw Self.unknownEndpoint }
        return Response.json(.ok, rotated.jsonWithSecret)
    }

    /// `POST /v1/webhooks/{id}/test`: queues a `webhook.test` event for this endpoint only.
    @Sendable func test(_ request: Request, context: Context) async throws -> Response {
        let endpoint = try await endpoint(namedIn: context)
        guard endpoint.isEnabled else { throw Self.disabled(endpoint) }
        guard let delivery = try await storage.enqueueTest(WebhookEvent.test(endpointID: endpoint.id, at: clock()), for: endpoint.id) else {
            // Disabled (or deleted) between the two reads.
            throw Self.unknownEndpoint
        }
        return Response.json(.accepted, .object([("delivery", delivery.json)]))
    }

    // MARK: checks

    /// The endpoint the route's `{id}` names.
    ///
    /// - Throws: ``APIError`` 404 `not_found` when `{id}` is not an endpoint id or no endpoint has it.
    func endpoint(namedIn context: Context) async throws -> WebhookEndpoint {
        guard let endpoint = try await storage.webhookEndpoint(id: try Self.pathID(context)) else { throw Self.unknownEndpoint }
        return endpoint
    }

    /// The `{id}` of the path, if it has the form of an endpoint id.
    static func pathID(_ context: Context) throws(APIError) -> String {
        guard let id = context.parameters.get("id"), WebhookEndpoint.isID(id) else { throw unknownEndpoint }
        return id
    }

    static let unknownEndpoint = APIError.notFound("No webhook endpoint has this id.")

    static func disabled(_ endpoint: WebhookEndpoint) -> APIError {
        APIError(.conflict, .endpointDisabled,
                 "The webhook endpoint \(endpoint.id) is disabled (\(endpoint.disabledReason ?? "no reason given")); enable it with PATCH {\"enabled\": true} first.")
    }

    /// `text` as a destination: https and a public address, unless the site's
    /// `webhooks.allowPrivateNetworks` allows http and private addresses.
    ///
    /// - Throws: ``APIError`` 400 `invalid_body` on the field `url`, in ``WebhookURL``'s words.
    static func checkedURL(_ text: String, context: Context) throws -> String {
        let allowPrivate = try context.site.configuration.webhooks.allowPrivateNetworks
        do {
            return try WebhookURL(text, allowPrivateNetworks: allowPrivate).text
        } catch {
            throw APIError.invalidBody("url: \(error.message)", field: "url")
        }
    }

    /// The events of a body.
    ///
    /// - Throws: ``APIError`` 400 `invalid_body` on the field `events`, in
    ///   ``WebhookEventSelection``'s words.
    static func selection(_ names: [String]) throws(APIError) -> WebhookEventSelection {
        do {
            return try WebhookEventSelection(names)
        } catch {
            throw APIError.invalidBody("events: \(error.message)", field: "events")
        }
    }
}
