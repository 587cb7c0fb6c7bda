import Foundation
import LandfallJSON
import LandfallStorage
import LandfallWebhooks

/// What the webhook pages show of an endpoint, a delivery and an attempt, as template values;
/// every time in UTC (``DashboardTime``).
enum WebhookPageValues {
    /// An endpoint: `id`, `url`, `events` (`All events` or the types), `description`, its state
    /// (`enabled`, or `disabled` with `disabledReason`), `failingSince` (a warning) and
    /// `lastSuccess`.
    static func endpoint(_ endpoint: WebhookEndpoint, now: Date) -> [String: Any] {
        var row: [String: Any] = [
            "id": endpoint.id, "url": endpoint.url, "path": path(of: endpoint),
            "events": endpoint.events == .all ? ["All events"] : endpoint.events.names,
            "description": endpoint.description,
            "created": DashboardTime.minute(endpoint.createdAt),
            "lastSuccess": endpoint.lastSuccessAt.map { "\(DashboardTime.minute($0)) (\(DashboardTime.relative($0, from: now)))" } ?? "never",
        ]
        if let disabledAt = endpoint.disabledAt {
            row["disabled"] = DashboardTime.minute(disabledAt)
            row["disabledReason"] = endpoint.disabledReason ?? "no reason given"
        } else {
            row["enabled"] = true
        }
        if let failingSince = endpoint.failingSince {
            row["failingSince"] = "\(DashboardTime.minute(failingSince)) (\(DashboardTime.relative(failingSince, from: now)))"
        }
        if let expiry = endpoint.previousSecretExpiresAt, expiry > now {
            row["previousSecretUntil"] = DashboardTime.minute(expiry)
        }
        return row
    }

    /// A delivery as a row: `id`, `path`, `created`, `eventType`, `status` with its badge class,
    /// `attempts`, and `outcome` (the last status code or error).
    static func delivery(_ delivery: WebhookDelivery, now: Date) -> [String: Any] {
        var row: [String: Any] = [
            "id": delivery.id, "path": path(of: delivery), "created": DashboardTime.second(delivery.createdAt),
            "eventID": delivery.eventID, "eventType": delivery.eventType.rawValue,
            "status": delivery.status.rawValue, "statusClass": statusClass(delivery.status),
            "attempts": delivery.attempts, "outcome": outcome(statusCode: delivery.lastStatusCode, error: delivery.lastError),
            "endpointPath": "/webhooks/\(delivery.endpointID)", "endpointID": delivery.endpointID,
        ]
        if let next = delivery.nextAttemptAt, delivery.status == .pending {
            row["nextAttempt"] = "\(DashboardTime.second(next)) (\(DashboardTime.relative(next, from: now)))"
        }
        if let completed = delivery.completedAt { row["completed"] = DashboardTime.second(completed) }
        if delivery.status != .pending { row["redeliverable"] = true }
        return row
    }

    /// An attempt: `number`, `at`, `duration`, `statusCode`, `error`, `excerpt`, `succeeded`.
    static func attempt(_ attempt: WebhookAttempt) -> [String: Any] {
        var row: [String: Any] = [
            "number": attempt.number, "at": DashboardTime.second(attempt.attemptedAt),
            "duration": "\(attempt.durationMilliseconds) ms", "excerpt": attempt.responseExcerpt,
            "outcome": outcome(statusCode: attempt.statusCode, error: attempt.error),
            "statusClass": attempt.succeeded ? "good" : "bad", "result": attempt.succeeded ? "delivered" : "failed",
        ]
        if attempt.responseExcerpt.isEmpty { row["noExcerpt"] = true }
        return row
    }

    /// The event's JSON indented, or the text as stored when it is not JSON.
    static func prettyPayload(_ body: String) -> String {
        guard let value = try? JSONValue.parse(body) else { return body }
        return JSONWriter.pretty.string(for: value)
    }

    /// `HTTP 500`, `HTTP 200`, the error, or both; `none yet` before any attempt.
    static func outcome(statusCode: Int?, error: String?) -> String {
        switch (statusCode, error) {
        case (let code?, let error?): "HTTP \(code): \(error)"
        case (let code?, nil): "HTTP \(code)"
        case (nil, let error?): error
        case (nil, nil): "none yet"
        }
    }

    /// The badge class of a status: delivered good, failed bad, pending plain.
    static func statusClass(_ status: WebhookDeliveryStatus) -> String {
        switch status {
        case .delivered: "good"
        case .failed: "bad"
        case .pending: ""
        }
    }

    /// The page of an endpoint.
    static func path(of endpoint: WebhookEndpoint) -> String {
        "/webhooks/\(endpoint.id)"
    }

    /// The page of a delivery.
    static func path(of delivery: WebhookDelivery) -> String {
        "/webhooks/deliveries/\(delivery.id)"
    }

    /// What the audit log says an endpoint is: its URL and id.
    static func subject(_ endpoint: WebhookEndpoint) -> String {
        "\(endpoint.url) (\(endpoint.id))"
    }
}
