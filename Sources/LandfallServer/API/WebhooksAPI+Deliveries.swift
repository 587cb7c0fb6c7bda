import Foundation
import Hummingbird
import LandfallJSON
import LandfallLinks
import LandfallStorage
import LandfallWebhooks

extension WebhooksAPI {
    /// `GET /v1/webhooks/{id}/deliveries`: the endpoint's deliveries, newest first, `limit`
    /// (1–500, default 50) at a time from `cursor`, filtered by `status` and `type`.
    @Sendable func deliveries(_ request: Request, context: Context) async throws -> Response {
        let endpoint = try await endpoint(namedIn: context)
        let parameters = request.uri.queryParameters
        var query = WebhookDeliveryQuery(endpointID: endpoint.id)
        if let text = parameters["status"].map(String.init) {
            guard let status = WebhookDeliveryStatus(rawValue: text) else {
                throw APIError.invalidBody(
                    "status must be one of \(WebhookDeliveryStatus.allCases.map(\.rawValue).joined(separator: ", ")), not '\(text.prefix(40))'.",
                    field: "status")
            }
            query.status = status
        }
        if let text = parameters["type"].map(String.init) {
            guard let type = WebhookEventType(rawValue: text) else {
                throw APIError.invalidBody(
                    "type must be an event type (\(WebhookEventType.allCases.map(\.rawValue).joined(separator: ", "))), not '\(text.prefix(40))'.",
                    field: "type")
            }
            query.eventType = type
        }
        let paging = try Paging(parameters, allowed: 1...500, defaultLimit: 50)
        query.before = try Paging.cursor(parameters) { WebhookDelivery.isID($0) ? $0 : nil }
        query.limit = paging.fetchLimit
        let (deliveries, nextCursor) = paging.page(try await storage.webhookDeliveries(query)) { $0.id }
        return Response.json(.ok, .object([("deliveries", .array(deliveries.map(\.json))), ("nextCursor", nextCursor)]))
    }

    /// `GET /v1/webhooks/deliveries/{deliveryID}`: the delivery with its attempts themselves
    /// (`attempts` is their list here, not their count) and the event it sends (`payload`,
    /// exactly the JSON signed and sent).
    @Sendable func delivery(_ request: Request, context: Context) async throws -> Response {
        let delivery = try await delivery(namedIn: context)
        let attempts = try await storage.webhookAttempts(deliveryID: delivery.id)
        let payload = try await storage.webhookEventBody(id: delivery.eventID).flatMap { try? JSONValue.parse($0) } ?? .null
        let members = (delivery.json.objectMembers ?? []).map { member in
            (member.key, member.key == "attempts" ? JSONValue.array(attempts.map(\.json)) : member.value)
        }
        return Response.json(.ok, .object(members + [("payload", payload)]))
    }

    /// `POST /v1/webhooks/deliveries/{deliveryID}/redeliver`: a new round of attempts, due now
    /// (a pending delivery is left as it is: it will be attempted anyway).
    @Sendable func redeliver(_ request: Request, context: Context) async throws -> Response {
        let id = try Self.pathDeliveryID(context)
        guard let delivery = try await storage.redeliverWebhook(id: id, at: clock()) else { throw Self.unknownDelivery }
        return Response.json(.accepted, .object([("delivery", delivery.json)]))
    }

    /// The delivery the route's `{deliveryID}` names.
    ///
    /// - Throws: ``APIError`` 404 `not_found` when it is not a delivery id or no delivery has it.
    func delivery(namedIn context: Context) async throws -> WebhookDelivery {
        guard let delivery = try await storage.webhookDelivery(id: try Self.pathDeliveryID(context)) else { throw Self.unknownDelivery }
        return delivery
    }

    static func pathDeliveryID(_ context: Context) throws(APIError) -> String {
        guard let id = context.parameters.get("deliveryID"), WebhookDelivery.isID(id) else { throw unknownDelivery }
        return id
    }

    static let unknownDelivery = APIError.notFound("No webhook delivery has this id.")
}
