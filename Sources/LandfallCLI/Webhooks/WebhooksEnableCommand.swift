import ArgumentParser
import Foundation
import LandfallStorage

/// `landfall webhooks enable ID`: deliveries resume.
struct WebhooksEnableCommand: AsyncReportingCommand {
    static let configuration = CommandConfiguration(
        commandName: "enable",
        abstract: "Enable a disabled webhook endpoint: deliveries resume.",
        discussion: """
            Enables an endpoint disabled by `landfall webhooks disable`, the dashboard, the API \
            or after failing for days. Events from now on are queued for it and its pending \
            deliveries are sent; failed ones are not (`landfall webhooks redeliver --endpoint ID \
            --failed` queues them again). It gets webhooks.disableFailingAfter again before it \
            could be disabled for failing.

            Exit status: 0 when it is enabled (or already was), 1 when no endpoint has this id.

            Examples:
              landfall webhooks enable wh_4Jd8Kq2LmN5pR7sT
            """
    )

    @Argument(help: ArgumentHelp("The endpoint's id (wh_…).", valueName: "id"))
    var id: String

    @OptionGroup var storage: StorageOptions

    func validate() throws {
        if let problem = WebhookCommandSupport.endpointIDProblem(id, option: "ID") { throw ValidationError(problem) }
    }

    func execute(in context: CommandContext) async -> CommandOutput {
        await WebhookStateChange.run(enabled: true, id: id, storage: storage, in: context)
    }
}
