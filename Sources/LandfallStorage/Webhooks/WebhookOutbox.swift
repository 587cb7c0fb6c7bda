import Foundation
import LandfallLinks
import LandfallWebhooks
import SQLKit

extension Storage {
    /// ``WebhookOutbox/enqueue(_:in:only:)`` when the schema has the outbox.
    func enqueueWebhooks(_ events: @autoclosure () -> [WebhookEvent], in database: any SQLDatabase, only endpointID: String? = nil) async throws {
        guard keepsWebhooks else { return }
        try await WebhookOutbox.enqueue(events(), in: database, only: endpointID)
    }
}

/// The transactional outbox: events written by the same transaction as the change they
/// report, so that an event exists if and only if its change was stored.
///
/// Every storage write that makes an event calls ``enqueue(_:in:only:)`` inside its own
/// transaction. The event is stored once, with a pending delivery for each enabled endpoint
/// that wants its type; an event nobody wants is not stored at all (so a server without
/// webhooks writes nothing more than before, apart from one read of the endpoints).
enum WebhookOutbox {
    /// An enabled endpoint and what it wants.
    struct Subscriber {
        var id: String
        var events: WebhookEventSelection
    }

    /// The enabled endpoints.
    static func subscribers(in database: any SQLDatabase) async throws -> [Subscriber] {
        try await database.raw("SELECT id, events FROM webhook_endpoints WHERE disabled_at IS NULL").all().map { row in
            let reader = RowReader(row: row, table: WebhookEndpoint.table)
            let id = try reader.string("id")
            return Subscriber(id: id, events: try WebhookEndpoint.events(in: reader))
        }
    }

    /// Stores `events` and a pending delivery, due now, for each enabled endpoint that wants
    /// each (only the endpoint `only`, when given).
    static func enqueue(_ events: [WebhookEvent], in database: any SQLDatabase, only endpointID: String? = nil) async throws {
        guard !events.isEmpty else { return }
        var subscribers = try await subscribers(in: database)
        if let endpointID { subscribers = subscribers.filter { $0.id == endpointID } }
        guard !subscribers.isEmpty else { return }
        var generator = SystemRandomNumberGenerator()
        for event in events {
            let wanting = subscribers.filter { $0.events.includes(event.type) }
            guard !wanting.isEmpty else { continue }
            let now = Milliseconds.from(event.timestamp)
            try await database.insert(into: "webhook_events").columns("id", "type", "occurred_at", "body")
                .values(SQLBind(event.id), SQLBind(event.type.rawValue), SQLBind(now), SQLBind(event.body))
                .run()
            let rows: [[any SQLExpression]] = wanting.map { subscriber in
                [SQLBind(newDeliveryID(at: event.timestamp, using: &generator)), SQLBind(subscriber.id), SQLBind(event.id),
                 SQLBind(WebhookDeliveryStatus.pending.rawValue), SQLBind(now), SQLBind(now)]
            }
            for chunk in rows.chunked(into: rowsPerInsert) {
                try await database.insert(into: WebhookDelivery.table)
                    .columns("id", "endpoint_id", "event_id", "status", "next_attempt_at", "created_at")
                    .rows(Array(chunk))
                    .run()
            }
        }
    }

    /// Adds `counts` to the clicks waiting to become a `link.clicked` event of each enabled
    /// endpoint that wants one (``Storage/batchPendingClicks(waitingSince:at:)`` makes the events).
    static func enqueueClicks(_ counts: [ClickKey: Int], in database: any SQLDatabase, at date: Date) async throws {
        guard !counts.isEmpty else { return }
        let wanting = try await subscribers(in: database).filter { $0.events.includes(.linkClicked) }
        guard !wanting.isEmpty else { return }
        var names: [LinkID: (host: String, slug: String)] = [:]
        let ids = Set(counts.keys.map(\.linkID)).sorted()
        for chunk in ids.chunked(into: rowsPerInsert) {
            let rows = try await database.select().columns("id", "host", "slug").from(ShortLink.table)
                .where("id", .in, chunk.map(\.rawValue)).all()
            for row in rows {
                let reader = RowReader(row: row, table: ShortLink.table)
                guard let id = LinkID(try reader.string("id")) else { continue }
                names[id] = (try reader.string("host"), try reader.string("slug"))
            }
        }
        // Clicks of links deleted meanwhile are not reported (their counts are dropped too).
        let known = counts.filter { names[$0.key.linkID] != nil }
            .sorted { ($0.key.linkID, $0.key.day, $0.key.platform.rawValue, $0.key.referrerHost) < ($1.key.linkID, $1.key.day, $1.key.platform.rawValue, $1.key.referrerHost) }
        let now = Milliseconds.from(date)
        for subscriber in wanting {
            for chunk in known.chunked(into: rowsPerInsert) {
                let rows = chunk.map { key, count -> SQLQueryString in
                    let name = names[key.linkID]!
                    return "(\(bind: subscriber.id), \(bind: key.linkID.rawValue), \(bind: name.host), \(bind: name.slug), \(bind: key.day), \(bind: key.platform.rawValue), \(bind: key.referrerHost), \(bind: count), \(bind: now))"
                }
                try await database.raw("""
                    INSERT INTO webhook_pending_clicks (endpoint_id, link_id, host, slug, day, platform, referrer_host, count, first_at)
                    VALUES \(rows.joined(separator: ", "))
                    ON CONFLICT (endpoint_id, link_id, day, platform, referrer_host)
                    DO UPDATE SET count = webhook_pending_clicks.count + excluded.count
                    """).run()
            }
        }
    }

    /// A new delivery id: `dlv_` and a version 7 UUID's 32 hexadecimal digits.
    static func newDeliveryID<Generator: RandomNumberGenerator>(at date: Date, using generator: inout Generator) -> String {
        "dlv_" + LinkID.generate(at: date, using: &generator).rawValue.replacingOccurrences(of: "-", with: "")
    }
}
