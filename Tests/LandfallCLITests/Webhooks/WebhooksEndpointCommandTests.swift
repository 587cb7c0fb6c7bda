import Foundation
import LandfallCLI
import LandfallStorage
import LandfallWebhooks
import Testing

/// `landfall webhooks add|list|remove|rotate-secret|enable|disable` against real SQLite and
/// PostgreSQL databases.
@Suite struct WebhooksEndpointCommandTests {
    @Test("add refuses an endpoint beyond the most a site may have, as the API and the dashboard do", arguments: CLIDatabase.all)
    func addRefusesBeyondTheLimit(database: CLIDatabase) async throws {
        try await database.withDatabase { options, location in
            try await CLIDatabase.withStorage(location) { storage in
                for index in 0..<WebhookEndpoint.maximumCount {
                    try await storage.insert(WebhookEndpoint.make(url: "https://hooks.example.com/\(index)", events: .all, at: Date()))
                }
            }
            let added = await runLandfallAsync(["webhooks", "add", "https://crm.example.com/landfall", "--events", "*"] + options)
            #expect(added.status == .usageOrInputError)
            #expect(added.standardOutput.isEmpty)
            #expect(added.standardError.contains(WebhookEndpoint.limitReachedMessage))
            #expect(try await CLIDatabase.withStorage(location) { try await $0.webhookEndpoints() }.count == WebhookEndpoint.maximumCount)
        }
    }

    @Test("add prints the secret alone on standard output and the rest on standard error; list shows the endpoint without it",
          arguments: CLIDatabase.all)
    func addThenList(database: CLIDatabase) async throws {
        try await database.withDatabase { options, location in
            let added = await runLandfallAsync(["webhooks", "add", "https://crm.example.com/landfall", "--events", "link.created, invite.redeemed",
                                                "--description", "CRM"] + options)
            #expect(added.status == .success, "\(added.standardError)")
            #expect(added.lines.count == 1, "standard output holds the secret alone, for scripts")
            let secret = try #require(added.lines.first)
            #expect(secret.hasPrefix("whsec_"))
            #expect(!added.standardError.contains(secret))
            #expect(added.standardError.contains("it will not be shown again"))

            let endpoint = try #require(try await CLIDatabase.withStorage(location) { try await $0.webhookEndpoints() }.first)
            #expect(endpoint.secret.text == secret)
            #expect(endpoint.url == "https://crm.example.com/landfall")
            #expect(endpoint.events == .only([.linkCreated, .inviteRedeemed]))
            #expect(endpoint.description == "CRM")
            #expect(added.standardError.contains("Added the webhook endpoint \(endpoint.id) → https://crm.example.com/landfall"))
            #expect(added.standardError.contains("landfall webhooks test \(endpoint.id)"))

            let text = await runLandfallAsync(["webhooks", "list"] + options)
            #expect(text.status == .success)
            #expect(text.lines.count == 2)
            #expect(text.lines.first == "ID                   URL                               EVENTS                        STATE    LAST SUCCESS")
            #expect(text.lines.last == "\(endpoint.id)  https://crm.example.com/landfall  invite.redeemed,link.created  enabled  never")
            #expect(!text.standardOutput.contains(secret))

            let json = await runLandfallAsync(["webhooks", "list", "--format", "json"] + options)
            let object = try #require(try CLIFixtures.jsonObject(json.standardOutput) as? [String: Any])
            let webhooks = try #require(object["webhooks"] as? [[String: Any]])
            #expect(webhooks.map { $0["id"] as? String } == [endpoint.id])
            #expect(webhooks.first?["events"] as? [String] == ["invite.redeemed", "link.created"])
            #expect(webhooks.first?["enabled"] as? Bool == true)
            #expect(Set(webhooks.first?.keys.map { $0 } ?? []) == [
                "id", "url", "events", "description", "enabled", "disabledAt", "disabledReason", "failingSince", "lastSuccessAt",
                "previousSecretExpiresAt", "createdAt", "updatedAt",
            ])
            #expect(!json.standardOutput.contains(secret))
        }
    }

    @Test("add --format json prints the endpoint with its secret, as POST /v1/webhooks answers")
    func addPrintsJSONWithTheSecret() async throws {
        let directory = try temporaryDataDirectory()
        let output = await runLandfallAsync(["webhooks", "add", "http://127.0.0.1:9000/hook", "--events", "*", "--format", "json",
                                             "--data-dir", directory])
        #expect(output.status == .success, "\(output.standardError)")
        let json = try #require(try CLIFixtures.jsonObject(output.standardOutput) as? [String: Any])
        #expect(json["url"] as? String == "http://127.0.0.1:9000/hook", "the demo allows private networks, over http too")
        #expect(json["events"] as? [String] == ["*"])
        let secret = try #require(json["secret"] as? String)
        #expect(try WebhookSecret(secret).text == secret)
        #expect(output.standardError.contains("Added the webhook endpoint \(try #require(json["id"] as? String))"))
    }

    @Test("list of a database without endpoints says how to add one")
    func emptyList() async throws {
        let directory = try temporaryDataDirectory()
        _ = try await CLIDatabase.withStorage(.sqlite(directory: directory)) { _ in }
        let output = await runLandfallAsync(["webhooks", "list", "--data-dir", directory])
        #expect(output.status == .success)
        #expect(output.standardOutput == "No webhook endpoints yet. Add one with: landfall webhooks add URL --events '*'\n")
        let json = await runLandfallAsync(["webhooks", "list", "--format", "json", "--data-dir", directory])
        let object = try #require(try CLIFixtures.jsonObject(json.standardOutput) as? [String: Any])
        #expect((object["webhooks"] as? [Any])?.isEmpty == true)
    }

    /// What `add` refuses, with the site of the demo (private networks allowed) or a production
    /// one, and the words that name the option and what is expected.
    static let addRefusals: [(arguments: [String], production: Bool, message: String)] = [
        (["ftp://crm.example.com/", "--events", "*"], false, "error: URL: the scheme is ftp; webhooks are sent over https"),
        (["crm.example.com/landfall", "--events", "*"], false, "error: URL: 'crm.example.com/landfall' is not an absolute URL; expected one such as https://"),
        (["https://user:pass@crm.example.com/", "--events", "*"], false, "error: URL: the URL has a user name or password"),
        (["http://crm.example.com/landfall", "--events", "*"], true, "error: URL: webhooks are sent over https only"),
        (["https://127.0.0.1:9000/hook", "--events", "*"], true,
         "error: URL: 127.0.0.1 is a loopback address: webhooks are not sent into private networks unless webhooks.allowPrivateNetworks is true (it is false in "),
        (["https://169.254.169.254/latest", "--events", "*"], true, "error: URL: 169.254.169.254 is a metadata address"),
        (["https://10.0.0.7/hook", "--events", "*"], true, "error: URL: 10.0.0.7 is a "),
        (["https://localhost/hook", "--events", "*"], true, "error: URL: localhost names this machine or a private network"),
        (["https://crm.example.com/", "--events", "link.made"], false,
         "error: --events: \"link.made\" is not an event type; expected \"*\" or some of: link.created"),
        (["https://crm.example.com/", "--events", "webhook.test"], false, "error: --events: \"webhook.test\" is not an event type"),
        (["https://crm.example.com/", "--events", "*,link.created"], false, "error: --events: \"*\" means every event type: give it alone"),
        (["https://crm.example.com/", "--events", "link.created,link.created"], false, "error: --events: \"link.created\" is named twice"),
        (["https://crm.example.com/", "--events", "link.created,,app.opened"], false, "error: --events has an empty name"),
        (["https://crm.example.com/"], false, "Missing expected argument '--events <events>"),
        (["https://crm.example.com/", "--events", "*", "--description", String(repeating: "d", count: 201)], false,
         "error: --description must be at most 200 characters; it has 201"),
        (["https://crm.example.com/", "--events", "*", "--description", "two\nlines"], false, "error: --description must be one line of text"),
    ]

    @Test("add refuses a bad URL, unknown events and private addresses without allowPrivateNetworks, naming the option; nothing is stored",
          arguments: addRefusals)
    func addRefuses(arguments: [String], production: Bool, message: String) async throws {
        let directory = try temporaryDataDirectory()
        let site = production ? ["--config", try WebhookCLICases.productionSite()] : []
        let output = await runLandfallAsync(["webhooks", "add"] + arguments + site + ["--data-dir", directory])
        #expect(output.status == .usageOrInputError)
        #expect(output.standardError.contains(message), "\(output.standardError)")
        #expect(output.standardOutput.isEmpty)
        #expect(!FileManager.default.fileExists(atPath: directory), "nothing is created for a refused endpoint")
    }

    @Test("a production site accepts a public https URL that the same refusals allow")
    func productionAcceptsPublicHTTPS() async throws {
        let directory = try temporaryDataDirectory()
        let output = await runLandfallAsync(["webhooks", "add", "https://crm.example.com/landfall", "--events", "*",
                                             "--config", try WebhookCLICases.productionSite(), "--data-dir", directory])
        #expect(output.status == .success, "\(output.standardError)")
    }

    @Test("remove deletes the endpoint and its deliveries; an unknown id is a problem found", arguments: CLIDatabase.all)
    func remove(database: CLIDatabase) async throws {
        try await database.withDatabase { options, location in
            let kept = try await WebhookCLICases.add("https://kept.example.com/", options: options)
            let removed = try await WebhookCLICases.add("https://removed.example.com/", options: options)
            let tested = await runLandfallAsync(["webhooks", "test", removed.id] + options)
            #expect(tested.status == .success, "\(tested.standardError)")

            let output = await runLandfallAsync(["webhooks", "remove", removed.id] + options)
            #expect(output.status == .success, "\(output.standardError)")
            #expect(output.standardOutput == "Removed the webhook endpoint \(removed.id) (https://removed.example.com/) and its deliveries.\n")
            try await CLIDatabase.withStorage(location) { (storage: Storage) async throws -> Void in
                #expect(try await storage.webhookEndpoints().map(\.id) == [kept.id])
                #expect(try await storage.webhookDeliveries(WebhookDeliveryQuery()).isEmpty)
            }

            let again = await runLandfallAsync(["webhooks", "remove", removed.id] + options)
            #expect(again.status == .problemsFound)
            #expect(again.standardError == "error: no webhook endpoint has the id '\(removed.id)'; `landfall webhooks list` shows them\n")
        }
    }

    @Test("rotate-secret prints a new secret alone and the old one still signs until a day later")
    func rotateSecret() async throws {
        let directory = try temporaryDataDirectory()
        let (old, id) = try await WebhookCLICases.add(options: ["--data-dir", directory])
        let output = await runLandfallAsync(["webhooks", "rotate-secret", id, "--data-dir", directory])
        #expect(output.status == .success, "\(output.standardError)")
        #expect(output.lines.count == 1)
        let new = try #require(output.lines.first)
        #expect(new.hasPrefix("whsec_") && new != old)
        #expect(!output.standardError.contains(new) && !output.standardError.contains(old))
        #expect(output.standardError.contains("also with the old one until "))

        let endpoint = try #require(try await CLIDatabase.withStorage(.sqlite(directory: directory)) { try await $0.webhookEndpoint(id: id) })
        #expect(endpoint.signingSecrets(at: Date()).map(\.text) == [new, old])
        #expect(endpoint.signingSecrets(at: Date().addingTimeInterval(86_400 + 60)).map(\.text) == [new])
        let expiry = try #require(endpoint.previousSecretExpiresAt)
        #expect(output.standardError.contains(UTCMinute.text(expiry)))

        let json = await runLandfallAsync(["webhooks", "rotate-secret", id, "--format", "json", "--data-dir", directory])
        let object = try #require(try CLIFixtures.jsonObject(json.standardOutput) as? [String: Any])
        #expect((object["secret"] as? String)?.hasPrefix("whsec_") == true)
        #expect(object["previousSecretExpiresAt"] is String)
    }

    @Test("disable records its reason and stops deliveries; enable resumes them", arguments: CLIDatabase.all)
    func disableAndEnable(database: CLIDatabase) async throws {
        try await database.withDatabase { options, location in
            let (_, id) = try await WebhookCLICases.add(options: options)
            let disabled = await runLandfallAsync(["webhooks", "disable", id] + options)
            #expect(disabled.status == .success, "\(disabled.standardError)")
            #expect(disabled.standardOutput.contains("is disabled: nothing is sent to it until `landfall webhooks enable \(id)`"))
            let endpoint = try #require(try await CLIDatabase.withStorage(location) { try await $0.webhookEndpoint(id: id) })
            #expect(!endpoint.isEnabled)
            #expect(endpoint.disabledReason == "disabled from the command line")
            let listed = await runLandfallAsync(["webhooks", "list"] + options)
            #expect(listed.lines.last?.contains("  disabled: disabled from the command line  never") == true)

            let twice = await runLandfallAsync(["webhooks", "disable", id] + options)
            #expect(twice.standardOutput.contains("was already disabled: disabled from the command line."))
            let test = await runLandfallAsync(["webhooks", "test", id] + options)
            #expect(test.status == .problemsFound)
            #expect(test.standardError.contains("is disabled (disabled from the command line); enable it first with `landfall webhooks enable \(id)`"))

            let enabled = await runLandfallAsync(["webhooks", "enable", id] + options)
            #expect(enabled.status == .success)
            #expect(enabled.standardOutput.contains("is enabled"))
            #expect(try await CLIDatabase.withStorage(location) { try await $0.webhookEndpoint(id: id) }?.isEnabled == true)
            #expect(await runLandfallAsync(["webhooks", "list"] + options).lines.last?.contains("  enabled  never") == true)
        }
    }
}

/// A time as the `webhooks` commands print it, `2026-11-21 17:30 UTC` (written independently
/// of the CLI's own formatting).
enum UTCMinute {
    static func text(_ date: Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyy-MM-dd HH:mm"
        return formatter.string(from: date) + " UTC"
    }
}
