import Foundation
import LandfallJSON
import LandfallLinks
@testable import LandfallStorage
import LandfallWebhooks
import Testing

/// The transactional outbox: every change that makes an event writes it, with a delivery for
/// each endpoint that wants it, in the change's own transaction.
@Suite struct WebhookOutboxTests {
    /// A change, and the event types it must write (in order).
    struct Change: Sendable, CustomTestStringConvertible {
        var name: String
        var expected: [String]
        var make: @Sendable (Storage) async throws -> Void
        var testDescription: String { name }
    }

    static let changes: [Change] = [
        Change(name: "a link created", expected: ["link.created"]) { storage in
            try await storage.insert([Fixtures.link("winter")])
        },
        Change(name: "a link changed", expected: ["link.created", "link.updated"]) { storage in
            var link = Fixtures.link("winter")
            try await storage.insert([link])
            link.target = "https://daily.example.com/puzzle/spring"
            #expect(try await storage.update(link))
        },
        Change(name: "a link disabled", expected: ["link.created", "link.disabled"]) { storage in
            var link = Fixtures.link("winter")
            try await storage.insert([link])
            link.isDisabled = true
            #expect(try await storage.update(link))
        },
        Change(name: "a link enabled again", expected: ["link.created", "link.updated"]) { storage in
            var link = Fixtures.link("winter")
            link.isDisabled = true
            try await storage.insert([link])
            link.isDisabled = false
            #expect(try await storage.update(link))
        },
        Change(name: "a link deleted", expected: ["link.created", "link.deleted"]) { storage in
            let link = Fixtures.link("winter")
            try await storage.insert([link])
            #expect(try await storage.delete(id: link.id))
        },
        Change(name: "an invitation redeemed with uses left", expected: ["invite.redeemed"]) { storage in
            let invitation = Fixtures.invitation(uses: 2)
            try await storage.insert([invitation])
            _ = try await storage.redeem(code: invitation.code, at: Fixtures.at(1), event: nil).get()
        },
        Change(name: "an invitation's last use redeemed", expected: ["invite.redeemed", "invite.exhausted"]) { storage in
            let invitation = Fixtures.invitation(uses: 1)
            try await storage.insert([invitation])
            _ = try await storage.redeem(code: invitation.code, at: Fixtures.at(1), event: nil).get()
        },
        Change(name: "a claim matched strongly", expected: ["install.attributed"]) { storage in
            let claim = Fixtures.claim()
            try await storage.insert([claim])
            guard case .claimed = try await storage.claim(token: claim.token, at: Fixtures.at(1), event: nil) else {
                Issue.record("not claimed")
                return
            }
        },
        Change(name: "a claim matched weakly", expected: ["install.attributed"]) { storage in
            let claim = Fixtures.claim()
            try await storage.insert([claim])
            #expect(try await storage.claimWeakly([], matched: claim.token, at: Fixtures.at(1), event: nil) != nil)
        },
        Change(name: "an app opened and first opened", expected: ["app.opened", "app.opened"]) { storage in
            _ = try await storage.record(events: [Fixtures.event(.open), Fixtures.event(.firstOpen, offset: 1)])
        },
        Change(name: "the settings changed", expected: ["settings.changed"]) { storage in
            _ = try await storage.update(RuntimeSettings(invitationsRequired: true), at: Fixtures.at(1))
        },
    ]

    @Test("Each change writes its event, with a delivery for the endpoint, in its transaction", arguments: Backend.all, changes)
    func eachChangeWritesItsEvent(backend: Backend, change: Change) async throws {
        try await backend.withStorage { storage in
            let endpoint = try Fixtures.endpoint()
            try await storage.insert(endpoint)
            try await change.make(storage)
            let events = try await storage.storedWebhookEventJSON()
            // Events of one moment have no order among them: compared sorted.
            #expect(events.compactMap { $0["type"]?.stringValue }.sorted() == change.expected.sorted())
            let deliveries = try await storage.deliveries(of: endpoint.id)
            #expect(deliveries.count == change.expected.count)
            #expect(deliveries.allSatisfy { $0.status == .pending && $0.attempts == 0 })
            #expect(Set(deliveries.map(\.eventID)) == Set(events.compactMap { $0["id"]?.stringValue }))
        }
    }

    @Test("Changes that are not made write no event", arguments: Backend.all)
    func changesNotMadeWriteNothing(backend: Backend) async throws {
        try await backend.withStorage { storage in
            try await storage.insert(try Fixtures.endpoint())
            #expect(try await storage.update(Fixtures.link("nowhere")) == false)
            #expect(try await storage.delete(id: Fixtures.link("nowhere").id) == false)
            let invitation = Fixtures.invitation(uses: 1, revokedAt: Fixtures.at(-1))
            try await storage.insert([invitation])
            #expect((try? await storage.redeem(code: invitation.code, at: Fixtures.now, event: nil).get()) == nil)
            #expect(try await storage.claimWeakly([], matched: Fixtures.token(), at: Fixtures.now, event: nil) == nil)
            _ = try await storage.update(RuntimeSettings(invitationsRequired: false), at: Fixtures.now)
            let open = Fixtures.event(.open)
            _ = try await storage.record(events: [open])
            _ = try await storage.record(events: [open, open])
            // Only the first open: its replays, the refused redemption and the rest changed nothing.
            #expect(try await storage.storedWebhookEventTypes() == ["app.opened"])
        }
    }

    @Test("An endpoint gets the types it wants; a disabled one and a server without endpoints get nothing", arguments: Backend.all)
    func deliveriesFollowSubscriptions(backend: Backend) async throws {
        try await backend.withStorage { storage in
            try await storage.insert([Fixtures.link("before")])
            #expect(try await storage.storedWebhookEvents().isEmpty)

            let links = try Fixtures.endpoint(["link.created", "link.deleted"])
            let invites = try Fixtures.endpoint(["invite.redeemed"])
            var off = try Fixtures.endpoint()
            off.disabledAt = Fixtures.now
            off.disabledReason = "tests"
            for endpoint in [links, invites, off] { try await storage.insert(endpoint) }

            let link = Fixtures.link("winter")
            try await storage.insert([link])
            _ = try await storage.update(RuntimeSettings(invitationsRequired: true), at: Fixtures.at(1))
            #expect(try await storage.delete(id: link.id))

            #expect(try await storage.deliveries(of: links.id).map(\.eventType) == [.linkDeleted, .linkCreated])
            #expect(try await storage.deliveries(of: invites.id).isEmpty)
            #expect(try await storage.deliveries(of: off.id).isEmpty)
            // Nobody wanted settings.changed: it is not stored.
            #expect(try await storage.storedWebhookEventTypes() == ["link.created", "link.deleted"])
        }
    }

    @Test("A test event goes to its endpoint only", arguments: Backend.all)
    func testEventsGoToOneEndpoint(backend: Backend) async throws {
        try await backend.withStorage { storage in
            let one = try Fixtures.endpoint(["link.created"])
            let other = try Fixtures.endpoint()
            try await storage.insert(one)
            try await storage.insert(other)
            let delivery = try #require(try await storage.enqueueTest(.test(endpointID: one.id, at: Fixtures.now), for: one.id))
            #expect(delivery.endpointID == one.id)
            #expect(delivery.eventType == .webhookTest)
            #expect(try await storage.deliveries(of: other.id).isEmpty)
            #expect(try await storage.enqueueTest(.test(endpointID: "wh_none", at: Fixtures.now), for: "wh_none") == nil)
        }
    }

    @Test("The event and its change commit together or not at all", arguments: Backend.all, ["webhook_events", "webhook_deliveries"])
    func eventAndChangeCommitTogether(backend: Backend, failingTable: String) async throws {
        try await backend.withStorage { storage in
            try await storage.insert(try Fixtures.endpoint())
            // A failure injected into the outbox's writes, after the change's own statement.
            switch backend {
            case .sqlite:
                try await storage.execute(raw: "CREATE TRIGGER fail_outbox BEFORE INSERT ON \(failingTable) BEGIN SELECT RAISE(ABORT, 'injected failure'); END")
            case .postgres:
                try await storage.execute(raw: "CREATE FUNCTION fail_outbox() RETURNS trigger AS $$ BEGIN RAISE EXCEPTION 'injected failure'; END $$ LANGUAGE plpgsql")
                try await storage.execute(raw: "CREATE TRIGGER fail_outbox BEFORE INSERT ON \(failingTable) FOR EACH ROW EXECUTE FUNCTION fail_outbox()")
            }
            let link = Fixtures.link("winter")
            await expectStorageError {
                try await storage.insert([link])
            }
            #expect(try await storage.link(id: link.id) == nil)
            #expect(try await storage.storedWebhookEvents().isEmpty)

            let invitation = Fixtures.invitation(uses: 1)
            try await storage.insert([invitation])
            await expectStorageError {
                _ = try await storage.redeem(code: invitation.code, at: Fixtures.at(1), event: nil)
            }
            #expect(try await storage.invitation(code: invitation.code)?.redeemed == 0)

            try await storage.execute(raw: "DROP TRIGGER fail_outbox\(backend == .postgres ? " ON \(failingTable)" : "")")
            try await storage.insert([link])
            #expect(try await storage.link(id: link.id) != nil)
            #expect(try await storage.storedWebhookEventTypes() == ["link.created"])
        }
    }

    @Test("A link event carries the link as stored, and the deleted link as it was", arguments: Backend.all)
    func linkEventsCarryTheLink(backend: Backend) async throws {
        try await backend.withStorage { storage in
            try await storage.insert(try Fixtures.endpoint())
            var link = Fixtures.fullLink()
            link.isDisabled = false
            try await storage.insert([link])
            try await storage.record([Fixtures.count(link, 3)])
            link.slug = "summer"
            link.clickCount = 0   // stale: the event says what is stored
            #expect(try await storage.update(link))
            #expect(try await storage.delete(id: link.id))
            let events = try await storage.storedWebhookEventJSON()
            let links = events.filter { $0["type"]?.stringValue?.hasPrefix("link.") == true }.compactMap { $0["data"]?["link"] }
            #expect(links.map { $0["slug"]?.stringValue } == ["winter", "summer", "summer"])
            #expect(links.map { $0["clicks"] } == [.integer(0), .integer(3), .integer(3)])
            #expect(links.allSatisfy { $0["id"]?.stringValue == link.id.rawValue })
        }
    }
}
