import ArgumentParser
import Foundation
import LandfallJSON
import LandfallStorage
import LandfallWebhooks

/// `landfall webhooks test ID [--wait SECONDS]`: queues a `webhook.test` event for one endpoint.
struct WebhooksTestCommand: AsyncReportingCommand {
    static let configuration = CommandConfiguration(
        commandName: "test",
        abstract: "Send a webhook.test event to one endpoint, and with --wait, say how it went.",
        discussion: """
            Queues a webhook.test event for the endpoint (and no other) and prints the delivery's \
            id. A running `landfall serve` on the same database delivers it within seconds, \
            signed like every event; its data is {"endpointID", "message"}. The endpoint must \
            be enabled.

            With --wait SECONDS, waits until the delivery is delivered or failed (or the time \
            runs out) and prints every attempt: its HTTP status, duration, error and the start \
            of the answer. Exit status 1 when it was not delivered in that time (a failing \
            delivery is retried for about a day: `landfall webhooks deliveries --delivery ID` \
            shows it later).

            With --format json: the delivery as the API writes it (with --wait, as it ended, \
            with its "attempts").

            Examples:
              landfall webhooks test wh_4Jd8Kq2LmN5pR7sT
              landfall webhooks test wh_4Jd8Kq2LmN5pR7sT --wait 30
            """
    )

    /// The longest --wait accepted, in seconds.
    static let maximumWait = 600

    @Argument(help: ArgumentHelp("The endpoint's id (wh_…).", valueName: "id"))
    var id: String

    @Option(help: ArgumentHelp("Wait this long (1-\(maximumWait) s) for the delivery to end, and print how it went.", valueName: "seconds"))
    var wait: Int?

    @OptionGroup var output: OutputFormatOptions

    @OptionGroup var storage: StorageOptions

    func validate() throws {
        if let problem = WebhookCommandSupport.endpointIDProblem(id, option: "ID") { throw ValidationError(problem) }
        if let wait, !(1...Self.maximumWait).contains(wait) {
            throw ValidationError("--wait must be a number of seconds from 1 to \(Self.maximumWait); it is \(wait)")
        }
    }

    /// How often the delivery is read while waiting.
    static let pollInterval: Duration = .milliseconds(250)

    func execute(in context: CommandContext) async -> CommandOutput {
        var result = CommandOutput()
        let id = self.id
        let wait = self.wait
        guard let (queued, ended, attempts) = await WebhookCommandSupport.withStorage(storage, in: context, into: &result, {
            storage -> (WebhookDelivery, WebhookDelivery?, [WebhookAttempt]) in
            guard let endpoint = try await storage.webhookEndpoint(id: id) else { throw WebhookCommandSupport.unknownEndpoint(id) }
            guard endpoint.isEnabled else {
                throw WebhookCommandSupport.Failure(message: """
                    the webhook endpoint \(id) is disabled (\(TerminalText.visible(endpoint.disabledReason ?? "no reason given"))); \
                    enable it first with `landfall webhooks enable \(id)`
                    """, status: .problemsFound)
            }
            guard let queued = try await storage.enqueueTest(WebhookEvent.test(endpointID: id, at: Date()), for: id) else {
                throw WebhookCommandSupport.Failure(message: "the webhook endpoint \(id) was disabled or removed meanwhile", status: .problemsFound)
            }
            guard let wait else { return (queued, nil, []) }
            let deadline = ContinuousClock.now + .seconds(wait)
            var delivery = queued
            while delivery.status == .pending, ContinuousClock.now < deadline {
                try await Task.sleep(for: Self.pollInterval)
                delivery = try await storage.webhookDelivery(id: queued.id) ?? delivery
            }
            return (queued, delivery, try await storage.webhookAttempts(deliveryID: queued.id))
        }) else { return result }
        guard let ended else {
            switch output.format {
            case .json: result.standardOutput = JSONWriter.pretty.string(for: queued.json)
            case .text: result.print(queued.id)
            }
            result.printError("""
                Queued a webhook.test event for \(id) (delivery \(queued.id), printed above); a running `landfall serve` on this database delivers it within seconds.
                See how it went with:  landfall webhooks deliveries --delivery \(queued.id)
                """)
            return result
        }
        switch output.format {
        case .json:
            result.standardOutput = JSONWriter.pretty.string(for: WebhooksDeliveriesCommand.json(ended, attempts: attempts, payload: nil))
        case .text:
            result.print(ended.id)
        }
        let tried = attempts.isEmpty ? "" : ":\n" + attempts.map { "  " + WebhookCommandSupport.line($0) }.joined(separator: "\n")
        let count = attempts.count == 1 ? "1 attempt" : "\(attempts.count) attempts"
        switch ended.status {
        case .delivered:
            result.printError("Delivered the webhook.test event to \(id) after \(count)\(tried)")
        case .failed:
            result.printError("The webhook.test delivery to \(id) failed after \(count)\(tried)")
            result.raise(to: .problemsFound)
        case .pending:
            let retry = ended.nextAttemptAt.map { "; the next attempt is due at \(WebhookCommandSupport.time($0))" } ?? ""
            let why = attempts.isEmpty ? " (is `landfall serve` running on this database?)" : retry
            result.printError("The webhook.test delivery to \(id) is still pending after \(wait ?? 0) s, with \(count)\(why)\(tried)")
            result.raise(to: .problemsFound)
        }
        return result
    }
}
