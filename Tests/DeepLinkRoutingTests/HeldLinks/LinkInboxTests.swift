import DeepLinkRouting
import Foundation
import Testing

/// Records what handlers saw, safely from any task.
actor Recorder {
    private(set) var opened: [String] = []
    func record(_ value: String) { opened.append(value) }
}

@Suite struct LinkInboxTests {
    static func router(_ recorder: Recorder) throws -> Router {
        try Router(
            sources: [.host("example.com")],
            routes: [
                Route("/user/:id", name: "profile", requires: [.signedIn]) { match in
                    await recorder.record("profile \(match.parameters["id"] ?? "")")
                },
                Route("/billing", name: "billing", requires: [.signedIn, "onboarded"]) { _ in
                    await recorder.record("billing")
                },
                Route("/puzzle/:date", name: "puzzle", parameters: ["date": .day]) { match in
                    await recorder.record("puzzle \(match.parameters["date"] ?? "")")
                },
            ],
            fallback: { link in await recorder.record("fallback \(link.path)") })
    }

    @Test func aLinkWithoutConditionsOpensAtOnce() async throws {
        let recorder = Recorder()
        let inbox = LinkInbox(router: try Self.router(recorder))
        let outcome = await inbox.open("https://example.com/puzzle/2025-10-25")
        guard case .opened(let match) = outcome else { Issue.record("expected opened, got \(outcome)"); return }
        #expect(match.route.name == "puzzle")
        #expect(await recorder.opened == ["puzzle 2025-10-25"])
    }

    @Test func aLinkFromOurHostThatNoRouteMatchesRunsTheFallback() async throws {
        let recorder = Recorder()
        let inbox = LinkInbox(router: try Self.router(recorder))
        guard case .fellBack = await inbox.open("https://example.com/nothing") else { Issue.record("expected a fallback"); return }
        #expect(await recorder.opened == ["fallback /nothing"])
    }

    @Test func aRejectedLinkRunsNothing() async throws {
        let recorder = Recorder()
        let inbox = LinkInbox(router: try Self.router(recorder))
        guard case .rejected = await inbox.open("https://evil.com/user/1") else { Issue.record("expected a rejection"); return }
        #expect(await recorder.opened.isEmpty)
        #expect(await inbox.heldLinks.isEmpty)
    }

    @Test func aLinkIsHeldUntilItsConditionIsMetThenReplayedOnce() async throws {
        let recorder = Recorder()
        let inbox = LinkInbox(router: try Self.router(recorder))
        guard case .held(let held) = await inbox.open("https://example.com/user/42") else { Issue.record("expected held"); return }
        #expect(held == HeldLink(url: "https://example.com/user/42", routeName: "profile", waitingFor: [.signedIn]))
        #expect(await recorder.opened.isEmpty)
        let replayed = await inbox.conditionMet(.signedIn)
        #expect(replayed.count == 1)
        #expect(await recorder.opened == ["profile 42"])
        #expect(await inbox.conditionMet(.signedIn).isEmpty, "a second report replays nothing")
        #expect(await recorder.opened == ["profile 42"])
        await inbox.open("https://example.com/user/7")
        #expect(await recorder.opened == ["profile 42", "profile 7"], "once signed in, links open at once")
    }

    @Test func aLinkNeedingTwoConditionsWaitsForBoth() async throws {
        let recorder = Recorder()
        let inbox = LinkInbox(router: try Self.router(recorder))
        await inbox.open("https://example.com/billing")
        #expect(await inbox.conditionMet(.signedIn).isEmpty)
        #expect(await inbox.heldLinks.count == 1)
        #expect(await inbox.conditionMet("onboarded").count == 1)
        #expect(await recorder.opened == ["billing"])
    }

    @Test func newestWinsKeepsOnlyTheLatestHeldLink() async throws {
        let recorder = Recorder()
        let inbox = LinkInbox(router: try Self.router(recorder), policy: .newestWins)
        await inbox.open("https://example.com/user/1")
        await inbox.open("https://example.com/user/2")
        #expect(await inbox.heldLinks.map(\.url) == ["https://example.com/user/2"])
        await inbox.conditionMet(.signedIn)
        #expect(await recorder.opened == ["profile 2"])
    }

    @Test func newestWinsDropsAHeldLinkWhenANewerOneOpens() async throws {
        let recorder = Recorder()
        let inbox = LinkInbox(router: try Self.router(recorder), policy: .newestWins)
        await inbox.open("https://example.com/user/1")
        await inbox.open("https://example.com/puzzle/2025-10-25")
        #expect(await inbox.heldLinks.isEmpty)
        await inbox.conditionMet(.signedIn)
        #expect(await recorder.opened == ["puzzle 2025-10-25"])
    }

    @Test func aQueueReplaysEveryHeldLinkInArrivalOrder() async throws {
        let recorder = Recorder()
        let inbox = LinkInbox(router: try Self.router(recorder), policy: .queue(limit: 10))
        for id in 1...3 { await inbox.open("https://example.com/user/\(id)") }
        await inbox.open("https://example.com/puzzle/2025-10-25")
        #expect(await inbox.heldLinks.count == 3, "a link that opens does not clear a queue")
        await inbox.conditionMet(.signedIn)
        #expect(await recorder.opened == ["puzzle 2025-10-25", "profile 1", "profile 2", "profile 3"])
    }

    @Test func aQueueDropsTheOldestBeyondItsLimit() async throws {
        let inbox = LinkInbox(router: try Self.router(Recorder()), policy: .queue(limit: 2))
        for id in 1...5 { await inbox.open("https://example.com/user/\(id)") }
        #expect(await inbox.heldLinks.map(\.url) == ["https://example.com/user/4", "https://example.com/user/5"])
    }

    @Test func losingAConditionHoldsLinksAgain() async throws {
        let recorder = Recorder()
        let inbox = LinkInbox(router: try Self.router(recorder), conditions: [.signedIn])
        await inbox.open("https://example.com/user/1")
        await inbox.conditionLost(.signedIn)
        guard case .held = await inbox.open("https://example.com/user/2") else { Issue.record("expected held"); return }
        #expect(await recorder.opened == ["profile 1"])
    }

    @Test func heldLinksSurviveARelaunchThroughCodable() async throws {
        let recorder = Recorder()
        let first = LinkInbox(router: try Self.router(recorder), policy: .queue(limit: 5))
        await first.open("https://example.com/user/1")
        await first.open("https://example.com/billing")
        let saved = try JSONEncoder().encode(await first.heldLinks)
        #expect(String(decoding: saved, as: UTF8.self).contains(#""waitingFor":["onboarded","signedIn"]"#))

        let restored = try JSONDecoder().decode([HeldLink].self, from: saved)
        let second = LinkInbox(router: try Self.router(recorder), policy: .queue(limit: 5), conditions: [.signedIn, "onboarded"],
                               restoring: restored)
        #expect(await second.replayReadyLinks().count == 2)
        #expect(await recorder.opened == ["profile 1", "billing"])
        #expect(await second.heldLinks.isEmpty)
    }

    @Test func discardingHeldLinksReturnsThem() async throws {
        let inbox = LinkInbox(router: try Self.router(Recorder()))
        await inbox.open("https://example.com/user/1")
        #expect(await inbox.discardHeldLinks().count == 1)
        #expect(await inbox.heldLinks.isEmpty)
    }

    @Test func heldLinksDeliveredFromManyTasksAreEachReplayedExactlyOnce() async throws {
        let recorder = Recorder()
        let inbox = LinkInbox(router: try Self.router(recorder), policy: .queue(limit: 10_000))
        let count = 500
        await withTaskGroup(of: Void.self) { group in
            for id in 0..<count {
                group.addTask { await inbox.open("https://example.com/user/\(id)") }
            }
            // Reports of the condition race with the deliveries.
            for _ in 0..<20 {
                group.addTask { await inbox.conditionMet(.signedIn) }
            }
        }
        await withTaskGroup(of: Void.self) { group in
            for _ in 0..<20 { group.addTask { await inbox.conditionMet(.signedIn) } }
        }
        let opened = await recorder.opened
        #expect(opened.count == count)
        #expect(Set(opened) == Set((0..<count).map { "profile \($0)" }))
        #expect(await inbox.heldLinks.isEmpty)
    }

    @Test func concurrentReportsOfOneConditionReplayAHeldQueueOnce() async throws {
        let recorder = Recorder()
        let inbox = LinkInbox(router: try Self.router(recorder), policy: .queue(limit: 1000))
        for id in 0..<200 { await inbox.open("https://example.com/user/\(id)") }
        let replayed = await withTaskGroup(of: Int.self) { group in
            for _ in 0..<50 { group.addTask { await inbox.conditionMet(.signedIn).count } }
            return await group.reduce(0, +)
        }
        #expect(replayed == 200)
        #expect(await recorder.opened.count == 200)
        #expect(Set(await recorder.opened).count == 200)
    }
}
