import ArgumentParser
import Foundation
import LandfallJSON
import LandfallStorage

/// `landfall webhooks list`: every endpoint, oldest first, without secrets.
struct WebhooksListCommand: AsyncReportingCommand {
    static let configuration = CommandConfiguration(
        commandName: "list",
        abstract: "List the webhook endpoints: id, URL, events, state and last success.",
        discussion: """
            Endpoints are listed oldest first. The state is enabled; failing since a time (every \
            delivery since then failed: it is retried, and the endpoint is disabled when this \
            lasts for webhooks.disableFailingAfter, 5 days by default); or disabled, with the \
            reason (`landfall webhooks enable ID` enables it again). Secrets are never printed.

            With --format json: {"webhooks": [...]}, each endpoint as GET /v1/webhooks answers it.

            Examples:
              landfall webhooks list
              landfall webhooks list --format json --data-dir /var/lib/landfall
            """
    )

    @OptionGroup var output: OutputFormatOptions

    @OptionGroup var storage: StorageOptions

    func execute(in context: CommandContext) async -> CommandOutput {
        var result = CommandOutput()
        guard let endpoints = await WebhookCommandSupport.withStorage(storage, in: context, into: &result, { storage in
            try await storage.webhookEndpoints()
        }) else { return result }
        switch output.format {
        case .json:
            result.standardOutput = JSONWriter.pretty.string(for: .object([("webhooks", .array(endpoints.map(\.json)))]))
        case .text:
            guard !endpoints.isEmpty else {
                result.print("No webhook endpoints yet. Add one with: landfall webhooks add URL --events '*'")
                return result
            }
            let style = context.style
            let rows = [["ID", "URL", "EVENTS", "STATE", "LAST SUCCESS"]] + endpoints.map { endpoint in
                [endpoint.id, endpoint.url, WebhookCommandSupport.events(of: endpoint), WebhookCommandSupport.state(of: endpoint),
                 endpoint.lastSuccessAt.map(WebhookCommandSupport.time) ?? "never"]
            }
            for (index, var line) in TextTable.lines(rows).enumerated() {
                if index == 0 {
                    line = style.paint(line, .bold)
                } else if !endpoints[index - 1].isEnabled {
                    line = style.paint(line, .dim)
                }
                result.print(line)
            }
        }
        return result
    }
}
