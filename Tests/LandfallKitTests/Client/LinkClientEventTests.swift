import Foundation
import LandfallKit
import Testing

@Suite struct LinkClientEventTests {
    static func event(_ number: Int, kind: LinkEvent.Kind = .open, at date: Date = Fixtures.now) -> LinkEvent {
        LinkEvent(kind: kind, occurredAt: date, url: "https://go.daily.example.com/e\(number)",
                  id: String(format: "00000000-0000-4000-8000-%012d", number))
    }

    @Test func reportedEventsAreSentAsTheAPIDocuments() async throws {
        let transport = ScriptedTransport(["POST /v1/events": [.acceptAllEvents]])
        let client = Fixtures.client(transport)
        await client.report(LinkEvent(kind: .firstOpen, occurredAt: Fixtures.now, url: "https://go.daily.example.com/xmas",
                                      linkID: Fixtures.linkID, id: "0d9e8f6a-2c44-4b7e-9f0e-3b1a2c4d5e6f"))
        await client.report(LinkEvent(kind: .open, occurredAt: Fixtures.now, url: "daily://puzzle/today",
                                      id: "1d9e8f6a-2c44-4b7e-9f0e-3b1a2c4d5e6f"))
        let summary = try await client.flush()
        #expect(summary == FlushSummary(accepted: 2))
        #expect(await transport.sentBatches() == [[
            SentEvents.Event(id: "0d9e8f6a-2c44-4b7e-9f0e-3b1a2c4d5e6f", type: "first_open", at: "2026-11-21T10:00:00.000Z",
                             platform: "ios", url: "https://go.daily.example.com/xmas", linkID: Fixtures.linkID),
            SentEvents.Event(id: "1d9e8f6a-2c44-4b7e-9f0e-3b1a2c4d5e6f", type: "open", at: "2026-11-21T10:00:00.000Z",
                             platform: "ios", url: nil, linkID: nil),
        ]])
        #expect(await client.pendingEvents.isEmpty)
    }

    @Test func eventsAreSentInBatchesOfAtMostOneHundred() async throws {
        let transport = ScriptedTransport(["POST /v1/events": [.acceptAllEvents]])
        let client = Fixtures.client(transport)
        for number in 1...250 { await client.report(Self.event(number)) }
        let summary = try await client.flush()
        #expect(summary.accepted == 250)
        let batches = await transport.sentBatches()
        #expect(batches.map(\.count) == [100, 100, 50])
        #expect(batches.flatMap { $0 }.map(\.id) == (1...250).map { Self.event($0).id }, "oldest first, each once")
    }

    @Test func eventsReportedOfflineSurviveARelaunchAndKeepTheirIDs() async throws {
        let offline = ScriptedTransport(["POST /v1/events": [.noConnection]])
        let first = Fixtures.client(offline)
        await first.report(Self.event(1))
        await first.report(Self.event(2, kind: .firstOpen))
        await #expect(throws: LinkClientError.self) { try await first.flush() }
        #expect(await first.pendingEvents.count == 2, "a failed flush keeps its events")

        // The app saves the state as JSON and is killed; the next launch reads it back.
        let saved = try JSONEncoder().encode(await first.state)
        let restored = try JSONDecoder().decode(LinkClientState.self, from: saved)
        let online = ScriptedTransport(["POST /v1/events": [.acceptAllEvents]])
        let second = Fixtures.client(online, state: restored)
        #expect(try await second.flush().accepted == 2)

        let sentOffline = await offline.sentBatches().first?.map(\.id)
        let sentOnline = await online.sentBatches().first?.map(\.id)
        #expect(sentOnline == [Self.event(1).id, Self.event(2).id])
        #expect(sentOnline == sentOffline, "a retry reuses the ids, so the server counts the events once")
        #expect(await second.pendingEvents.isEmpty)
    }

    @Test func theQueueIsBoundedAndDropsTheOldestFirst() async throws {
        var configuration = Fixtures.configuration
        configuration.maxPendingEvents = 1000
        let client = Fixtures.client(ScriptedTransport(), configuration: configuration)
        for number in 1...1005 { await client.report(Self.event(number)) }
        let pending = await client.pendingEvents
        #expect(pending.count == 1000)
        #expect(pending.first?.id == Self.event(6).id)
        #expect(pending.last?.id == Self.event(1005).id)
    }

    @Test func aRestoredStateLargerThanTheBoundIsTrimmed() async throws {
        var configuration = Fixtures.configuration
        configuration.maxPendingEvents = 3
        let state = LinkClientState(pendingEvents: (1...5).map { Self.event($0) })
        let client = Fixtures.client(ScriptedTransport(), state: state, configuration: configuration)
        #expect(await client.pendingEvents.map(\.id) == (3...5).map { Self.event($0).id })
    }

    @Test func anEventAlreadyQueuedIsNotQueuedTwice() async throws {
        let client = Fixtures.client(ScriptedTransport())
        await client.report(Self.event(1))
        await client.report(Self.event(1))
        #expect(await client.pendingEvents.count == 1)
    }

    @Test func eventsOlderThanThirtyDaysAreDroppedInsteadOfSent() async throws {
        let transport = ScriptedTransport(["POST /v1/events": [.acceptAllEvents]])
        let client = Fixtures.client(transport)
        await client.report(Self.event(1, at: Fixtures.now.addingTimeInterval(-31 * 24 * 3600)))
        await client.report(Self.event(2))
        #expect(try await client.flush() == FlushSummary(accepted: 1, dropped: 1))
        #expect(await transport.sentBatches().flatMap { $0 }.map(\.id) == [Self.event(2).id])
    }

    @Test func anEventTheServerRefusesIsDroppedAndTheRestOfItsBatchSent() async throws {
        let transport = ScriptedTransport(["POST /v1/events": [
            .status(400, Fixtures.error("invalid_body", "too far in the future", field: "events[1].at")), .acceptAllEvents,
        ]])
        let client = Fixtures.client(transport)
        for number in 1...3 { await client.report(Self.event(number)) }
        #expect(try await client.flush() == FlushSummary(accepted: 2, dropped: 1))
        #expect(await transport.sentBatches().last?.map(\.id) == [Self.event(1).id, Self.event(3).id])
        #expect(await client.pendingEvents.isEmpty)
    }

    @Test func aBatchTooLargeForTheServerIsSplit() async throws {
        let transport = ScriptedTransport(["POST /v1/events": [.status(413, Fixtures.error("payload_too_large")), .acceptAllEvents]])
        let client = Fixtures.client(transport)
        for number in 1...10 { await client.report(Self.event(number)) }
        #expect(try await client.flush().accepted == 10)
        #expect(await transport.sentBatches().map(\.count) == [10, 5, 5])
    }

    @Test func duplicatesTheServerAlreadyHadLeaveTheQueue() async throws {
        let transport = ScriptedTransport(["POST /v1/events": [.status(200, #"{"accepted": 1, "duplicates": 1}"#)]])
        let client = Fixtures.client(transport)
        await client.report(Self.event(1))
        await client.report(Self.event(2))
        #expect(try await client.flush() == FlushSummary(accepted: 1, duplicates: 1))
        #expect(await client.pendingEvents.isEmpty)
    }

    @Test func anEndpointTheServerDoesNotHaveKeepsTheEvents() async throws {
        let transport = ScriptedTransport(["POST /v1/events": [.status(404, Fixtures.error("not_found"))]])
        let client = Fixtures.client(transport)
        await client.report(Self.event(1))
        await #expect(throws: LinkClientError.self) { try await client.flush() }
        #expect(await client.pendingEvents.count == 1)
    }

    @Test func concurrentFlushesSendEachEventOnce() async throws {
        let transport = ScriptedTransport(["POST /v1/events": [.acceptAllEvents]])
        let client = Fixtures.client(transport)
        for number in 1...150 { await client.report(Self.event(number)) }
        async let first = client.flush()
        async let second = client.flush()
        _ = try await (first, second)
        let sent = await transport.sentBatches().flatMap { $0 }.map(\.id)
        #expect(sent.count == 150)
        #expect(Set(sent).count == 150)
    }

    @Test func aLongURLIsLeftOutOfTheEvent() async throws {
        let client = Fixtures.client(ScriptedTransport())
        await client.report(LinkEvent(kind: .open, occurredAt: Fixtures.now,
                                      url: "https://daily.example.com/" + String(repeating: "a", count: 3000)))
        #expect(await client.pendingEvents.first?.url == nil)
    }
}
