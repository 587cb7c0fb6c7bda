import Foundation
import LandfallWebhooks
import SQLKit

extension WebhookDelivery {
    /// The table.
    static let table = "webhook_deliveries"

    /// The columns ``init(row:)`` reads: the delivery's (prefixed `d.`) and its event's type
    /// (`event_type`), for `SELECT … FROM webhook_deliveries d JOIN webhook_events v`.
    static let selectList = """
        d.id, d.endpoint_id, d.event_id, v.type AS event_type, d.status, d.attempts, d.next_attempt_at, d.created_at, \
        d.last_attempt_at, d.last_status_code, d.last_error, d.completed_at
        """

    /// The select of deliveries with their events' types, for a `WHERE` to follow.
    static let selectFrom = "SELECT \(selectList) FROM webhook_deliveries d JOIN webhook_events v ON v.id = d.event_id"

    /// The delivery with `id` in `database`, or `nil`.
    static func delivery(id: String, in database: any SQLDatabase) async throws -> WebhookDelivery? {
        try await database.raw("\(unsafeRaw: selectFrom) WHERE d.id = \(bind: id)").first()
            .map { row throws(StorageError) in try WebhookDelivery(row: row) }
    }

    /// Reads a row of ``selectList``.
    init(row: any SQLRow) throws(StorageError) {
        var reader = RowReader(row: row, table: Self.table)
        let id = try reader.string("id")
        reader.key = id
        let types = WebhookEventType.allCases.map(\.rawValue).joined(separator: ", ")
        let statuses = WebhookDeliveryStatus.allCases.map(\.rawValue).joined(separator: ", ")
        self.init(
            id: id,
            endpointID: try reader.string("endpoint_id"),
            eventID: try reader.string("event_id"),
            eventType: try reader.parsed("event_type", as: "an event type (\(types))", WebhookEventType.init(rawValue:)),
            status: try reader.parsed("status", as: "a delivery status (\(statuses))", WebhookDeliveryStatus.init(rawValue:)),
            attempts: try reader.int("attempts"),
            nextAttemptAt: try reader.optionalDate("next_attempt_at"),
            createdAt: try reader.date("created_at"),
            lastAttemptAt: try reader.optionalDate("last_attempt_at"),
            lastStatusCode: try reader.optionalInt("last_status_code"),
            lastError: try reader.optionalString("last_error"),
            completedAt: try reader.optionalDate("completed_at")
        )
    }
}

extension WebhookAttempt {
    /// The table.
    static let table = "webhook_attempts"

    /// Every column, in the order of ``rowValues``.
    static let columns = ["delivery_id", "number", "attempted_at", "duration_ms", "status_code", "error", "response_excerpt"]

    var rowValues: [any SQLExpression] {
        [
            SQLBind(deliveryID), SQLBind(number), SQLBind(Milliseconds.from(attemptedAt)), SQLBind(durationMilliseconds),
            statusCode.map { SQLBind($0) } ?? SQLLiteral.null, error.map { SQLBind($0) } ?? SQLLiteral.null, SQLBind(responseExcerpt),
        ]
    }

    /// Reads a row of ``columns``.
    init(row: any SQLRow) throws(StorageError) {
        let reader = RowReader(row: row, table: Self.table)
        self.init(
            deliveryID: try reader.string("delivery_id"),
            number: try reader.int("number"),
            attemptedAt: try reader.date("attempted_at"),
            durationMilliseconds: try reader.int("duration_ms"),
            statusCode: try reader.optionalInt("status_code"),
            error: try reader.optionalString("error"),
            responseExcerpt: try reader.string("response_excerpt")
        )
    }
}
