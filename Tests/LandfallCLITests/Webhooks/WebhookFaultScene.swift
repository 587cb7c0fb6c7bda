import ChildProcess
import Foundation
@testable import LandfallStorage
import LandfallWebhooks
import Synchronization
import Testing
import WebhookReceiver
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The world of one webhook fault test: the real `landfall serve` (one or more instances) on
/// the demo with a database of its own, a receiver verifying with `standardwebhooks`, an
/// endpoint added with `landfall webhooks add <receiver>/hook --events '*'` (its secret, read
/// from standard output, given to the receiver), and a write key from `landfall keys create`.
///
/// Events are made with real requests (``createLink(_:through:)``, ``click(_:as:through:)``…),
/// and what the outbox holds is read from the same database (``deliveries()``), so that a test
/// compares what was stored with what the receiver recorded (``waitForEveryDelivery(within:)``,
/// ``checkRecorded(_:repeats:sourceLocation:)``).
final class WebhookFaultScene: Sendable {
    let receiver: WebhookReceiver
    /// `--data-dir …` or `--database-url … --database-connections 4`.
    let storageOptions: [String]
    let storage: Storage
    let endpointID: String
    let secret: String
    /// A `write` API key.
    let key: String
    private let folder: URL
    private let scratchDatabase: (url: String, admin: String)?
    private let running: Mutex<[WebhookFaultServer]>

    /// The receiver's path deliveries go to.
    static let hookPath = "/hook"

    /// Starts the receiver and `instances` servers on a fresh SQLite directory or PostgreSQL
    /// database, and adds the endpoint once the first server has seeded the demo (so the
    /// demo's own links make no events for it).
    static func start(on database: CLIDatabase = .sqlite, instances: Int = 1) async throws -> WebhookFaultScene {
        let receiver = try await WebhookReceiver.start(secrets: [])
        let folder = try CLIFixtures.temporaryFolder()
        let storageOptions: [String]
        let location: StorageLocation
        var scratchDatabase: (url: String, admin: String)?
        switch database {
        case .sqlite:
            let directory = folder.appendingPathComponent("data").path
            storageOptions = ["--data-dir", directory]
            location = .sqlite(directory: directory)
        case .postgres:
            let admin = try #require(ProcessInfo.processInfo.environment["LANDFALL_TEST_POSTGRES_URL"],
                                     "CI is set but LANDFALL_TEST_POSTGRES_URL is not")
            let url = try await ScratchDatabase.create(adminURL: admin)
            scratchDatabase = (url, admin)
            storageOptions = ["--database-url", url, "--database-connections", "4"]
            location = .postgres(url: url, connections: 2)
        }
        var servers = [try await WebhookFaultServer.start(storage: storageOptions, in: folder)]

        let added = try await LandfallExecutable.run(["webhooks", "add", receiver.url(path: hookPath), "--events", "*"] + storageOptions)
        try #require(added.status == 0, "landfall webhooks add: \(added.standardError)")
        let secret = added.standardOutput.trimmingCharacters(in: .whitespacesAndNewlines)
        try #require(secret.hasPrefix("whsec_") && !secret.contains("\n"), "webhooks add printed '\(added.standardOutput)', not the secret alone")
        let endpointID = try #require(added.standardError.firstMatch(of: /wh_[A-Za-z0-9]{16}/).map { String($0.output) },
                                      "webhooks add names no endpoint: \(added.standardError)")
        try await receiver.setSecrets([secret])

        let created = try await LandfallExecutable.run(["keys", "create", "--name", "webhook-faults", "--scope", "write"] + storageOptions)
        try #require(created.status == 0, "landfall keys create: \(created.standardError)")
        let key = created.standardOutput.trimmingCharacters(in: .whitespacesAndNewlines)

        for _ in 1..<max(1, instances) {
            servers.append(try await WebhookFaultServer.start(storage: storageOptions, in: folder))
        }
        let storage = try await Storage.open(location, logger: CLIDatabase.quiet)
        return WebhookFaultScene(receiver: receiver, storageOptions: storageOptions, storage: storage, endpointID: endpointID,
                                 secret: secret, key: key, folder: folder, scratchDatabase: scratchDatabase, servers: servers)
    }

    private init(receiver: WebhookReceiver, storageOptions: [String], storage: Storage, endpointID: String, secret: String, key: String,
                 folder: URL, scratchDatabase: (url: String, admin: String)?, servers: [WebhookFaultServer]) {
        self.receiver = receiver
        self.storageOptions = storageOptions
        self.storage = storage
        self.endpointID = endpointID
        self.secret = secret
        self.key = key
        self.folder = folder
        self.scratchDatabase = scratchDatabase
        self.running = Mutex(servers)
    }

    /// The running servers, oldest first.
    var servers: [WebhookFaultServer] { running.withLock { $0 } }

    /// The first running server.
    var server: WebhookFaultServer {
        get throws { try #require(servers.first, "no landfall serve is running") }
    }

    /// Starts another server on the same database.
    @discardableResult
    func startServer(webhookOptions: [String] = ["--webhook-lease", "11"]) async throws -> WebhookFaultServer {
        let server = try await WebhookFaultServer.start(storage: storageOptions, in: folder, webhookOptions: webhookOptions)
        running.withLock { $0.append(server) }
        return server
    }

    /// SIGTERM to every server; how each ended.
    func terminateServers() async -> [ChildProcess.Termination] {
        var ended: [ChildProcess.Termination] = []
        for server in running.withLock({ servers in defer { servers = [] }; return servers }) {
            ended.append(await server.terminate())
        }
        return ended
    }

    /// SIGKILL to every server.
    func killServers() async {
        for server in running.withLock({ servers in defer { servers = [] }; return servers }) {
            _ = await server.kill()
        }
    }

    /// Stops everything and drops the PostgreSQL database.
    func finish() async {
        _ = await terminateServers()
        await receiver.stop()
        await storage.close()
        if let scratchDatabase {
            try? await ScratchDatabase.drop(scratchDatabase.url, adminURL: scratchDatabase.admin)
        }
        try? FileManager.default.removeItem(at: folder)
    }

    // MARK: Making events with real requests

    /// A session that leaves redirects to the test.
    static let session = URLSession(configuration: .ephemeral, delegate: NoRedirects(), delegateQueue: nil)

    /// An iPhone's browser (a short link answers it with the landing page and its claim).
    static let iPhone = "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1"
    /// A desktop browser (a short link answers it with a redirect).
    static let desktop = "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36"

    /// Sends `body` (JSON) to `url` with `method`, with the write key when `authorized`;
    /// requires `expected` and returns the answer's JSON object.
    @discardableResult
    func send(_ method: String, _ url: URL, _ body: String, authorized: Bool = false, expecting expected: Int = 200,
              sourceLocation: SourceLocation = #_sourceLocation) async throws -> [String: Any] {
        var request = URLRequest(url: url, timeoutInterval: 30)
        request.httpMethod = method
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        if authorized { request.setValue("Bearer \(key)", forHTTPHeaderField: "Authorization") }
        request.httpBody = Data(body.utf8)
        let (data, response) = try await Self.session.data(for: request)
        let status = (response as? HTTPURLResponse)?.statusCode
        let text = String(decoding: data, as: UTF8.self)
        try #require(status == expected, "\(method) \(url.path) answered \(status ?? 0), not \(expected): \(text)", sourceLocation: sourceLocation)
        return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any], sourceLocation: sourceLocation)
    }

    /// Creates the short link `slug` with the API (`link.created`); returns its id.
    @discardableResult
    func createLink(_ slug: String, through server: WebhookFaultServer? = nil, sourceLocation: SourceLocation = #_sourceLocation) async throws -> String {
        let server = try server ?? self.server
        let link = try await send("POST", server.site("/v1/links"),
                                  #"{"target": "https://daily.example.com/puzzle/2026-11-21", "slug": "\#(slug)", "campaign": {"source": "faults"}}"#,
                                  authorized: true, expecting: 201, sourceLocation: sourceLocation)
        return try #require(link["id"] as? String, sourceLocation: sourceLocation)
    }

    /// Opens the short link `slug` on the link host as `userAgent`; returns the status and the page.
    func click(_ slug: String, as userAgent: String, through server: WebhookFaultServer? = nil) async throws -> (status: Int, page: String) {
        var request = URLRequest(url: try (server ?? self.server).links("/" + slug), timeoutInterval: 30)
        request.setValue(userAgent, forHTTPHeaderField: "User-Agent")
        let (data, response) = try await Self.session.data(for: request)
        return ((response as? HTTPURLResponse)?.statusCode ?? 0, String(decoding: data, as: UTF8.self))
    }

    // MARK: What was stored and what arrived

    /// Every delivery of the scene's endpoint, newest first.
    func deliveries() async throws -> [WebhookDelivery] {
        var all: [WebhookDelivery] = []
        while true {
            let page = try await storage.webhookDeliveries(WebhookDeliveryQuery(endpointID: endpointID, before: all.last?.id, limit: 500))
            all += page
            if page.count < 500 { return all }
        }
    }

    /// The attempts of `delivery`, in order.
    func attempts(_ delivery: WebhookDelivery) async throws -> [WebhookAttempt] {
        try await storage.webhookAttempts(deliveryID: delivery.id)
    }

    /// What was stored and what the receiver recorded, when every delivery was done (or the time ran out).
    struct Outcome {
        var deliveries: [WebhookDelivery]
        var received: [ReceivedWebhook]
        /// From the call to the last delivery done.
        var elapsed: Duration
        /// Whether every delivery is delivered and every event arrived verified.
        var complete: Bool

        /// The received requests, by event id.
        var receivedByID: [String: [ReceivedWebhook]] { Dictionary(grouping: received) { $0.id ?? "" } }
        /// How many requests arrived with an id that arrived before.
        var repeats: Int { received.count - Set(received.map { $0.id ?? "" }).count }
    }

    /// Waits until at least `expected` deliveries are stored, each is `delivered`, and each one's
    /// event arrived verified at the receiver; looks every 100 ms, at most `limit`.
    func waitForEveryDelivery(expected: Int, within limit: Duration) async throws -> Outcome {
        let start = ContinuousClock.now
        while true {
            let deliveries = try await deliveries()
            let received = try receiver.received()
            let verified = Set(received.filter(\.verified).compactMap(\.id))
            let complete = deliveries.count >= expected
                && deliveries.allSatisfy { $0.status == .delivered && verified.contains($0.eventID) }
            if complete || ContinuousClock.now - start >= limit {
                return Outcome(deliveries: deliveries, received: received, elapsed: ContinuousClock.now - start, complete: complete)
            }
            try await Task.sleep(for: .milliseconds(100))
        }
    }

    /// Whether repeats of an event are allowed (with the same `webhook-id`) or none may arrive.
    enum Repeats {
        case allowed, none
    }

    /// What every fault test checks of what the receiver recorded: every request verified by
    /// `standardwebhooks`, on the endpoint's path, its `webhook-id` the body's event id and its
    /// type the stored delivery's; the set of event ids the set stored (none lost, none made
    /// up); a repeat only of the same event with the same `webhook-id` and body.
    func checkRecorded(_ outcome: Outcome, repeats: Repeats, sourceLocation: SourceLocation = #_sourceLocation) {
        let summary = Self.summary(outcome)
        #expect(outcome.complete, "not every delivery was delivered and received within the time: \(summary)", sourceLocation: sourceLocation)
        let unverified = outcome.received.filter { !$0.verified }
        #expect(unverified.isEmpty, "not verified by standardwebhooks: \(unverified.map { "\($0.id ?? "-"): \($0.error ?? "")" })",
                sourceLocation: sourceLocation)
        #expect(outcome.received.allSatisfy { $0.path == Self.hookPath }, "paths: \(Set(outcome.received.map(\.path)))",
                sourceLocation: sourceLocation)
        #expect(outcome.received.allSatisfy { $0.id != nil && $0.id == $0.eventID }, "a webhook-id that is not its body's event id",
                sourceLocation: sourceLocation)
        #expect(outcome.received.allSatisfy { $0.userAgent == "Landfall-Webhooks/1" && $0.contentType == "application/json" },
                sourceLocation: sourceLocation)
        let stored = Set(outcome.deliveries.map(\.eventID))
        let arrived = Set(outcome.received.compactMap(\.id))
        #expect(stored.subtracting(arrived).isEmpty, "stored but never received: \(stored.subtracting(arrived).sorted())", sourceLocation: sourceLocation)
        #expect(arrived.subtracting(stored).isEmpty, "received but never stored: \(arrived.subtracting(stored).sorted())", sourceLocation: sourceLocation)
        let types = Dictionary(outcome.deliveries.map { ($0.eventID, $0.eventType.rawValue) }) { first, _ in first }
        #expect(outcome.received.allSatisfy { $0.type == types[$0.id ?? ""] }, "a received type differs from the stored event's",
                sourceLocation: sourceLocation)
        for (id, copies) in outcome.receivedByID where copies.count > 1 {
            #expect(Set(copies.map(\.rawBody)).count == 1, "the repeats of \(id) differ in body", sourceLocation: sourceLocation)
        }
        if repeats == .none {
            #expect(outcome.repeats == 0, "\(outcome.repeats) repeats in a run without faults: \(summary)", sourceLocation: sourceLocation)
        }
    }

    /// A few words on an outcome for failure messages.
    static func summary(_ outcome: Outcome) -> String {
        let statuses = Dictionary(grouping: outcome.deliveries, by: \.status.rawValue).mapValues(\.count)
        return "\(outcome.deliveries.count) deliveries \(statuses), \(outcome.received.count) requests received "
            + "(\(Set(outcome.received.compactMap(\.id)).count) events, \(outcome.repeats) repeats)"
    }
}

/// The fault table the closing note of issue 17 shows: each test prints its row.
enum WebhookFaultTable {
    /// Prints `| fault | what happened | time |` with the time in seconds.
    static func row(_ fault: String, _ happened: String, _ elapsed: Duration) {
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        print("webhook fault table | \(fault) | \(happened) | \(String(format: "%.1f s", seconds)) |")
    }
}
