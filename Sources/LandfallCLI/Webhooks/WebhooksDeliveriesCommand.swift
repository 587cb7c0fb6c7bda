import ArgumentParser
import Foundation
import LandfallJSON
import LandfallStorage
import LandfallWebhooks

/// `landfall webhooks deliveries [ID] [--status …] [--type …] [--limit N]`, or
/// `--delivery DLV_ID`: the deliveries, newest first, or one with its attempts and payload.
struct WebhooksDeliveriesCommand: AsyncReportingCommand {
    static let configuration = CommandConfiguration(
        commandName: "deliveries",
        abstract: "List webhook deliveries, newest first, or show one with every attempt and its payload.",
        discussion: """
            A delivery is one event for one endpoint: pending (waiting for its next attempt), \
            delivered (an attempt got a 2xx answer) or failed (every attempt of its round \
            failed; `landfall webhooks redeliver` tries again). Prints a table: the delivery's \
            id, when it was made, its event type, status, attempts and the last attempt's HTTP \
            status or error. ID keeps one endpoint's; --status and --type filter.

            --delivery DLV_ID shows one delivery: its fields, every attempt (time, HTTP status, \
            duration, error, the first KB of the answer) and the payload sent, as pretty JSON.

            Delivered and failed deliveries are kept for webhooks.keepDeliveries (30 days by \
            default). With --format json: {"deliveries": [...]} as the API writes them, or for \
            --delivery the delivery with its "attempts" and "payload".

            Examples:
              landfall webhooks deliveries
              landfall webhooks deliveries wh_4Jd8Kq2LmN5pR7sT --status failed --limit 10
              landfall webhooks deliveries --type link.created --format json
              landfall webhooks deliveries --delivery dlv_019ac1e2a3b47c5d8e9f0a1b2c3d4e5f
            """
    )

    /// The most deliveries listed at once.
    static let limits = 1...500

    @Argument(help: ArgumentHelp("Only this endpoint's deliveries (wh_…).", valueName: "id"))
    var endpoint: String?

    @Option(help: "Only deliveries with this status.")
    var status: WebhookDeliveryStatus?

    @Option(help: ArgumentHelp("Only deliveries of this event type, such as link.created.", valueName: "type"))
    var type: WebhookEventType?

    @Option(help: ArgumentHelp("How many deliveries at most (\(limits.lowerBound)-\(limits.upperBound)).", valueName: "n"))
    var limit = 50

    @Option(help: ArgumentHelp("Show this delivery (dlv_…) with every attempt and its payload, instead of a list.", valueName: "delivery-id"))
    var delivery: String?

    @OptionGroup var output: OutputFormatOptions

    @OptionGroup var storage: StorageOptions

    func validate() throws {
        if let endpoint, let problem = WebhookCommandSupport.endpointIDProblem(endpoint, option: "ID") { throw ValidationError(problem) }
        guard Self.limits.contains(limit) else {
            throw ValidationError("--limit must be from \(Self.limits.lowerBound) to \(Self.limits.upperBound); it is \(limit)")
        }
        if let delivery {
            if let problem = WebhookCommandSupport.deliveryIDProblem(delivery, option: "--delivery") { throw ValidationError(problem) }
            if endpoint != nil || status != nil || type != nil {
                throw ValidationError("--delivery shows one delivery: give it without ID, --status or --type (those filter the list)")
            }
        }
    }

    func execute(in context: CommandContext) async -> CommandOutput {
        if let delivery { return await show(delivery, in: context) }
        var result = CommandOutput()
        let query = WebhookDeliveryQuery(endpointID: endpoint, status: status, eventType: type, limit: limit)
        let endpointID = endpoint
        guard let deliveries = await WebhookCommandSupport.withStorage(storage, in: context, into: &result, { storage in
            if let endpointID, try await storage.webhookEndpoint(id: endpointID) == nil {
                throw WebhookCommandSupport.unknownEndpoint(endpointID)
            }
            return try await storage.webhookDeliveries(query)
        }) else { return result }
        switch output.format {
        case .json:
            result.standardOutput = JSONWriter.pretty.string(for: .object([("deliveries", .array(deliveries.map(\.json)))]))
        case .text:
            guard !deliveries.isEmpty else {
                result.printError("No deliveries match; `landfall webhooks test ID` sends one.")
                return result
            }
            let rows = [["DELIVERY", "CREATED (UTC)", "ENDPOINT", "EVENT", "STATUS", "ATTEMPTS", "LAST"]] + deliveries.map { delivery in
                [delivery.id, KeysListCommand.text(delivery.createdAt), delivery.endpointID, delivery.eventType.rawValue,
                 delivery.status.rawValue, "\(delivery.attempts)", WebhookCommandSupport.lastOutcome(of: delivery)]
            }
            let style = context.style
            for (index, var line) in TextTable.lines(rows).enumerated() {
                if index == 0 { line = style.paint(line, .bold) }
                result.print(line)
            }
        }
        return result
    }

    /// `--delivery DLV_ID`: one delivery, its attempts and payload.
    func show(_ id: String, in context: CommandContext) async -> CommandOutput {
        var result = CommandOutput()
        guard let (delivery, attempts, body) = await WebhookCommandSupport.withStorage(storage, in: context, into: &result, { storage in
            guard let delivery = try await storage.webhookDelivery(id: id) else { throw WebhookCommandSupport.unknownDelivery(id) }
            return (delivery, try await storage.webhookAttempts(deliveryID: id), try await storage.webhookEventBody(id: delivery.eventID))
        }) else { return result }
        let payload = body.flatMap { try? JSONValue.parse($0) }
        switch output.format {
        case .json:
            result.standardOutput = JSONWriter.pretty.string(for: Self.json(delivery, attempts: attempts, payload: payload ?? .null))
        case .text:
            var rows: [[String]] = [
                ["Delivery", delivery.id], ["Endpoint", delivery.endpointID], ["Event", "\(delivery.eventID) (\(delivery.eventType.rawValue))"],
                ["Status", delivery.status.rawValue], ["Created", WebhookCommandSupport.time(delivery.createdAt)],
                ["Attempts", "\(delivery.attempts)"],
            ]
            if delivery.status == .pending, let next = delivery.nextAttemptAt { rows.append(["Next attempt", WebhookCommandSupport.time(next)]) }
            if let completed = delivery.completedAt { rows.append([delivery.status == .delivered ? "Delivered" : "Failed", WebhookCommandSupport.time(completed)]) }
            for line in TextTable.lines(rows.map { [$0[0] + ":", $0[1]] }) { result.print(line) }
            result.print()
            if attempts.isEmpty {
                result.print("No attempts yet.")
            } else {
                result.print("Attempts:")
                for attempt in attempts {
                    var line = "  #\(attempt.number)  \(WebhookCommandSupport.time(attempt.attemptedAt))  "
                        + (attempt.statusCode.map { "HTTP \($0)" } ?? "no answer") + "  \(attempt.durationMilliseconds) ms"
                    if let error = attempt.error { line += "  " + error }
                    result.print(TerminalText.visible(line))
                    if !attempt.responseExcerpt.isEmpty {
                        for answerLine in attempt.responseExcerpt.split(separator: "\n", omittingEmptySubsequences: false) {
                            result.print("      | " + TerminalText.visible(String(answerLine)))
                        }
                    }
                }
            }
            result.print()
            result.print("Payload:")
            let text = payload.map { JSONWriter.pretty.string(for: $0) } ?? body ?? "(the event is no longer stored)"
            for line in text.split(separator: "\n", omittingEmptySubsequences: false).dropLast(text.hasSuffix("\n") ? 1 : 0) {
                result.print(TerminalText.visible(String(line)))
            }
        }
        return result
    }

    /// A delivery as `GET /v1/webhooks/deliveries/{id}` answers it: its JSON with `attempts`
    /// the list of its attempts (instead of their number, so that no key is written twice),
    /// and (when given) the `payload` sent.
    static func json(_ delivery: WebhookDelivery, attempts: [WebhookAttempt], payload: JSONValue?) -> JSONValue {
        guard var members = delivery.json.objectMembers else { return delivery.json }
        members.removeAll { $0.key == "attempts" }
        members.append(JSONMember(key: "attempts", value: .array(attempts.map(\.json))))
        if let payload { members.append(JSONMember(key: "payload", value: payload)) }
        return JSONValue(.object(members))
    }
}
