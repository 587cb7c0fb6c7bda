import ArgumentParser
import Foundation
import LandfallJSON
import LandfallLinks
import LandfallStorage
import LandfallWebhooks

/// `landfall webhooks add URL --events …`: stores an endpoint and prints its secret, once.
struct WebhooksAddCommand: AsyncReportingCommand {
    static let configuration = CommandConfiguration(
        commandName: "add",
        abstract: "Add a webhook endpoint and print its signing secret (once).",
        discussion: """
            Prints the endpoint's secret (whsec_…) alone on standard output, and its id and what \
            to do with it on standard error, so that a script can capture it:

              SECRET=$(landfall webhooks add https://crm.example.com/landfall --events '*')

            Copy the secret when it is printed: `list` never shows it (`rotate-secret` makes a \
            new one). With --format json: the endpoint as POST /v1/webhooks answers it, with \
            its "secret".

            The URL must be https and may not name a loopback, private, link-local or metadata \
            address (nor localhost, *.local, *.internal), unless the site's \
            webhooks.allowPrivateNetworks is true (the built-in demo's is; give your \
            landfall.yml with --config), which also accepts plain http, so that a receiver on \
            127.0.0.1 works. The delivery checks the address the name resolves to again, each time.

            \(WebhookHelp.events)

            \(WebhookHelp.signing)

            Examples:
              landfall webhooks add https://crm.example.com/landfall --events link.created,invite.redeemed --description CRM
              landfall webhooks add https://hooks.example.com/landfall --events '*' --config landfall.yml --data-dir /var/lib/landfall
              landfall webhooks add http://127.0.0.1:9000/hook --events install.attributed,app.opened --format json
            """
    )

    /// The longest description accepted.
    static let maximumDescriptionLength = WebhookEndpointDraft.maximumDescriptionLength

    @Argument(help: ArgumentHelp("Where to send the events: an https URL (http too with webhooks.allowPrivateNetworks).", valueName: "url"))
    var url: String

    @Option(help: ArgumentHelp("The events to send, comma-separated (link.created,invite.redeemed), or '*' for all.", valueName: "events"))
    var events: [String]

    @Option(help: ArgumentHelp("What the endpoint is for, for people (at most \(maximumDescriptionLength) characters).", valueName: "text"))
    var description: String = ""

    @OptionGroup var output: OutputFormatOptions

    @OptionGroup var site: WebhookSiteOptions

    @OptionGroup var storage: StorageOptions

    func validate() throws {
        _ = try selection()
        if let problem = Self.problem(withDescription: description) { throw ValidationError("--description \(problem)") }
    }

    /// The events of `--events` (repeated or comma-separated).
    func selection() throws(ValidationError) -> WebhookEventSelection {
        let names = events.flatMap { $0.split(separator: ",", omittingEmptySubsequences: false) }
            .map { $0.trimmingCharacters(in: .whitespaces) }
        if names.contains("") {
            throw ValidationError("--events has an empty name; give event types separated by commas (link.created,invite.redeemed), or '*' for all")
        }
        do {
            return try WebhookEventSelection(names)
        } catch {
            throw ValidationError("--events: \(TerminalText.visible(error.message))")
        }
    }

    /// What is wrong with `description`, or `nil`.
    static func problem(withDescription description: String) -> String? {
        WebhookEndpointDraft.descriptionProblem(description)
    }

    func execute(in context: CommandContext) async -> CommandOutput {
        var result = CommandOutput()
        let selection: WebhookEventSelection
        do {
            selection = try self.selection()
        } catch {
            result.fail(error.message, status: .usageOrInputError)
            return result
        }
        guard let site = site.site(in: context, into: &result) else { return result }
        let allowPrivate = site.configuration.webhooks.allowPrivateNetworks
        let checked: WebhookURL
        do {
            checked = try WebhookURL(url, allowPrivateNetworks: allowPrivate)
        } catch {
            var message = "URL: " + error.message
            if !allowPrivate, message.contains("allowPrivateNetworks"), let file = self.site.configuration {
                message += " (it is false in \(file))"
            }
            result.fail(TerminalText.visible(message), status: .usageOrInputError)
            return result
        }
        let description = self.description.trimmingCharacters(in: .whitespaces)
        guard let endpoint = await WebhookCommandSupport.withStorage(storage, mustExist: false, in: context, into: &result, { storage in
            guard try await storage.webhookEndpoints().count < WebhookEndpoint.maximumCount else {
                throw WebhookCommandSupport.Failure(message: WebhookEndpoint.limitReachedMessage, status: .usageOrInputError)
            }
            let endpoint = WebhookEndpoint.make(url: checked.text, events: selection, description: description, at: Date())
            try await storage.insert(endpoint)
            return endpoint
        }) else { return result }
        switch output.format {
        case .json:
            result.standardOutput = JSONWriter.pretty.string(for: endpoint.jsonWithSecret)
        case .text:
            result.print(endpoint.secret.text)
        }
        result.printError("""
            Added the webhook endpoint \(endpoint.id) → \(TerminalText.visible(endpoint.url)) (events: \(WebhookCommandSupport.events(of: endpoint))); its signing secret is printed above.
            Copy it now: it will not be shown again (`landfall webhooks rotate-secret \(endpoint.id)` makes a new one).
            A running `landfall serve` on this database delivers the events from now on; try it with:  landfall webhooks test \(endpoint.id) --wait 30
            """)
        return result
    }
}
