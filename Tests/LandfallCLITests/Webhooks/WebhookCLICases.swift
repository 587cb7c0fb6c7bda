import Foundation
import LandfallCLI
import LandfallStorage
import LandfallWebhooks
import Testing

/// What the `landfall webhooks` tests share: adding an endpoint through the command, a site
/// without private networks, and a stand-in for `landfall serve`'s delivery service that
/// records attempts through the same storage calls it makes.
enum WebhookCLICases {
    /// Adds an endpoint with `landfall webhooks add` and returns its secret and id.
    static func add(_ url: String = "https://crm.example.com/landfall", events: String = "*", options: [String]) async throws
        -> (secret: String, id: String) {
        let output = await runLandfallAsync(["webhooks", "add", url, "--events", events, "--format", "json"] + options)
        try #require(output.status == .success, "webhooks add failed: \(output.standardError)")
        let json = try #require(try CLIFixtures.jsonObject(output.standardOutput) as? [String: Any])
        return (try #require(json["secret"] as? String), try #require(json["id"] as? String))
    }

    /// The demo's landfall.yml with `webhooks.allowPrivateNetworks: false`, as a file: a
    /// production site.
    static func productionSite() throws -> String {
        let demo = try String(contentsOfFile: CLIFixtures.example("demo/landfall.yml"), encoding: .utf8)
        let production = demo.replacingOccurrences(of: "allowPrivateNetworks: true", with: "allowPrivateNetworks: false")
        try #require(production != demo, "the demo's landfall.yml no longer sets allowPrivateNetworks: true")
        return try CLIFixtures.temporaryFile("landfall.yml", production)
    }

    /// What the delivery service would record for one attempt.
    struct Attempt: Sendable {
        var statusCode: Int?
        var error: String?
        var answer: String
        var outcome: WebhookAttemptOutcome
    }

    /// Takes every due delivery once and records `attempt` for each, as the delivery service
    /// does after sending; returns how many were taken.
    @discardableResult
    static func attemptDue(in storage: Storage, _ attempt: Attempt, now: Date = Date()) async throws -> Int {
        let due = try await storage.takeDueWebhookDeliveries(now: now, lease: .seconds(60), limit: 100)
        try await storage.recordWebhookAttempts(due.map { delivery in
            WebhookAttemptResult(attempt: WebhookAttempt(deliveryID: delivery.deliveryID, number: delivery.attempt, attemptedAt: now,
                                                         durationMilliseconds: 42, statusCode: attempt.statusCode, error: attempt.error,
                                                         responseExcerpt: attempt.answer),
                                 outcome: attempt.outcome, endpointID: delivery.endpointID)
        }, disableAfter: .seconds(432_000))
        return due.count
    }

    static let delivered = Attempt(statusCode: 200, error: nil, answer: "thanks", outcome: .delivered)
    static let failed = Attempt(statusCode: 500, error: "the endpoint answered 500", answer: "boom", outcome: .failed)
}
