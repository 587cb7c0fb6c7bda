import Foundation
import LandfallCLI
import LandfallStorage
import LandfallWebhooks
import Testing

/// `landfall webhooks test|deliveries|redeliver` against real SQLite and PostgreSQL databases;
/// attempts are recorded through the storage calls the delivery service makes.
@Suite struct WebhooksDeliveryCommandTests {
    @Test("test queues a webhook.test delivery for that endpoint only and prints its id", arguments: CLIDatabase.all)
    func testQueuesADelivery(database: CLIDatabase) async throws {
        try await database.withDatabase { options, location in
            let tested = try await WebhookCLICases.add("https://tested.example.com/", options: options)
            let other = try await WebhookCLICases.add("https://other.example.com/", options: options)
            let output = await runLandfallAsync(["webhooks", "test", tested.id] + options)
            #expect(output.status == .success, "\(output.standardError)")
            let id = try #require(output.lines.first)
            #expect(output.lines.count == 1 && WebhookDelivery.isID(id))
            #expect(output.standardError.contains("a running `landfall serve` on this database delivers it"))
            #expect(output.standardError.contains("landfall webhooks deliveries --delivery \(id)"))
            try await CLIDatabase.withStorage(location) { (storage: Storage) async throws -> Void in
                let deliveries = try await storage.webhookDeliveries(WebhookDeliveryQuery(endpointID: tested.id))
                #expect(deliveries.map(\.id) == [id])
                #expect(deliveries.first?.eventType == .webhookTest && deliveries.first?.status == .pending)
                #expect(try await storage.webhookDeliveries(WebhookDeliveryQuery(endpointID: other.id)).isEmpty)
                let eventID = try #require(deliveries.first?.eventID)
                let body = try #require(try await storage.webhookEventBody(id: eventID))
                #expect(body.contains(#""type":"webhook.test""#) && body.contains(tested.id))
            }
            let unknown = await runLandfallAsync(["webhooks", "test", "wh_0000000000000000"] + options)
            #expect(unknown.status == .problemsFound)
            #expect(unknown.standardError.contains("no webhook endpoint has the id 'wh_0000000000000000'"))
        }
    }

    @Test("test --wait prints how the delivery ended, with its attempts, and exits 1 unless delivered", arguments: [
        (WebhookCLICases.delivered, CommandStatus.success, "Delivered the webhook.test event to", "HTTP 200  42 ms  answer: thanks"),
        (WebhookCLICases.failed, CommandStatus.problemsFound, "delivery to", "HTTP 500  42 ms  the endpoint answered 500  answer: boom"),
    ])
    func testWaits(attempt: WebhookCLICases.Attempt, status: CommandStatus, outcome: String, line: String) async throws {
        let directory = try temporaryDataDirectory()
        let (_, id) = try await WebhookCLICases.add(options: ["--data-dir", directory])
        // The delivery service's part, on the same database: take the delivery once it is
        // queued, and record the attempt.
        let service = Task {
            try await CLIDatabase.withStorage(.sqlite(directory: directory)) { storage in
                for _ in 0..<400 {
                    if try await WebhookCLICases.attemptDue(in: storage, attempt) > 0 { return true }
                    try await Task.sleep(for: .milliseconds(50))
                }
                return false
            }
        }
        let output = await runLandfallAsync(["webhooks", "test", id, "--wait", "60", "--data-dir", directory])
        #expect(try await service.value, "the stand-in delivery service took the delivery")
        #expect(output.status == status, "\(output.standardError)")
        #expect(WebhookDelivery.isID(output.standardOutput.trimmingCharacters(in: .newlines)))
        #expect(output.standardError.contains(outcome), "\(output.standardError)")
        #expect(output.standardError.contains("after 1 attempt:\n  #1  "), "\(output.standardError)")
        #expect(output.standardError.contains(line), "\(output.standardError)")
        if attempt.outcome == .failed { #expect(output.standardError.contains("failed after 1 attempt")) }
    }

    @Test("test --wait without a running server says the delivery is still pending, exit 1")
    func testWaitsInVain() async throws {
        let directory = try temporaryDataDirectory()
        let (_, id) = try await WebhookCLICases.add(options: ["--data-dir", directory])
        let output = await runLandfallAsync(["webhooks", "test", id, "--wait", "1", "--format", "json", "--data-dir", directory])
        #expect(output.status == .problemsFound)
        #expect(output.standardError.contains("is still pending after 1 s, with 0 attempts (is `landfall serve` running on this database?)"))
        let json = try #require(try CLIFixtures.jsonObject(output.standardOutput) as? [String: Any])
        #expect(json["status"] as? String == "pending")
        #expect((json["attempts"] as? [Any])?.isEmpty == true)
    }

    @Test("deliveries lists newest first and filters by endpoint, status and type", arguments: CLIDatabase.all)
    func deliveriesFilter(database: CLIDatabase) async throws {
        try await database.withDatabase { options, location in
            let all = try await WebhookCLICases.add("https://all.example.com/", events: "*", options: options)
            let links = try await WebhookCLICases.add("https://links.example.com/", events: "link.created", options: options)
            let created = await runLandfallAsync(["links", "create", "--target", "https://daily.example.com/winter", "--slug", "winter"] + options)
            #expect(created.status == .success, "\(created.standardError)")
            try await CLIDatabase.withStorage(location) { (storage: Storage) async throws -> Void in
                #expect(try await WebhookCLICases.attemptDue(in: storage, WebhookCLICases.failed) == 2)
            }
            let test = await runLandfallAsync(["webhooks", "test", all.id] + options)
            let testID = try #require(test.lines.first)

            let every = try await Self.listed([] + options)
            #expect(every.map(\.type) == ["webhook.test", "link.created", "link.created"], "newest first")
            #expect(every.first?.id == testID)
            #expect(try await Self.listed([all.id] + options).map(\.type) == ["webhook.test", "link.created"])
            #expect(try await Self.listed([links.id] + options).map(\.status) == ["failed"])
            #expect(try await Self.listed(["--status", "pending"] + options).map(\.id) == [testID])
            #expect(try await Self.listed(["--status", "failed", "--type", "link.created"] + options).count == 2)
            #expect(try await Self.listed(["--type", "invite.redeemed"] + options).isEmpty)
            #expect(try await Self.listed(["--limit", "1"] + options).map(\.id) == [testID])

            let table = await runLandfallAsync(["webhooks", "deliveries", all.id] + options)
            #expect(table.lines.first?.hasPrefix("DELIVERY ") == true)
            #expect(table.lines.first?.contains("EVENT") == true && table.lines.first?.contains("ATTEMPTS") == true)
            #expect(table.lines.dropFirst().first?.hasPrefix(testID + "  ") == true)
            #expect(table.lines.dropFirst().first?.contains("  webhook.test  pending  0") == true)
            #expect(table.lines.dropFirst().first?.hasSuffix("  -") == true)
            #expect(table.lines.last?.contains("  link.created  failed   1") == true)
            #expect(table.lines.last?.hasSuffix("  500: the endpoint answered 500") == true)

            let none = await runLandfallAsync(["webhooks", "deliveries", "--type", "app.opened"] + options)
            #expect(none.status == .success && none.standardOutput.isEmpty)
            #expect(none.standardError == "No deliveries match; `landfall webhooks test ID` sends one.\n")
        }
    }

    /// The deliveries `webhooks deliveries --format json` lists with `arguments`.
    static func listed(_ arguments: [String]) async throws -> [(id: String, type: String, status: String)] {
        let output = await runLandfallAsync(["webhooks", "deliveries", "--format", "json"] + arguments)
        let json = try #require(try CLIFixtures.jsonObject(output.standardOutput) as? [String: Any], "\(output.standardError)")
        return try #require(json["deliveries"] as? [[String: Any]]).map { delivery in
            (delivery["id"] as? String ?? "", delivery["eventType"] as? String ?? "", delivery["status"] as? String ?? "")
        }
    }

    @Test("deliveries --delivery shows every attempt and the payload as pretty JSON")
    func showOneDelivery() async throws {
        let directory = try temporaryDataDirectory()
        let options = ["--data-dir", directory]
        let (_, endpointID) = try await WebhookCLICases.add(options: options)
        let id = try #require(await runLandfallAsync(["webhooks", "test", endpointID] + options).lines.first)
        try await CLIDatabase.withStorage(.sqlite(directory: directory)) { (storage: Storage) async throws -> Void in
            let retry = WebhookCLICases.Attempt(statusCode: nil, error: "the connection was refused", answer: "", outcome: .retry(at: Date()))
            #expect(try await WebhookCLICases.attemptDue(in: storage, retry) == 1)
            #expect(try await WebhookCLICases.attemptDue(in: storage, WebhookCLICases.delivered, now: Date().addingTimeInterval(61)) == 1)
        }
        let output = await runLandfallAsync(["webhooks", "deliveries", "--delivery", id] + options)
        #expect(output.status == .success, "\(output.standardError)")
        let text = output.standardOutput
        #expect(text.hasPrefix("Delivery:   \(id)\nEndpoint:   \(endpointID)\nEvent:      evt_"), "\(text)")
        #expect(text.contains("Status:     delivered\n"))
        #expect(text.contains("Attempts:   2\n"))
        #expect(text.contains("Attempts:\n  #1  "))
        #expect(text.contains("  no answer  42 ms  the connection was refused\n"))
        #expect(text.contains("  HTTP 200  42 ms\n      | thanks\n"))
        #expect(text.contains("Payload:\n{\n  \"id\": \"evt_"))
        #expect(text.contains("\"type\": \"webhook.test\""))
        #expect(text.contains("\"endpointID\": \"\(endpointID)\""))

        let json = await runLandfallAsync(["webhooks", "deliveries", "--delivery", id, "--format", "json"] + options)
        let object = try #require(try CLIFixtures.jsonObject(json.standardOutput) as? [String: Any])
        #expect(object["id"] as? String == id)
        #expect((object["attempts"] as? [[String: Any]])?.map { $0["statusCode"] as? Int } == [nil, 200])
        #expect((object["payload"] as? [String: Any])?["type"] as? String == "webhook.test")

        let unknown = await runLandfallAsync(["webhooks", "deliveries", "--delivery", "dlv_" + String(repeating: "0", count: 32)] + options)
        #expect(unknown.status == .problemsFound)
        #expect(unknown.standardError.contains("no webhook delivery has the id 'dlv_000"))
    }

    @Test("redeliver queues one delivery again, and --endpoint --failed every failed one since a time", arguments: CLIDatabase.all)
    func redeliver(database: CLIDatabase) async throws {
        try await database.withDatabase { options, location in
            let (_, endpointID) = try await WebhookCLICases.add(options: options)
            let first = try #require(await runLandfallAsync(["webhooks", "test", endpointID] + options).lines.first)
            let second = try #require(await runLandfallAsync(["webhooks", "test", endpointID] + options).lines.first)
            try await CLIDatabase.withStorage(location) { (storage: Storage) async throws -> Void in
                #expect(try await WebhookCLICases.attemptDue(in: storage, WebhookCLICases.failed) == 2)
            }

            let one = await runLandfallAsync(["webhooks", "redeliver", first] + options)
            #expect(one.status == .success, "\(one.standardError)")
            #expect(one.standardOutput.contains("Queued \(first) (webhook.test, failed before) for a new round of attempts"))
            let pending = await runLandfallAsync(["webhooks", "redeliver", first] + options)
            #expect(pending.standardOutput.contains("\(first) is still pending"))
            try await CLIDatabase.withStorage(location) { (storage: Storage) async throws -> Void in
                #expect(try await storage.webhookDelivery(id: first)?.status == .pending)
                #expect(try await storage.webhookDelivery(id: second)?.status == .failed)
            }

            let future = await runLandfallAsync(["webhooks", "redeliver", "--endpoint", endpointID, "--failed", "--since", "2999-01-01"] + options)
            #expect(future.status == .success, "\(future.standardError)")
            #expect(future.standardOutput.hasPrefix("Queued 0 failed deliveries of \(endpointID) made since 2999-01-01 00:00 UTC"))
            let all = await runLandfallAsync(["webhooks", "redeliver", "--endpoint", endpointID, "--failed", "--format", "json"] + options)
            let json = try #require(try CLIFixtures.jsonObject(all.standardOutput) as? [String: Any], "\(all.standardError)")
            #expect(json["queued"] as? Int == 1)
            try await CLIDatabase.withStorage(location) { (storage: Storage) async throws -> Void in
                #expect(try await storage.webhookDelivery(id: second)?.status == .pending)
            }
            let unknown = await runLandfallAsync(["webhooks", "redeliver", "--endpoint", "wh_0000000000000000", "--failed"] + options)
            #expect(unknown.status == .problemsFound)
        }
    }

    /// Arguments refused before any database is opened, and what the error says.
    static let refusals: [(arguments: [String], message: String)] = [
        (["remove", "42"], "error: ID must be an endpoint id: wh_ and 16 letters and digits, as `landfall webhooks list` shows them; '42' is not"),
        (["rotate-secret", "wh_short"], "error: ID must be an endpoint id"),
        (["enable", ""], "error: ID must be an endpoint id"),
        (["disable", "dlv_0"], "error: ID must be an endpoint id"),
        (["test", "wh_0000000000000000", "--wait", "0"], "error: --wait must be a number of seconds from 1 to 600; it is 0"),
        (["test", "wh_0000000000000000", "--wait", "soon"], "error: The value 'soon' is invalid for '--wait <seconds>'"),
        (["deliveries", "--limit", "0"], "error: --limit must be from 1 to 500; it is 0"),
        (["deliveries", "--status", "lost"], "Please provide one of 'pending', 'delivered'"),
        (["deliveries", "--type", "link.made"], "error: The value 'link.made' is invalid for '--type <type>'"),
        (["deliveries", "--delivery", "evt_1"], "error: --delivery must be a delivery id: dlv_ and 32 hexadecimal digits"),
        (["deliveries", "wh_0000000000000000", "--delivery", "dlv_" + String(repeating: "0", count: 32)],
         "error: --delivery shows one delivery: give it without ID, --status or --type"),
        (["redeliver"], "error: give a delivery's id (dlv_…), or --endpoint ID --failed"),
        (["redeliver", "dlv_1"], "error: DELIVERY-ID must be a delivery id"),
        (["redeliver", "--endpoint", "wh_0000000000000000"], "error: --endpoint sends again the endpoint's failed deliveries: add --failed"),
        (["redeliver", "--endpoint", "wh_0000000000000000", "--failed", "--since", "last week"],
         "error: --since must be an RFC 3339 time such as 2026-11-20T00:00:00Z, or a day such as 2026-11-20; 'last week' is neither"),
        (["redeliver", "dlv_" + String(repeating: "0", count: 32), "--failed"], "error: --failed and --since go with --endpoint ID"),
        (["redeliver", "dlv_" + String(repeating: "0", count: 32), "--endpoint", "wh_0000000000000000"], "error: give a delivery's id or --endpoint ID --failed, not both"),
    ]

    @Test("bad arguments are usage errors that name the option and what is expected", arguments: refusals)
    func badArguments(arguments: [String], message: String) async throws {
        let directory = try temporaryDataDirectory()
        let output = await runLandfallAsync(["webhooks"] + arguments + ["--data-dir", directory])
        #expect(output.status == .usageOrInputError)
        #expect(output.standardError.contains(message), "\(output.standardError)")
        #expect(output.standardOutput.isEmpty)
        #expect(!FileManager.default.fileExists(atPath: directory))
    }

    @Test("the commands that read refuse a directory without a database", arguments: [
        ["list"], ["deliveries"], ["remove", "wh_0000000000000000"], ["test", "wh_0000000000000000"],
    ])
    func refuseAMissingDatabase(arguments: [String]) async throws {
        let directory = try temporaryDataDirectory()
        let output = await runLandfallAsync(["webhooks"] + arguments + ["--data-dir", directory])
        #expect(output.status == .usageOrInputError)
        #expect(output.standardError.contains("there is no database at \(directory)/landfall.sqlite"))
        #expect(!FileManager.default.fileExists(atPath: directory))
    }
}
