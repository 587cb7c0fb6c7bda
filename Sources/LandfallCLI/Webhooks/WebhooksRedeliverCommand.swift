import ArgumentParser
import Foundation
import LandfallJSON
import LandfallLinks
import LandfallStorage

/// `landfall webhooks redeliver DLV_ID`, or `--endpoint ID --failed [--since TIME]`: a new
/// round of attempts.
struct WebhooksRedeliverCommand: AsyncReportingCommand {
    static let configuration = CommandConfiguration(
        commandName: "redeliver",
        abstract: "Deliver again: one delivery, or every failed delivery of an endpoint since a time.",
        discussion: """
            Starts a new round of attempts (with the retry schedule's backoff, about a day) of a \
            delivered or failed delivery, due now: a running `landfall serve` sends it within \
            seconds, with the same webhook-id, so a receiver that keeps the ids it has seen \
            handles it once. A pending delivery is left as it is (it is being attempted).

            --endpoint ID --failed queues again every failed delivery of the endpoint made \
            since --since (an RFC 3339 time such as 2026-11-20T00:00:00Z, or a day such as \
            2026-11-20; the last \(defaultSinceDays) days without it): after a receiver's outage.

            Examples:
              landfall webhooks redeliver dlv_019ac1e2a3b47c5d8e9f0a1b2c3d4e5f
              landfall webhooks redeliver --endpoint wh_4Jd8Kq2LmN5pR7sT --failed
              landfall webhooks redeliver --endpoint wh_4Jd8Kq2LmN5pR7sT --failed --since 2026-11-20T00:00:00Z
            """
    )

    /// How far back `--failed` looks without `--since`.
    static let defaultSinceDays = 7

    @Argument(help: ArgumentHelp("The delivery to send again (dlv_…).", valueName: "delivery-id"))
    var delivery: String?

    @Option(help: ArgumentHelp("The endpoint whose failed deliveries to send again (wh_…), with --failed.", valueName: "id"))
    var endpoint: String?

    @Flag(help: "Send again every failed delivery of --endpoint (made since --since).")
    var failed = false

    @Option(help: ArgumentHelp("With --failed: only deliveries made at or after this time (default: \(defaultSinceDays) days ago).", valueName: "time"))
    var since: String?

    @OptionGroup var output: OutputFormatOptions

    @OptionGroup var storage: StorageOptions

    func validate() throws {
        switch (delivery, endpoint) {
        case (let delivery?, nil):
            if let problem = WebhookCommandSupport.deliveryIDProblem(delivery, option: "DELIVERY-ID") { throw ValidationError(problem) }
            if failed || since != nil {
                throw ValidationError("--failed and --since go with --endpoint ID; to send one delivery again, give its id alone")
            }
        case (nil, let endpoint?):
            if let problem = WebhookCommandSupport.endpointIDProblem(endpoint, option: "--endpoint") { throw ValidationError(problem) }
            guard failed else {
                throw ValidationError("--endpoint sends again the endpoint's failed deliveries: add --failed (and --since TIME to go further back than \(Self.defaultSinceDays) days)")
            }
            _ = try sinceDate(now: Date())
        case (nil, nil):
            throw ValidationError("give a delivery's id (dlv_…), or --endpoint ID --failed for every failed delivery of an endpoint")
        case (_?, _?):
            throw ValidationError("give a delivery's id or --endpoint ID --failed, not both")
        }
    }

    /// The start of `--failed`'s window.
    func sinceDate(now: Date) throws(ValidationError) -> Date {
        guard let since else { return now.addingTimeInterval(-Double(Self.defaultSinceDays) * 86_400) }
        guard let date = InvitesCreateCommand.date(since) else {
            throw ValidationError("--since must be an RFC 3339 time such as 2026-11-20T00:00:00Z, or a day such as 2026-11-20; '\(TerminalText.visible(since))' is neither")
        }
        return date
    }

    func execute(in context: CommandContext) async -> CommandOutput {
        var result = CommandOutput()
        let now = Date()
        if let id = delivery {
            guard let (before, after) = await WebhookCommandSupport.withStorage(storage, in: context, into: &result, { storage in
                guard let before = try await storage.webhookDelivery(id: id),
                      let after = try await storage.redeliverWebhook(id: id, at: now) else { throw WebhookCommandSupport.unknownDelivery(id) }
                return (before, after)
            }) else { return result }
            switch output.format {
            case .json: result.standardOutput = JSONWriter.pretty.string(for: .object([("delivery", after.json)]))
            case .text:
                if before.status == .pending {
                    result.print("\(id) is still pending (attempt \(before.attempts) so far): it is delivered without being asked again.")
                } else {
                    result.print("Queued \(id) (\(after.eventType.rawValue), \(before.status.rawValue) before) for a new round of attempts; a running `landfall serve` sends it within seconds.")
                }
            }
            return result
        }
        guard let endpointID = endpoint else { return result }
        let since: Date
        do {
            since = try sinceDate(now: now)
        } catch {
            result.fail(error.message, status: .usageOrInputError)
            return result
        }
        guard let count = await WebhookCommandSupport.withStorage(storage, in: context, into: &result, { storage in
            guard try await storage.webhookEndpoint(id: endpointID) != nil else { throw WebhookCommandSupport.unknownEndpoint(endpointID) }
            return try await storage.redeliverFailedWebhooks(endpointID: endpointID, since: since, at: now)
        }) else { return result }
        switch output.format {
        case .json:
            result.standardOutput = JSONWriter.pretty.string(for: .object([("endpointID", .string(endpointID)), ("since", .string(APITime.string(since))),
                                                                           ("queued", .integer(count))]))
        case .text:
            let deliveries = count == 1 ? "1 failed delivery" : "\(count) failed deliveries"
            result.print("Queued \(deliveries) of \(endpointID) made since \(WebhookCommandSupport.time(since)) for a new round of attempts.")
        }
        return result
    }
}
