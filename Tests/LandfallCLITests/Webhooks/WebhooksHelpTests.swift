import Foundation
import LandfallCLI
import LandfallWebhooks
import Testing

/// Every `landfall webhooks` help teaches: the events (from ``WebhookEventType``), the
/// signatures, and examples; and the real binary keeps the secret alone on standard output.
@Suite struct WebhooksHelpTests {
    static let commands = ["add", "list", "remove", "rotate-secret", "enable", "disable", "test", "deliveries", "redeliver"]

    @Test("every webhooks command's help has an example of itself", arguments: [""] + commands)
    func everyHelpHasAnExample(command: String) async {
        let output = await runLandfallAsync(["webhooks"] + (command.isEmpty ? [] : [command]) + ["--help"])
        #expect(output.status == .success)
        #expect(output.standardOutput.contains("USAGE: landfall webhooks"))
        #expect(output.standardOutput.contains("Examples:"))
        #expect(output.standardOutput.contains("landfall webhooks \(command.isEmpty ? "add" : command) "))
    }

    @Test("the group's and add's help list every event type with its meaning, and how signatures work", arguments: [["webhooks"], ["webhooks", "add"]])
    func helpListsTheEventsAndSignatures(command: [String]) async {
        // Compared with whitespace collapsed: help is wrapped at the terminal's width.
        let output = await runLandfallAsync(command + ["--help"])
        let text = output.standardOutput.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        for type in WebhookEventType.allCases {
            #expect(text.contains(type.rawValue + " "), "\(type.rawValue) is not in the help")
        }
        for type in WebhookEventType.allCases {
            #expect(text.contains("\(type.rawValue) \(type.meaning)"), "\(type.rawValue)'s meaning is not in the help")
        }
        for words in ["Standard Webhooks", "webhook-id", "webhook-timestamp", "webhook-signature", "whsec_", "for a day"] {
            #expect(text.contains(words), "'\(words)' is not in the help")
        }
    }

    @Test("the root command lists webhooks")
    func rootListsWebhooks() async {
        let output = await runLandfall(["--help"])
        #expect(output.standardOutput.contains("webhooks"))
        #expect(output.standardOutput.contains("Add, list and remove webhook endpoints"))
    }

    @Test("SECRET=$(landfall webhooks add …) captures the secret alone, with the real binary")
    func theBinaryPrintsTheSecretAloneOnStandardOutput() async throws {
        let directory = try temporaryDataDirectory()
        let result = try await LandfallExecutable.run(["webhooks", "add", "https://crm.example.com/landfall", "--events", "link.created",
                                                        "--data-dir", directory])
        #expect(result.status == 0, "\(result.standardError)")
        let secret = result.standardOutput.trimmingCharacters(in: .newlines)
        #expect(result.standardOutput == secret + "\n")
        #expect(try WebhookSecret(secret).text == secret)
        #expect(result.standardError.hasPrefix("Added the webhook endpoint wh_"))
        #expect(!result.standardError.contains(secret))

        let refused = try await LandfallExecutable.run(["webhooks", "add", "https://crm.example.com/", "--events", "link.made",
                                                         "--data-dir", directory])
        #expect(refused.status == 2)
        #expect(refused.standardOutput.isEmpty)
        #expect(refused.standardError.hasPrefix("error: --events: \"link.made\" is not an event type"))
    }
}
