import Foundation
import LandfallWebhooks
import SQLKit

extension Storage {
    /// Stores a new endpoint. Events from now on that it wants are queued for it.
    public func insert(_ endpoint: WebhookEndpoint) async throws(StorageError) {
        try await writing("storing the webhook endpoint \(endpoint.id)") { database, _ in
            try await database.insert(into: WebhookEndpoint.table).columns(WebhookEndpoint.columns).values(endpoint.rowValues).run()
        }
    }

    /// Every endpoint, oldest first.
    public func webhookEndpoints() async throws(StorageError) -> [WebhookEndpoint] {
        try await reading("reading the webhook endpoints") { database in
            try await database.select().columns(WebhookEndpoint.columns).from(WebhookEndpoint.table)
                .orderBy("created_at").orderBy("id")
                .all()
                .map { row throws(StorageError) in try WebhookEndpoint(row: row) }
        }
    }

    /// The endpoint with `id`, or `nil`.
    public func webhookEndpoint(id: String) async throws(StorageError) -> WebhookEndpoint? {
        try await reading("reading the webhook endpoint \(id)") { database in
            try await database.select().columns(WebhookEndpoint.columns).from(WebhookEndpoint.table)
                .where("id", .equal, id)
                .first()
                .map { row throws(StorageError) in try WebhookEndpoint(row: row) }
        }
    }

    /// Changes the endpoint with `id` by `change`, which is given the stored endpoint (its
    /// row locked), and stores what it returns, with `updatedAt` set to `date`.
    ///
    /// Enabling an endpoint again (clearing ``WebhookEndpoint/disabledAt``) also clears
    /// ``WebhookEndpoint/failingSince``, so that it gets days again before it is disabled.
    ///
    /// - Returns: The endpoint as stored, or `nil` when no endpoint has `id`.
    public func updateWebhookEndpoint(id: String, at date: Date,
                                      _ change: @escaping @Sendable (inout WebhookEndpoint) -> Void) async throws(StorageError) -> WebhookEndpoint? {
        try await writing("updating the webhook endpoint \(id)") { database, _ in
            guard let row = try await database.select().columns(WebhookEndpoint.columns).from(WebhookEndpoint.table)
                .where("id", .equal, id)
                .for(.update)
                .first()
            else { return nil }
            let old = try WebhookEndpoint(row: row)
            var endpoint = old
            change(&endpoint)
            endpoint.id = old.id
            endpoint.createdAt = old.createdAt
            endpoint.updatedAt = date
            if old.disabledAt != nil, endpoint.disabledAt == nil {
                endpoint.failingSince = nil
                endpoint.disabledReason = nil
            }
            var update = database.update(WebhookEndpoint.table)
            for (column, value) in zip(WebhookEndpoint.columns, endpoint.rowValues) where column != "id" {
                update = update.set(SQLIdentifier(column), to: value)
            }
            try await update.where("id", .equal, id).run()
            return endpoint
        }
    }

    /// Replaces the endpoint's secret by `secret`; the old one is still signed with until
    /// `previousUntil` (a day, so that receivers can switch without missing an event).
    ///
    /// - Returns: The endpoint as stored, or `nil` when no endpoint has `id`.
    public func rotateWebhookSecret(id: String, to secret: WebhookSecret, previousUntil: Date, at date: Date) async throws(StorageError) -> WebhookEndpoint? {
        try await updateWebhookEndpoint(id: id, at: date) { endpoint in
            endpoint.previousSecret = endpoint.secret
            endpoint.previousSecretExpiresAt = previousUntil
            endpoint.secret = secret
        }
    }

    /// Deletes the endpoint with `id`, with its deliveries and their attempts.
    ///
    /// - Returns: `false` when no endpoint has that id.
    public func deleteWebhookEndpoint(id: String) async throws(StorageError) -> Bool {
        try await writing("deleting the webhook endpoint \(id)") { database, _ in
            let deleted = try await database.delete(from: WebhookEndpoint.table).where("id", .equal, id).returning("id").first()
            // Events no other endpoint still has a delivery of go too.
            try await database.raw("""
                DELETE FROM webhook_events WHERE NOT EXISTS (SELECT 1 FROM webhook_deliveries d WHERE d.event_id = webhook_events.id)
                """).run()
            return deleted != nil
        }
    }

    /// Queues `event` (a `WebhookEventType/webhookTest`) for the endpoint `id` only (if it is
    /// enabled: a disabled endpoint is sent nothing).
    ///
    /// - Returns: The delivery, or `nil` when no enabled endpoint has `id`.
    public func enqueueTest(_ event: WebhookEvent, for id: String) async throws(StorageError) -> WebhookDelivery? {
        try await writing("queueing a test event for \(id)") { database, _ in
            try await self.enqueueWebhooks([event], in: database, only: id)
            return try await database.raw("""
                \(unsafeRaw: WebhookDelivery.selectFrom) WHERE d.event_id = \(bind: event.id) AND d.endpoint_id = \(bind: id)
                """).first().map { row throws(StorageError) in try WebhookDelivery(row: row) }
        }
    }
}
