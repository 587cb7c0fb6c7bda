import ArgumentParser
import Foundation
import LandfallStorage

/// `landfall webhooks remove ID`: deletes an endpoint with its deliveries.
struct WebhooksRemoveCommand: AsyncReportingCommand {
    static let configuration = CommandConfiguration(
        commandName: "remove",
        abstract: "Remove a webhook endpoint, with its deliveries and their attempts.",
        discussion: """
            ID is the endpoint's id, as `landfall webhooks list` shows it. Nothing more is sent \
            to it, not even deliveries being retried; its history is deleted. To stop deliveries \
            but keep the history, `landfall webhooks disable ID` instead.

            Exit status: 0 when it was removed, 1 when no endpoint has this id, 2 for a usage \
            error or a database that cannot be opened.

            Examples:
              landfall webhooks remove wh_4Jd8Kq2LmN5pR7sT
              landfall webhooks remove wh_4Jd8Kq2LmN5pR7sT --data-dir /var/lib/landfall
            """
    )

    @Argument(help: ArgumentHelp("The endpoint's id (wh_…).", valueName: "id"))
    var id: String

    @OptionGroup var storage: StorageOptions

    func validate() throws {
        if let problem = WebhookCommandSupport.endpointIDProblem(id, option: "ID") { throw ValidationError(problem) }
    }

    func execute(in context: CommandContext) async -> CommandOutput {
        var result = CommandOutput()
        let id = self.id
        guard let endpoint = await WebhookCommandSupport.withStorage(storage, in: context, into: &result, { storage in
            guard let endpoint = try await storage.webhookEndpoint(id: id), try await storage.deleteWebhookEndpoint(id: id) else {
                throw WebhookCommandSupport.unknownEndpoint(id)
            }
            return endpoint
        }) else { return result }
        result.print("Removed the webhook endpoint \(endpoint.id) (\(TerminalText.visible(endpoint.url))) and its deliveries.")
        return result
    }
}
