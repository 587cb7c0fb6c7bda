import ChildProcess
import Foundation
import LandfallStorage
import Testing
import WebhookReceiver

/// Issue 17's "Done when": the demo's journeys (a click, an install, an open, a redemption,
/// and a one-use invitation's last use) reach a receiver that verifies with `standardwebhooks`,
/// through a restart of the server, each event with the data `WebhookEvent+Data.swift` writes.
extension WebhookFaultTests {
    @Test("the demo's journeys through a restart: click, install, open and redeem arrive verified, with their documented data")
    func journeysThroughARestart() async throws {
        try await Self.withScene { scene in
            let start = ContinuousClock.now
            let linkID = try await scene.createLink("journey")
            let desktop = try await scene.click("journey", as: WebhookFaultScene.desktop)
            #expect(desktop.status == 302)
            let phone = try await scene.click("journey", as: WebhookFaultScene.iPhone)
            #expect(phone.status == 200, "a phone without the app gets the landing page")
            let token = try #require(phone.page.firstMatch(of: /\/v1\/claims\/(lfc_[A-Za-z0-9_-]{22})"/).map { String($0.output.1) },
                                     "no claim URL on the landing page")

            // The restart, between the clicks and the install.
            #expect(await scene.terminateServers() == [.exited(0)])
            let server = try await scene.startServer()

            let claim = try await scene.send("POST", server.site("/v1/claims"), #"{"token": "\#(token)", "platform": "ios"}"#)
            #expect(claim["match"] as? String == "strong", "\(claim)")
            let openID = UUID().uuidString.lowercased()
            let now = ISO8601DateFormatter().string(from: Date())
            try await scene.send("POST", server.site("/v1/events"), #"""
                {"events": [{"id": "\#(openID)", "type": "open", "at": "\#(now)", "platform": "ios",
                             "url": "https://go.daily.example.com/journey", "linkID": "\#(linkID)"}]}
                """#)
            let redemption = try await scene.send("POST", server.site("/v1/invites/redeem"), #"{"code": "7kq2m-x4p9t-hcw3r", "platform": "ios"}"#)
            let usesLeft = try #require(redemption["usesLeft"] as? Int)
            // And an invitation of one use, made with `landfall invites create`: its last use.
            let made = try await LandfallExecutable.run(["invites", "create", "--count", "1", "--uses", "1", "--campaign", "faults"]
                + scene.storageOptions)
            let lastUse = try #require(made.standardOutput.split(separator: " ").first.map(String.init), "invites create: \(made.standardError)")
            let exhausting = try await scene.send("POST", server.site("/v1/invites/redeem"), #"{"code": "\#(lastUse)", "platform": "android"}"#)
            #expect(exhausting["usesLeft"] as? Int == 0)

            // link.created, link.clicked (one event or two, batched), install.attributed,
            // app.opened, invite.redeemed twice and invite.exhausted (and once more when the
            // demo invitation's use was its last).
            let expected = usesLeft == 0 ? 8 : 7
            var outcome = try await scene.waitForEveryDelivery(expected: expected, within: .seconds(60))
            while outcome.complete, Self.clicks(in: outcome, slug: "journey") < 2, outcome.elapsed < .seconds(60) {
                outcome = try await scene.waitForEveryDelivery(expected: outcome.deliveries.count + 1, within: .seconds(15))
            }
            scene.checkRecorded(outcome, repeats: .allowed)
            let events = Dictionary(grouping: outcome.receivedByID.values.compactMap(\.first), by: { $0.type ?? "" })
            let wanted: Set = ["link.created", "link.clicked", "install.attributed", "app.opened", "invite.redeemed", "invite.exhausted"]
            #expect(Set(events.keys) == wanted)

            for received in outcome.received {
                let body = try Self.object(received.rawBody)
                #expect(Set(body.keys) == ["id", "type", "timestamp", "data"], "\(received.rawBody)")
                #expect((body["id"] as? String)?.hasPrefix("evt_") == true)
                #expect((body["timestamp"] as? String)?.wholeMatch(of: /\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z/) != nil, "\(received.rawBody)")
            }
            let created = try Self.data(of: events["link.created"]?.first)
            #expect(Set(created.keys) == ["link"])
            let link = try #require(created["link"] as? [String: Any])
            #expect(link["id"] as? String == linkID && link["slug"] as? String == "journey")

            for event in events["link.clicked"] ?? [] {
                let clicked = try Self.data(of: event)
                #expect(Set(clicked.keys) == ["clicks"])
                for click in clicked["clicks"] as? [[String: Any]] ?? [] {
                    #expect(Set(click.keys) == ["linkID", "url", "host", "slug", "day", "platform", "referrerHost", "count"], "\(click)")
                }
            }
            #expect(Self.clicks(in: outcome, slug: "journey") == 2, "the desktop's click and the phone's")
            #expect(Self.clickPlatforms(in: outcome, slug: "journey").contains("ios"))

            let install = try Self.data(of: events["install.attributed"]?.first)
            #expect(Set(install.keys) == ["match", "reason", "platform", "url", "deepLink", "linkID", "campaign", "data", "landedAt", "claimedAt"])
            #expect(install["match"] as? String == "strong" && install["reason"] as? String == "claim_token" && install["platform"] as? String == "ios")
            #expect(install["linkID"] as? String == linkID && install["url"] as? String == "https://go.daily.example.com/journey")
            #expect(install["deepLink"] as? String == "https://daily.example.com/puzzle/2026-11-21")
            #expect((install["campaign"] as? [String: Any])?["source"] as? String == "faults")

            let opened = try Self.data(of: events["app.opened"]?.first)
            #expect(Set(opened.keys) == ["eventID", "firstOpen", "platform", "url", "linkID", "campaign", "openedAt"])
            #expect(opened["eventID"] as? String == openID && opened["firstOpen"] as? Bool == false && opened["platform"] as? String == "ios")
            #expect(opened["linkID"] as? String == linkID && opened["url"] as? String == "https://go.daily.example.com/journey")

            let redemptions = try (events["invite.redeemed"] ?? []).map { try Self.data(of: $0) }
            let demo = try #require(redemptions.first { ($0["invitation"] as? [String: Any])?["code"] as? String == "7KQ2M-X4P9T-HCW3R" })
            #expect(Set(demo.keys) == ["invitation", "redeemedAt", "platform"])
            #expect(demo["platform"] as? String == "ios")
            let invitation = try #require(demo["invitation"] as? [String: Any])
            #expect(invitation["url"] is NSNull && invitation["usesLeft"] as? Int == usesLeft, "\(invitation)")
            #expect(redemptions.contains { ($0["invitation"] as? [String: Any])?["code"] as? String == lastUse }, "the one-use invitation's redemption")
            let exhausted = try Self.data(of: events["invite.exhausted"]?.first { $0.rawBody.contains(lastUse) })
            #expect(Set(exhausted.keys) == ["invitation", "redeemedAt", "platform"] && exhausted["platform"] as? String == "android")
            #expect((exhausted["invitation"] as? [String: Any])?["usesLeft"] as? Int == 0, "\(exhausted)")

            WebhookFaultTable.row("the demo's journeys with a SIGTERM restart after the clicks",
                                  "\(outcome.receivedByID.count) events (\(wanted.sorted().joined(separator: ", "))) verified, data as documented, "
                                      + "\(outcome.repeats) repeats",
                                  ContinuousClock.now - start)
        }
    }

    /// The JSON object `text`.
    static func object(_ text: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any], "not a JSON object: \(text)")
    }

    /// The `data` of `received`'s body.
    static func data(of received: ReceivedWebhook?) throws -> [String: Any] {
        let received = try #require(received, "the event never arrived")
        return try #require(try object(received.rawBody)["data"] as? [String: Any], "\(received.rawBody)")
    }

    /// The `link.clicked` entries of `slug` in every event received (each event once).
    static func clickEntries(in outcome: WebhookFaultScene.Outcome, slug: String) -> [[String: Any]] {
        outcome.receivedByID.values.compactMap(\.first).filter { $0.type == "link.clicked" }.flatMap { received -> [[String: Any]] in
            let clicks = (try? data(of: received))?["clicks"] as? [[String: Any]] ?? []
            return clicks.filter { $0["slug"] as? String == slug }
        }
    }

    /// How many clicks of `slug` the `link.clicked` events counted.
    static func clicks(in outcome: WebhookFaultScene.Outcome, slug: String) -> Int {
        clickEntries(in: outcome, slug: slug).reduce(0) { $0 + ($1["count"] as? Int ?? 0) }
    }

    /// The platforms of the clicks of `slug`.
    static func clickPlatforms(in outcome: WebhookFaultScene.Outcome, slug: String) -> Set<String> {
        Set(clickEntries(in: outcome, slug: slug).compactMap { $0["platform"] as? String })
    }
}
