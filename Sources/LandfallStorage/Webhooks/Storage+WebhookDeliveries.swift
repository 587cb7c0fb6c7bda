import Foundation
import LandfallLinks
import LandfallWebhooks
import SQLKit

extension Storage {
    /// Takes up to `limit` deliveries that are due at `now`, for this process to attempt: each
    /// is moved out of reach for `lease` (its next attempt is then due, should this process
    /// die before recording the attempt) and its attempt count raised, in one transaction.
    ///
    /// On PostgreSQL the rows are taken `FOR UPDATE SKIP LOCKED`: instances taking at the same
    /// moment take different deliveries, and none waits for another. Deliveries of disabled
    /// endpoints are not taken. A delivery never attempted in its round (a new one, or one
    /// redelivered) is due whatever `now` says: the times events are stored at come from
    /// whoever made the change (a server's clock, the CLI's), and no clock may hold one back.
    public func takeDueWebhookDeliveries(now: Date, lease: Duration, limit: Int) async throws(StorageError) -> [DueWebhookDelivery] {
        let kind = try backend().kind
        let nowMS = Milliseconds.from(now)
        let leaseEnd = Milliseconds.from(now.addingTimeInterval(lease.seconds))
        return try await writing("taking due webhook deliveries") { database, _ in
            let locking: SQLQueryString = kind == .postgres ? "FOR UPDATE OF d SKIP LOCKED" : ""
            let taken = try await database.raw("""
                UPDATE webhook_deliveries SET attempts = attempts + 1, next_attempt_at = \(bind: leaseEnd), last_attempt_at = \(bind: nowMS)
                WHERE id IN (
                    SELECT d.id FROM webhook_deliveries d JOIN webhook_endpoints e ON e.id = d.endpoint_id
                    WHERE d.status = 'pending' AND (d.attempts = d.round_start OR d.next_attempt_at <= \(bind: nowMS))
                    AND e.disabled_at IS NULL
                    ORDER BY d.next_attempt_at, d.id
                    LIMIT \(bind: max(1, limit))
                    \(locking)
                )
                RETURNING id, attempts, round_start, endpoint_id, event_id
                """).all()
            guard !taken.isEmpty else { return [] }
            struct Taken { var id: String; var attempts: Int; var roundStart: Int; var endpointID: String; var eventID: String }
            let rows = try taken.map { row throws(StorageError) in
                let reader = RowReader(row: row, table: WebhookDelivery.table)
                return Taken(id: try reader.string("id"), attempts: try reader.int("attempts"), roundStart: try reader.int("round_start"),
                             endpointID: try reader.string("endpoint_id"), eventID: try reader.string("event_id"))
            }
            var endpoints: [String: WebhookEndpoint] = [:]
            for row in try await database.select().columns(WebhookEndpoint.columns).from(WebhookEndpoint.table)
                .where("id", .in, Array(Set(rows.map(\.endpointID)))).all() {
                let endpoint = try WebhookEndpoint(row: row)
                endpoints[endpoint.id] = endpoint
            }
            var events: [String: (type: WebhookEventType, body: String)] = [:]
            for row in try await database.select().columns("id", "type", "body").from("webhook_events")
                .where("id", .in, Array(Set(rows.map(\.eventID)))).all() {
                let reader = RowReader(row: row, table: "webhook_events")
                events[try reader.string("id")] = (
                    try reader.parsed("type", as: "an event type", WebhookEventType.init(rawValue:)), try reader.string("body")
                )
            }
            return rows.sorted { $0.id < $1.id }.compactMap { row -> DueWebhookDelivery? in
                guard let endpoint = endpoints[row.endpointID], let event = events[row.eventID] else { return nil }
                return DueWebhookDelivery(deliveryID: row.id, attempt: row.attempts, attemptInRound: row.attempts - row.roundStart,
                                          endpointID: endpoint.id, url: endpoint.url, secrets: endpoint.signingSecrets(at: now),
                                          eventID: row.eventID, eventType: event.type, body: event.body)
            }
        }
    }

    /// Records attempts and what each leads to, in one transaction of a few statements
    /// whatever their number: the attempts, their deliveries' status and next attempt (unless
    /// a later attempt of one was taken meanwhile), and each endpoint's health — working again
    /// if one of its attempts succeeded, else failing since its first failure. An endpoint
    /// whose every delivery has failed for `disableAfter`, when one of its deliveries is given
    /// up on, is disabled with the reason.
    ///
    /// An attempt whose delivery is gone by then (its endpoint or event was deleted while it
    /// ran) is dropped: there is nothing left to record it on, and the others are recorded.
    ///
    /// - Returns: The endpoints these attempts disabled (to be reported).
    @discardableResult
    public func recordWebhookAttempts(_ results: [WebhookAttemptResult], disableAfter: Duration) async throws(StorageError) -> [WebhookEndpoint] {
        guard !results.isEmpty else { return [] }
        let kind = try backend().kind
        // In one order (endpoint, then delivery), so that two instances recording at once lock
        // the rows in the same order and never deadlock.
        let sorted = results.sorted { ($0.endpointID, $0.attempt.deliveryID) < ($1.endpointID, $1.attempt.deliveryID) }
        return try await writing("recording \(results.count) webhook attempt(s)") { database, _ in
            let stored = try await Self.storedDeliveries(of: sorted, locking: kind == .postgres, in: database)
            let recordable = sorted.filter { stored.contains($0.attempt.deliveryID) }
            guard !recordable.isEmpty else { return [] }
            for chunk in recordable.chunked(into: rowsPerInsert) {
                try await database.insert(into: WebhookAttempt.table).columns(WebhookAttempt.columns).rows(chunk.map(\.attempt.rowValues))
                    .ignoringConflicts(with: ["delivery_id", "number"])
                    .run()
            }
            for chunk in recordable.chunked(into: Self.rowsPerStatement) {
                try await Self.updateDeliveries(Array(chunk), in: database)
            }
            var disabled: [WebhookEndpoint] = []
            for (endpointID, results) in Dictionary(grouping: recordable, by: \.endpointID).sorted(by: { $0.key < $1.key }) {
                if let endpoint = try await Self.updateHealth(of: endpointID, after: results, disableAfter: disableAfter, in: database) {
                    disabled.append(endpoint)
                }
            }
            return disabled
        }
    }

    /// Which of `results`' deliveries are still stored. On PostgreSQL their endpoints, then
    /// the deliveries, are locked (`FOR KEY SHARE`, what the attempts' foreign key takes anyway)
    /// until the transaction ends: a delivery cannot be deleted meanwhile and fail the
    /// attempts' insert, and a deleted endpoint (which locks its own row before its
    /// deliveries') waits for this transaction instead of deadlocking with it. On SQLite one
    /// transaction writes at a time.
    private static func storedDeliveries(of results: [WebhookAttemptResult], locking: Bool,
                                         in database: any SQLDatabase) async throws -> Set<String> {
        func select(_ ids: [String], from table: String) -> SQLSelectBuilder {
            let query = database.select().column("id").from(table).where("id", .in, ids).orderBy("id")
            return locking ? query.lockingClause(SQLRaw("FOR KEY SHARE")) : query
        }
        if locking {
            for chunk in Set(results.map(\.endpointID)).sorted().chunked(into: rowsPerStatement) {
                try await select(Array(chunk), from: WebhookEndpoint.table).run()
            }
        }
        var stored: Set<String> = []
        for chunk in Set(results.map(\.attempt.deliveryID)).sorted().chunked(into: rowsPerStatement) {
            for row in try await select(Array(chunk), from: WebhookDelivery.table).all() {
                stored.insert(try RowReader(row: row, table: WebhookDelivery.table).string("id"))
            }
        }
        return stored
    }

    /// Sets each result's delivery's status, next attempt, last answer and completion, in one
    /// statement (`-1` and `''` stand for NULL in the values, which bind no type for NULL).
    private static func updateDeliveries(_ results: [WebhookAttemptResult], in database: any SQLDatabase) async throws {
        let rows = results.map { result -> SQLQueryString in
            let attempt = result.attempt
            let (status, next): (WebhookDeliveryStatus, Int) = switch result.outcome {
            case .delivered: (.delivered, -1)
            case .retry(let date): (.pending, Milliseconds.from(date))
            case .failed: (.failed, -1)
            }
            let completed = status == .pending ? -1 : Milliseconds.from(attempt.attemptedAt)
            return "(\(bind: attempt.deliveryID), \(bind: attempt.number), \(bind: status.rawValue), \(bind: next), \(bind: attempt.statusCode ?? -1), \(bind: attempt.error ?? ""), \(bind: completed))"
        }
        try await database.raw("""
            UPDATE webhook_deliveries SET status = v.column3, next_attempt_at = NULLIF(v.column4, -1),
                last_status_code = NULLIF(v.column5, -1), last_error = NULLIF(v.column6, ''), completed_at = NULLIF(v.column7, -1)
            FROM (VALUES \(rows.joined(separator: ", "))) AS v
            WHERE webhook_deliveries.id = v.column1 AND webhook_deliveries.attempts = v.column2 AND webhook_deliveries.status = 'pending'
            """).run()
    }

    /// The endpoint's health after `results` (its attempts): working again if one succeeded;
    /// else failing since its first failure, and disabled when it has failed for
    /// `disableAfter` and a delivery was given up on.
    ///
    /// - Returns: The endpoint when it was disabled now.
    private static func updateHealth(of endpointID: String, after results: [WebhookAttemptResult], disableAfter: Duration,
                                     in database: any SQLDatabase) async throws -> WebhookEndpoint? {
        let delivered = results.filter { $0.outcome == .delivered }.map(\.attempt.attemptedAt)
        if let latest = delivered.max() {
            try await database.update(WebhookEndpoint.table)
                .set("failing_since", to: SQLLiteral.null)
                .set("last_success_at", to: Milliseconds.from(latest))
                .where("id", .equal, endpointID)
                .run()
            return nil
        }
        guard let first = results.map(\.attempt.attemptedAt).min() else { return nil }
        try await database.raw("""
            UPDATE webhook_endpoints SET failing_since = COALESCE(failing_since, \(bind: Milliseconds.from(first))) WHERE id = \(bind: endpointID)
            """).run()
        guard let last = results.filter({ $0.outcome == .failed }).max(by: { $0.attempt.attemptedAt < $1.attempt.attemptedAt })?.attempt else {
            return nil
        }
        let now = Milliseconds.from(last.attemptedAt)
        let disableBefore = Milliseconds.from(last.attemptedAt.addingTimeInterval(-disableAfter.seconds))
        let reason = "disabled after every delivery failed for \(DurationWords.text(disableAfter)); the last: \(last.summary)"
        let disabled = try await database.raw("""
            UPDATE webhook_endpoints SET disabled_at = \(bind: now), disabled_reason = \(bind: reason), updated_at = \(bind: now)
            WHERE id = \(bind: endpointID) AND disabled_at IS NULL AND failing_since <= \(bind: disableBefore)
            RETURNING \(unsafeRaw: WebhookEndpoint.columns.joined(separator: ", "))
            """).first()
        return try disabled.map { row throws(StorageError) in try WebhookEndpoint(row: row) }
    }

    /// Turns the clicks that have waited since `waitingSince` or longer into one `link.clicked`
    /// event per endpoint (all of that endpoint's waiting clicks), with its delivery, at `date`.
    ///
    /// Since an endpoint's clicks are taken all at once, and the next ones wait at least as
    /// long, each endpoint gets at most one `link.clicked` event per waiting time. On
    /// PostgreSQL each endpoint's clicks are taken by one instance (`FOR NO KEY UPDATE SKIP
    /// LOCKED` on the endpoint: it excludes another batcher, not the click writes, whose
    /// foreign key only shares the row's key).
    ///
    /// - Returns: How many events were made.
    @discardableResult
    public func batchPendingClicks(waitingSince: Date, at date: Date) async throws(StorageError) -> Int {
        let kind = try backend().kind
        let cutoff = Milliseconds.from(waitingSince)
        return try await writing("batching clicks for webhooks") { database, _ in
            let due = try await database.raw("""
                SELECT endpoint_id FROM webhook_pending_clicks GROUP BY endpoint_id HAVING MIN(first_at) <= \(bind: cutoff)
                """).all().map { try $0.decode(column: "endpoint_id", as: String.self) }
            var made = 0
            for endpointID in due.sorted() {
                if kind == .postgres {
                    let locked = try await database.raw("""
                        SELECT id FROM webhook_endpoints WHERE id = \(bind: endpointID) FOR NO KEY UPDATE SKIP LOCKED
                        """).first()
                    guard locked != nil else { continue }
                }
                let rows = try await database.raw("""
                    DELETE FROM webhook_pending_clicks WHERE endpoint_id = \(bind: endpointID)
                    RETURNING link_id, host, slug, day, platform, referrer_host, count
                    """).all()
                let clicks = try rows.map { row throws(StorageError) -> LinkClicks in
                    let reader = RowReader(row: row, table: "webhook_pending_clicks")
                    return LinkClicks(linkID: try reader.parsed("link_id", as: "a link id", LinkID.init),
                                      host: try reader.string("host"), slug: try reader.string("slug"), day: try reader.string("day"),
                                      platform: try reader.parsed("platform", as: "a platform", ClickPlatform.init(rawValue:)),
                                      referrerHost: try reader.string("referrer_host"), count: try reader.int("count"))
                }
                guard !clicks.isEmpty else { continue }
                try await self.enqueueWebhooks([.clicks(clicks, at: date)], in: database, only: endpointID)
                made += 1
            }
            return made
        }
    }

    /// The deliveries `query` selects, newest first.
    public func webhookDeliveries(_ query: WebhookDeliveryQuery) async throws(StorageError) -> [WebhookDelivery] {
        try await reading("listing webhook deliveries") { database in
            var conditions: [SQLQueryString] = ["1 = 1"]
            if let endpointID = query.endpointID { conditions.append("d.endpoint_id = \(bind: endpointID)") }
            if let status = query.status { conditions.append("d.status = \(bind: status.rawValue)") }
            if let type = query.eventType { conditions.append("v.type = \(bind: type.rawValue)") }
            if let before = query.before { conditions.append("d.id < \(bind: before)") }
            return try await database.raw("""
                \(unsafeRaw: WebhookDelivery.selectFrom)
                WHERE \(conditions.joined(separator: " AND "))
                ORDER BY d.id DESC LIMIT \(bind: min(max(query.limit, 1), 500))
                """).all().map { row throws(StorageError) in try WebhookDelivery(row: row) }
        }
    }

    /// The delivery with `id`, or `nil`.
    public func webhookDelivery(id: String) async throws(StorageError) -> WebhookDelivery? {
        try await reading("reading the webhook delivery \(id)") { database in
            try await WebhookDelivery.delivery(id: id, in: database)
        }
    }

    /// The attempts of the delivery `id`, first first.
    public func webhookAttempts(deliveryID id: String) async throws(StorageError) -> [WebhookAttempt] {
        try await reading("reading the attempts of \(id)") { database in
            try await database.select().columns(WebhookAttempt.columns).from(WebhookAttempt.table)
                .where("delivery_id", .equal, id).orderBy("number")
                .all().map { row throws(StorageError) in try WebhookAttempt(row: row) }
        }
    }

    /// The JSON body of the event `id` (what its deliveries send), or `nil`.
    public func webhookEventBody(id: String) async throws(StorageError) -> String? {
        try await reading("reading the webhook event \(id)") { database in
            try await database.select().column("body").from("webhook_events").where("id", .equal, id).first()
                .map { try $0.decode(column: "body", as: String.self) }
        }
    }

    /// Starts a new round of attempts of the delivery `id`, due at `date`, if it is delivered
    /// or failed (a pending delivery is left as it is: it is being attempted or will be).
    ///
    /// - Returns: The delivery as it is now, or `nil` when no delivery has `id`.
    public func redeliverWebhook(id: String, at date: Date) async throws(StorageError) -> WebhookDelivery? {
        let now = Milliseconds.from(date)
        return try await writing("redelivering \(id)") { database, _ in
            try await database.raw("""
                UPDATE webhook_deliveries SET status = 'pending', next_attempt_at = \(bind: now), round_start = attempts, completed_at = NULL
                WHERE id = \(bind: id) AND status <> 'pending'
                """).run()
            return try await WebhookDelivery.delivery(id: id, in: database)
        }
    }

    /// Starts a new round of attempts, due at `date`, of every failed delivery of the endpoint
    /// `endpointID` created at or after `since` (after a receiver's outage).
    ///
    /// - Returns: How many deliveries were queued again.
    public func redeliverFailedWebhooks(endpointID: String, since: Date, at date: Date) async throws(StorageError) -> Int {
        let now = Milliseconds.from(date)
        return try await writing("redelivering the failed deliveries of \(endpointID)") { database, _ in
            try await database.raw("""
                UPDATE webhook_deliveries SET status = 'pending', next_attempt_at = \(bind: now), round_start = attempts, completed_at = NULL
                WHERE endpoint_id = \(bind: endpointID) AND status = 'failed' AND created_at >= \(bind: Milliseconds.from(since))
                RETURNING id
                """).all().count
        }
    }

    /// Deletes the deliveries completed (delivered or failed) before `before`, with their
    /// attempts, then the events no delivery is left of that happened before it; and forgets
    /// previous secrets past their day. Deliveries and events go at most `batchSize` per
    /// statement, each its own transaction.
    ///
    /// - Returns: How many deliveries were deleted.
    @discardableResult
    public func purgeWebhookHistory(completedBefore before: Date, now: Date,
                                    batchSize: Int = retentionBatchSize) async throws(StorageError) -> Int {
        let cutoff = Milliseconds.from(before)
        // `completed_at < cutoff` leaves out the deliveries still pending (NULL).
        let deleted = try await purgeInBatches("purging webhook deliveries", table: "webhook_deliveries", key: ["id"],
                                               column: "completed_at", before: cutoff, batchSize: batchSize)
        _ = try await purgeInBatches("purging webhook events", table: "webhook_events", key: ["id"], column: "occurred_at", before: cutoff,
                                     where: "NOT EXISTS (SELECT 1 FROM webhook_deliveries d WHERE d.event_id = webhook_events.id)",
                                     batchSize: batchSize)
        try await writing("forgetting expired previous webhook secrets") { database, _ in
            try await database.raw("""
                UPDATE webhook_endpoints SET previous_secret = NULL, previous_secret_expires_at = NULL
                WHERE previous_secret_expires_at IS NOT NULL AND previous_secret_expires_at <= \(bind: Milliseconds.from(now))
                """).run()
        }
        return deleted
    }
}

/// An attempt, what it leads to, and its endpoint, for ``Storage/recordWebhookAttempts(_:disableAfter:)``.
public struct WebhookAttemptResult: Sendable, Hashable {
    public var attempt: WebhookAttempt
    public var outcome: WebhookAttemptOutcome
    public var endpointID: String

    public init(attempt: WebhookAttempt, outcome: WebhookAttemptOutcome, endpointID: String) {
        self.attempt = attempt
        self.outcome = outcome
        self.endpointID = endpointID
    }
}

/// Which deliveries ``Storage/webhookDeliveries(_:)`` lists.
public struct WebhookDeliveryQuery: Sendable, Hashable {
    public var endpointID: String?
    public var status: WebhookDeliveryStatus?
    public var eventType: WebhookEventType?
    /// Only deliveries older than this one (the last of the previous page).
    public var before: String?
    /// At most this many (1...500).
    public var limit: Int

    public init(endpointID: String? = nil, status: WebhookDeliveryStatus? = nil, eventType: WebhookEventType? = nil,
                before: String? = nil, limit: Int = 50) {
        self.endpointID = endpointID
        self.status = status
        self.eventType = eventType
        self.before = before
        self.limit = limit
    }
}

extension WebhookAttempt {
    /// `HTTP 500` or the error, for a reason.
    var summary: String {
        if let statusCode { return "HTTP \(statusCode)" }
        return error ?? "no answer"
    }
}

extension Duration {
    /// The duration in seconds.
    var seconds: Double {
        let (seconds, attoseconds) = components
        return Double(seconds) + Double(attoseconds) / 1e18
    }
}

/// A duration in words for messages: `5 days`, `36 hours`, `90 minutes`, `30 seconds`.
enum DurationWords {
    static func text(_ duration: Duration) -> String {
        let seconds = Int(duration.seconds.rounded())
        for (unit, size) in [("day", 86_400), ("hour", 3_600), ("minute", 60)] where seconds >= size && seconds % size == 0 {
            return "\(seconds / size) \(unit)\(seconds / size == 1 ? "" : "s")"
        }
        return "\(seconds) second\(seconds == 1 ? "" : "s")"
    }
}

extension Storage {
    /// Every stored event as (id, type, body), oldest first (tests).
    func storedWebhookEvents() async throws(StorageError) -> [(id: String, type: String, body: String)] {
        try await reading("reading webhook events") { database in
            try await database.select().columns("id", "type", "body").from("webhook_events").orderBy("occurred_at").orderBy("id").all().map {
                (try $0.decode(column: "id", as: String.self), try $0.decode(column: "type", as: String.self),
                 try $0.decode(column: "body", as: String.self))
            }
        }
    }
}
