import ArgumentParser
import Foundation
import LandfallStorage

/// `landfall webhooks disable ID`: no more deliveries until enabled.
struct WebhooksDisableCommand: AsyncReportingCommand {
    static let configuration = CommandConfiguration(
        commandName: "disable",
        abstract: "Disable a webhook endpoint: nothing is sent to it until it is enabled again.",
        discussion: """
            While disabled, no new event is queued for the endpoint and its pending deliveries \
            wait. `landfall webhooks list` shows it disabled, with the reason "\(reason)". \
            Its history is kept (`remove` deletes it).

            Exit status: 0 when it is disabled (or already was), 1 when no endpoint has this id.

            Examples:
              landfall webhooks disable wh_4Jd8Kq2LmN5pR7sT
            """
    )

    /// The reason recorded.
    static let reason = "disabled from the command line"

    @Argument(help: ArgumentHelp("The endpoint's id (wh_…).", valueName: "id"))
    var id: String

    @OptionGroup var storage: StorageOptions

    func validate() throws {
        if let problem = WebhookCommandSupport.endpointIDProblem(id, option: "ID") { throw ValidationError(problem) }
    }

    func execute(in context: CommandContext) async -> CommandOutput {
        await WebhookStateChange.run(enabled: false, id: id, storage: storage, in: context)
    }
}

/// What `enable` and `disable` share.
enum WebhookStateChange {
    static func run(enabled: Bool, id: String, storage: StorageOptions, in context: CommandContext) async -> CommandOutput {
        var result = CommandOutput()
        let now = Date()
        guard let (before, after) = await WebhookCommandSupport.withStorage(storage, in: context, into: &result, { storage in
            guard let before = try await storage.webhookEndpoint(id: id) else { throw WebhookCommandSupport.unknownEndpoint(id) }
            guard before.isEnabled != enabled else { return (before, before) }
            guard let after = try await storage.updateWebhookEndpoint(id: id, at: now, { endpoint in
                if enabled {
                    endpoint.disabledAt = nil
                    endpoint.disabledReason = nil
                } else if endpoint.disabledAt == nil {
                    endpoint.disabledAt = now
                    endpoint.disabledReason = WebhooksDisableCommand.reason
                }
            }) else { throw WebhookCommandSupport.unknownEndpoint(id) }
            return (before, after)
        }) else { return result }
        let name = "\(after.id) (\(TerminalText.visible(after.url)))"
        switch (before.isEnabled, after.isEnabled) {
        case (true, true): result.print("\(name) was already enabled.")
        case (false, false) where !enabled:
            result.print("\(name) was already disabled: \(TerminalText.visible(after.disabledReason ?? "no reason given")).")
        case (_, false): result.print("\(name) is disabled: nothing is sent to it until `landfall webhooks enable \(after.id)`.")
        case (false, true): result.print("\(name) is enabled: new events are queued for it, and its pending deliveries are sent.")
        }
        return result
    }
}
