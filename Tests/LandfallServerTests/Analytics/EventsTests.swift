import Foundation
import Hummingbird
import Testing
@testable import LandfallServer

/// `POST /v1/events`, public: opens reported by apps, each id counted once; types apps may not
/// report, oversized batches and bodies, and times outside the window refused.
@Suite struct EventsTests {
    /// One event as JSON, at `at` (the server's clock stands at 2026-11-20T17:00:00Z).
    static func event(_ id: String = UUID().uuidString.lowercased(), type: String = "open", at: String = "2026-11-20T16:58:12Z",
                      platform: String = "ios", extra: String = "") -> String {
        #"{"id": "\#(id)", "type": "\#(type)", "at": "\#(at)", "platform": "\#(platform)"\#(extra)}"#
    }

    static func batch(_ events: [String]) -> String {
        #"{"events": [\#(events.joined(separator: ", "))]}"#
    }

    @Test("events are accepted once per id: the same id again is a duplicate", arguments: ServerCases.all)
    func duplicates(transport: Transport, database: TestDatabase) async throws {
        let server = try await TestServer.readingAddresses(database: database)
        let key = try await server.authorization(.read)
        try await server.run(transport) { client in
            let first = Self.event("5f0c6d0e-8b1a-4c2e-9d3f-7a6b5c4d3e2f", type: "first_open", extra: #", "url": "https://go.daily.example.com/xmas""#)
            let second = Self.event("0d9e8f7a-6b5c-4d3e-8f2a-1b0c9d8e7f6a", platform: "android")
            let response = try await client.report(Self.batch([first, second]))
            #expect(response.status == .ok, "\(response.text)")
            #expect(try response.json as NSDictionary == ["accepted": 2, "duplicates": 0] as NSDictionary, "\(response.text)")

            let third = Self.event("1a2b3c4d-5e6f-4a1b-8c2d-3e4f5a6b7c8d")
            let replay = try await client.report(Self.batch([first, third, second]))
            #expect(try replay.json as NSDictionary == ["accepted": 1, "duplicates": 2] as NSDictionary, "\(replay.text)")
            let stats = try await client.get("/v1/stats", headers: key)
            #expect(try stats.json[path: "events.first_open"] as? Int == 1, "\(stats.text)")
            #expect(try stats.json["opens"] as? Int == 3, "\(stats.text)")
        }
    }

    @Test("a type apps do not report, or one only the server records, is 400 naming events[i].type", arguments: [
        ("install", 0), ("claim", 1), ("click", 0), ("redemption", 2), ("Open", 0),
    ])
    func refusedTypes(type: String, index: Int) async throws {
        let server = try await TestServer.readingAddresses(database: .sqlite)
        try await server.run(.router) { client in
            var events = (0..<3).map { _ in Self.event() }
            events[index] = Self.event(type: type)
            let response = try await client.report(Self.batch(events))
            response.expectAPIError(.badRequest, "invalid_body", field: "events[\(index)].type")
            #expect(response.errorMessage?.contains(type) == true, "\(response.text)")
        }
    }

    @Test("a batch of 101 events is 400 naming events, and an empty one too; 100 are accepted", arguments: Transport.allCases)
    func batchSize(transport: Transport) async throws {
        let server = try await TestServer.readingAddresses(database: .sqlite)
        try await server.run(transport) { client in
            try await client.report(Self.batch((0..<101).map { _ in Self.event() })).expectAPIError(.badRequest, "invalid_body", field: "events")
            try await client.report(Self.batch([])).expectAPIError(.badRequest, "invalid_body", field: "events")
            let hundred = try await client.report(Self.batch((0..<100).map { _ in Self.event() }))
            #expect(try hundred.json["accepted"] as? Int == 100, "\(hundred.text)")
        }
    }

    @Test("a body over 64 KiB is 413 payload_too_large", arguments: Transport.allCases)
    func bodyTooLarge(transport: Transport) async throws {
        let server = try await TestServer.readingAddresses(database: .sqlite)
        try await server.run(transport) { client in
            // 40 events with URLs of 2000 characters: each event is valid, the body is about 82 KiB.
            let url = "https://daily.example.com/puzzle/2026-11-20?pad=" + String(repeating: "a", count: 1950)
            let body = Self.batch((0..<40).map { _ in Self.event(extra: #", "url": "\#(url)""#) })
            #expect(body.utf8.count > 64 << 10)
            try await client.report(body).expectAPIError(.contentTooLarge, "payload_too_large")
            // Just under the limit is fine.
            let fits = Self.batch((0..<30).map { _ in Self.event(extra: #", "url": "\#(url)""#) })
            #expect(fits.utf8.count < 64 << 10)
            #expect(try await client.report(fits).status == .ok)
        }
    }

    @Test("at more than 5 minutes in the future or more than 30 days old is 400 naming events[i].at", arguments: [
        ("2026-11-20T17:05:01Z", false), ("2026-10-21T16:59:59Z", false), ("2026-11-20T17:05:00Z", true), ("2026-10-21T17:00:00Z", true),
        ("yesterday", false),
    ])
    func window(at: String, accepted: Bool) async throws {
        let server = try await TestServer.readingAddresses(database: .sqlite)
        try await server.run(.router) { client in
            let response = try await client.report(Self.batch([Self.event(), Self.event(at: at)]))
            if accepted {
                #expect(response.status == .ok, "\(at): \(response.text)")
            } else {
                response.expectAPIError(.badRequest, "invalid_body", field: "events[1].at")
            }
        }
    }

    @Test("other bad fields are 400 naming them", arguments: [
        (event("not-a-uuid"), "events[0].id"),
        (event(platform: "windows"), "events[0].platform"),
        (event(extra: #", "url": "javascript:alert(1)""#), "events[0].url"),
        (event(extra: #", "linkID": "xmas""#), "events[0].linkID"),
        (event(extra: #", "detail": "strong""#), "events[0].detail"),
        (#"{"id": "5f0c6d0e-8b1a-4c2e-9d3f-7a6b5c4d3e2f", "type": "open", "platform": "ios"}"#, "events[0].at"),
    ])
    func badFields(event: String, field: String) async throws {
        let server = try await TestServer.readingAddresses(database: .sqlite)
        try await server.run(.router) { client in
            try await client.report(Self.batch([event])).expectAPIError(.badRequest, "invalid_body", field: field)
        }
    }

    @Test("an event of a short link counts under the link's campaign", arguments: TestDatabase.all)
    func linkCampaign(database: TestDatabase) async throws {
        let server = try await TestServer.readingAddresses(database: database)
        let key = try await server.authorization()
        try await server.run(.router) { client in
            let link = try await client.createLink(PendingClaimPageTests.newsletterLink, key: key)
            let response = try await client.report(Self.batch([Self.event(extra: #", "linkID": "\#(link.id)""#)]))
            #expect(response.status == .ok, "\(response.text)")
            let campaign = try await client.get("/v1/stats?campaign=winter-league", headers: key)
            #expect(try campaign.json["opens"] as? Int == 1, "\(campaign.text)")
            let linkStats = try await client.stats(of: link.id, key: key)
            #expect(linkStats["opens"] as? Int == 1)
        }
    }
}
