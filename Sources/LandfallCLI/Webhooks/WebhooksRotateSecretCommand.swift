import ArgumentParser
import Foundation
import LandfallJSON
import LandfallStorage
import LandfallWebhooks

/// `landfall webhooks rotate-secret ID`: a new signing secret, the old one kept for a day.
struct WebhooksRotateSecretCommand: AsyncReportingCommand {
    static let configuration = CommandConfiguration(
        commandName: "rotate-secret",
        abstract: "Give an endpoint a new signing secret and print it (once); the old one still signs for a day.",
        discussion: """
            Prints the new secret alone on standard output, and until when the old one is still \
            signed with on standard error, so that a script can capture it:

              SECRET=$(landfall webhooks rotate-secret wh_4Jd8Kq2LmN5pR7sT)

            For \(rotationOverlapText) after the rotation every delivery carries two signatures \
            in webhook-signature, one with each secret: give your receiver the new secret \
            within that time and it misses nothing. With --format json: the endpoint as \
            POST /v1/webhooks/{id}/rotate-secret answers it, with its new "secret".

            \(WebhookHelp.signing)

            Examples:
              landfall webhooks rotate-secret wh_4Jd8Kq2LmN5pR7sT
              landfall webhooks rotate-secret wh_4Jd8Kq2LmN5pR7sT --format json --data-dir /var/lib/landfall
            """
    )

    /// How long the previous secret keeps signing.
    static let rotationOverlap = WebhookEndpoint.previousSecretLifetime
    static let rotationOverlapText = "a day (24 hours)"

    @Argument(help: ArgumentHelp("The endpoint's id (wh_…).", valueName: "id"))
    var id: String

    @OptionGroup var output: OutputFormatOptions

    @OptionGroup var storage: StorageOptions

    func validate() throws {
        if let problem = WebhookCommandSupport.endpointIDProblem(id, option: "ID") { throw ValidationError(problem) }
    }

    func execute(in context: CommandContext) async -> CommandOutput {
        var result = CommandOutput()
        let id = self.id
        let now = Date()
        let until = now.addingTimeInterval(Self.rotationOverlap)
        guard let endpoint = await WebhookCommandSupport.withStorage(storage, in: context, into: &result, { storage in
            guard let endpoint = try await storage.rotateWebhookSecret(id: id, to: .generate(), previousUntil: until, at: now) else {
                throw WebhookCommandSupport.unknownEndpoint(id)
            }
            return endpoint
        }) else { return result }
        switch output.format {
        case .json: result.standardOutput = JSONWriter.pretty.string(for: endpoint.jsonWithSecret)
        case .text: result.print(endpoint.secret.text)
        }
        result.printError("""
            Rotated the signing secret of \(endpoint.id) (\(TerminalText.visible(endpoint.url))); the new one is printed above, and will not be shown again.
            Deliveries are signed with the new secret and also with the old one until \(WebhookCommandSupport.time(until)): give your receiver the new secret before then.
            """)
        return result
    }
}
