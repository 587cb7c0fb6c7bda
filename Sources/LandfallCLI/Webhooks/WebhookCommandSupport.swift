import ArgumentParser
import Foundation
import LandfallStorage
import LandfallWebhooks

/// `--status pending|delivered|failed`.
extension WebhookDeliveryStatus: ExpressibleByArgument {}

/// `--type link.created`: ArgumentParser reads an event type by its name and lists them all in
/// help and in the error for anything else.
extension WebhookEventType: ExpressibleByArgument {}

/// What the `webhooks` commands share: how they name times, endpoints' states and deliveries,
/// and how they report an id that names nothing.
enum WebhookCommandSupport {
    /// A problem a `webhooks` command reports: its message and exit status.
    typealias Failure = CommandFailure

    /// `2026-11-21 17:30 UTC`.
    static func time(_ date: Date) -> String {
        KeysListCommand.text(date) + " UTC"
    }

    /// `enabled`, `failing since 2026-11-21 17:30 UTC`, or `disabled: <reason>`.
    static func state(of endpoint: WebhookEndpoint) -> String {
        if endpoint.disabledAt != nil {
            return "disabled: " + (endpoint.disabledReason ?? "no reason given")
        }
        if let failingSince = endpoint.failingSince {
            return "failing since " + time(failingSince)
        }
        return "enabled"
    }

    /// The events an endpoint wants, comma-separated (`*` for all).
    static func events(of endpoint: WebhookEndpoint) -> String {
        endpoint.events.names.joined(separator: ",")
    }

    /// The refusal of an endpoint id that has not the form `wh_` and 16 letters and digits, or `nil`.
    static func endpointIDProblem(_ id: String, option: String) -> String? {
        guard !WebhookEndpoint.isID(id) else { return nil }
        return "\(option) must be an endpoint id: wh_ and 16 letters and digits, as `landfall webhooks list` shows them; '\(TerminalText.visible(id))' is not"
    }

    /// The refusal of a delivery id that has not the form `dlv_` and 32 hexadecimal digits, or `nil`.
    static func deliveryIDProblem(_ id: String, option: String) -> String? {
        guard !WebhookDelivery.isID(id) else { return nil }
        return "\(option) must be a delivery id: dlv_ and 32 hexadecimal digits, as `landfall webhooks deliveries` shows them; '\(TerminalText.visible(id))' is not"
    }

    /// The failure for an endpoint id nobody has.
    static func unknownEndpoint(_ id: String) -> Failure {
        Failure(message: "no webhook endpoint has the id '\(TerminalText.visible(id))'; `landfall webhooks list` shows them", status: .problemsFound)
    }

    /// The failure for a delivery id nobody has.
    static func unknownDelivery(_ id: String) -> Failure {
        Failure(message: "no webhook delivery has the id '\(TerminalText.visible(id))'; `landfall webhooks deliveries` shows them (delivered and failed ones are kept for webhooks.keepDeliveries, 30 days by default)",
                status: .problemsFound)
    }

    /// Opens the storage, runs `body` with it, and reports a ``Failure`` it throws into `output`;
    /// `nil` when `body` did not finish.
    static func withStorage<Result>(_ options: StorageOptions, mustExist: Bool = true, in context: CommandContext,
                                    into output: inout CommandOutput,
                                    _ body: (Storage) async throws -> Result) async -> Result? {
        await options.withStorage(in: context, mustExist: mustExist, into: &output, body)
    }

    /// A delivery's last outcome in a few words: `200`, `500: …`, the error, or `-`.
    static func lastOutcome(of delivery: WebhookDelivery) -> String {
        switch (delivery.lastStatusCode, delivery.lastError) {
        case (let code?, let error?): "\(code): \(error)"
        case (let code?, nil): "\(code)"
        case (nil, let error?): error
        case (nil, nil): "-"
        }
    }

    /// An attempt in one line: `#1  2026-11-21 17:30 UTC  200  35 ms  ok`.
    static func line(_ attempt: WebhookAttempt) -> String {
        var parts = ["#\(attempt.number)", time(attempt.attemptedAt), attempt.statusCode.map { "HTTP \($0)" } ?? "no answer",
                     "\(attempt.durationMilliseconds) ms"]
        if let error = attempt.error { parts.append(error) }
        let excerpt = attempt.responseExcerpt.split(whereSeparator: \.isNewline).joined(separator: " ")
        if !excerpt.isEmpty {
            parts.append("answer: " + (excerpt.count > 120 ? String(excerpt.prefix(120)) + "…" : excerpt))
        }
        return TerminalText.visible(parts.joined(separator: "  "))
    }
}
