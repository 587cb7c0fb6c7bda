import DeepLinkRouting
import Foundation
import LandfallKit
import Testing

@Suite struct DeepLinkHandlerTests {
    static let hints = ClaimHints(osVersion: "18.1", language: "en-US")

    static func handler(_ transport: ScriptedTransport, _ recorder: Recorder, state: LinkClientState = LinkClientState(),
                        conditions: Set<LinkCondition> = [], saved: SavedStates? = nil,
                        flushesEvents: Bool = false) throws -> DeepLinkHandler {
        var onStateChange: (@Sendable (LinkClientState) -> Void)?
        if let saved {
            onStateChange = { state in saved.record(state) }
        }
        let client = LinkClient(configuration: Fixtures.configuration, state: state, transport: transport, sleep: { _ in },
                                now: { Fixtures.now }, onStateChange: onStateChange)
        return DeepLinkHandler(router: try Fixtures.router(recorder), client: client, conditions: conditions,
                               flushesEvents: flushesEvents)
    }

    static func strongClaim(_ deepLink: String) -> String {
        #"{"match": "strong", "reason": null, "link": \#(Fixtures.claimedLink(deepLink))}"#
    }

    @Test func aLinkOnTheLinkHostIsResolvedThenItsDeepLinkRouted() async throws {
        let transport = ScriptedTransport(["GET /v1/resolve": [.status(200, Fixtures.resolution)], "POST /v1/events": [.acceptAllEvents]])
        let recorder = Recorder()
        let handler = try Self.handler(transport, recorder)
        let handled = await handler.handle(URL(string: "https://go.daily.example.com/xmas")!)
        #expect(handled.resolvedLink?.id == Fixtures.linkID)
        #expect(handled.routedURL == "https://daily.example.com/puzzle/2026-12-24")
        guard case .opened(let match) = handled.outcome else { Issue.record("expected opened, got \(handled.outcome)"); return }
        #expect(match.route.name == "puzzle")
        #expect(await recorder.opened == ["puzzle 2026-12-24"])

        try await handler.flush()
        let events = await transport.sentBatches().flatMap { $0 }
        #expect(events.map(\.type) == ["open"])
        #expect(events.first?.linkID == Fixtures.linkID)
        #expect(events.first?.url == "https://go.daily.example.com/xmas")
    }

    @Test func anyOtherLinkIsRoutedDirectlyWithoutAskingTheServer() async throws {
        let transport = ScriptedTransport(["POST /v1/events": [.acceptAllEvents]])
        let recorder = Recorder()
        let handler = try Self.handler(transport, recorder)
        let handled = await handler.handle(URL(string: "https://www.daily.example.com/puzzle/2026-11-21")!)
        #expect(handled.resolution == nil)
        #expect(await recorder.opened == ["puzzle 2026-11-21"])
        #expect(await transport.requests(to: "/v1/resolve").isEmpty)
        try await handler.flush()
        let event = try #require(await transport.sentBatches().first?.first)
        #expect(event.type == "open")
        #expect(event.linkID == nil)
    }

    @Test func aLinkThatCannotBeResolvedFallsBack() async throws {
        let transport = ScriptedTransport(["GET /v1/resolve": [.status(404, Fixtures.error("not_found"))]])
        let recorder = Recorder()
        let handler = try Self.handler(transport, recorder)
        let handled = await handler.handle(URL(string: "https://go.daily.example.com/gone")!)
        guard case .refused(let problem) = handled.resolutionError else { Issue.record("expected a refusal"); return }
        #expect(problem.status == 404)
        #expect(handled.routedURL == "https://go.daily.example.com/gone")
        #expect(await recorder.opened == ["fallback /gone"])
    }

    @Test func aRejectedLinkIsNotReported() async throws {
        let transport = ScriptedTransport()
        let recorder = Recorder()
        let handler = try Self.handler(transport, recorder)
        let handled = await handler.handle(URL(string: "https://evil.example/puzzle/2026-11-21")!)
        guard case .rejected = handled.outcome else { Issue.record("expected a rejection"); return }
        #expect(await handler.client.pendingEvents.isEmpty)
        #expect(await recorder.opened.isEmpty)
    }

    @Test func aRouteThatNeedsSignInIsHeldThenReplayedOnceAfterSignIn() async throws {
        let resolution = Fixtures.resolution.replacingOccurrences(of: "https://daily.example.com/puzzle/2026-12-24",
                                                                  with: "https://daily.example.com/user/42")
        let transport = ScriptedTransport(["GET /v1/resolve": [.status(200, resolution)]])
        let recorder = Recorder()
        let handler = try Self.handler(transport, recorder)
        let handled = await handler.handle(URL(string: "https://go.daily.example.com/ada")!)
        guard case .held(let held) = handled.outcome else { Issue.record("expected held, got \(handled.outcome)"); return }
        #expect(held.url == "https://daily.example.com/user/42", "the resolved deep link is held, not the short link")
        #expect(await recorder.opened.isEmpty)
        #expect(await handler.state.heldLinks == [held])

        let replayed = await handler.conditionMet(.signedIn)
        #expect(replayed.count == 1)
        #expect(await recorder.opened == ["profile 42"])
        #expect(await handler.conditionMet(.signedIn).isEmpty)
        #expect(await recorder.opened == ["profile 42"])
        #expect(await handler.state.heldLinks.isEmpty)
    }

    @Test func aHeldLinkSurvivesARelaunchThroughTheState() async throws {
        let recorder = Recorder()
        let first = try Self.handler(ScriptedTransport(), recorder)
        await first.handle(URL(string: "https://daily.example.com/user/7")!)
        let saved = try JSONEncoder().encode(await first.state)

        let restored = try JSONDecoder().decode(LinkClientState.self, from: saved)
        let second = try Self.handler(ScriptedTransport(), recorder, state: restored)
        #expect(await second.heldLinks.map(\.url) == ["https://daily.example.com/user/7"])
        await second.conditionMet(.signedIn)
        #expect(await recorder.opened == ["profile 7"])
    }

    @Test func aSignedInPersonsLinkOpensAtOnce() async throws {
        let recorder = Recorder()
        let handler = try Self.handler(ScriptedTransport(), recorder, conditions: [.signedIn])
        await handler.handle(URL(string: "daily://user/9")!)
        #expect(await recorder.opened == ["profile 9"])
    }

    @Test func theFirstLaunchClaimsExactlyOnceRoutesTheLinkAndReportsFirstOpen() async throws {
        let transport = ScriptedTransport([
            "POST /v1/claims": [.status(200, Self.strongClaim("https://daily.example.com/puzzle/2026-12-24"))],
            "POST /v1/events": [.acceptAllEvents],
        ])
        let recorder = Recorder()
        let handler = try Self.handler(transport, recorder)
        let pasteboard = "https://go.daily.example.com/v1/claims/\(Fixtures.token)"

        let first = await handler.handleFirstLaunch(pasteboard: pasteboard, hints: Self.hints)
        guard case .handled(let claim, .opened(let match)) = first else { Issue.record("expected a routed claim, got \(first)"); return }
        #expect(claim.match == .strong)
        #expect(match.route.name == "puzzle")
        #expect(await recorder.opened == ["puzzle 2026-12-24"])

        let second = await handler.handleFirstLaunch(pasteboard: pasteboard, hints: Self.hints)
        guard case .alreadyHandled = second else { Issue.record("expected already handled, got \(second)"); return }
        #expect(await transport.requests(to: "/v1/claims").count == 1)
        #expect(await recorder.opened == ["puzzle 2026-12-24"])

        let sentClaim = try JSONDecoder().decode([String: String].self, from: Data(
            String(decoding: try #require(await transport.requests(to: "/v1/claims").first?.body), as: UTF8.self)
                .replacingOccurrences(of: "false", with: "\"false\"").utf8))
        #expect(sentClaim["token"] == Fixtures.token)

        try await handler.flush()
        let events = await transport.sentBatches().flatMap { $0 }
        #expect(events.map(\.type) == ["first_open"])
        #expect(events.first?.linkID == Fixtures.linkID)
        #expect(await handler.state.firstLaunchHandled)
    }

    @Test func concurrentFirstLaunchesClaimOnce() async throws {
        let transport = ScriptedTransport(["POST /v1/claims": [.status(200, Self.strongClaim("https://daily.example.com/puzzle/2026-12-24"))]])
        let handler = try Self.handler(transport, Recorder())
        async let first = handler.handleFirstLaunch(claimToken: Fixtures.token)
        async let second = handler.handleFirstLaunch(claimToken: Fixtures.token)
        let results = await [first, second]
        #expect(results.compactMap(\.claim).count == 1)
        #expect(await transport.requests(to: "/v1/claims").count == 1)
    }

    @Test func aFirstLaunchAfterARelaunchWithTheFlagSetDoesNothing() async throws {
        let transport = ScriptedTransport()
        let handler = try Self.handler(transport, Recorder(), state: LinkClientState(firstLaunchHandled: true))
        let reads = Recorder()
        let result = await handler.handleFirstLaunch(hints: Self.hints, allowWeakMatch: true) {
            await reads.record("pasteboard")
            return nil
        }
        guard case .alreadyHandled = result else { Issue.record("expected already handled, got \(result)"); return }
        #expect(await reads.opened.isEmpty, "the pasteboard is not read once the first launch is handled")
        #expect(await transport.requests.isEmpty)
    }

    @Test func withNothingToClaimTheFirstLaunchOnlyReportsFirstOpen() async throws {
        let transport = ScriptedTransport(["POST /v1/events": [.acceptAllEvents]])
        let handler = try Self.handler(transport, Recorder())
        let result = await handler.handleFirstLaunch(pasteboard: "a shopping list", hints: Self.hints)
        #expect(result.claim == .nothingToClaim)
        #expect(result.outcome == nil)
        #expect(await transport.requests(to: "/v1/claims").isEmpty)
        try await handler.flush()
        #expect(await transport.sentBatches().flatMap { $0 }.map(\.type) == ["first_open"])
    }

    @Test func aWeakMatchIsRoutedWhenTheAppAllowsIt() async throws {
        let body = #"{"match": "weak", "reason": null, "link": \#(Fixtures.claimedLink("https://daily.example.com/puzzle/2026-12-25"))}"#
        let transport = ScriptedTransport(["POST /v1/claims": [.status(200, body)]])
        let recorder = Recorder()
        let result = try await Self.handler(transport, recorder).handleFirstLaunch(pasteboard: nil, hints: Self.hints, allowWeakMatch: true)
        #expect(result.claim?.match == .weak)
        #expect(await recorder.opened == ["puzzle 2026-12-25"])
    }

    @Test func aClaimThatFailedOfflineIsTriedAgainWithoutReadingThePasteboardTwice() async throws {
        let transport = ScriptedTransport(["POST /v1/claims": [
            .noConnection, .noConnection, .noConnection, .noConnection,
            .status(200, Self.strongClaim("https://daily.example.com/puzzle/2026-12-24")),
        ]])
        let recorder = Recorder()
        let reads = Recorder()
        let handler = try Self.handler(transport, recorder)
        let read: @Sendable () async -> String? = {
            await reads.record("pasteboard")
            return Fixtures.token
        }
        let offline = await handler.handleFirstLaunch(hints: Self.hints, claimToken: read)
        guard case .failed(let error) = offline, error.isTemporary else { Issue.record("expected a temporary failure, got \(offline)"); return }
        #expect(await !handler.state.firstLaunchHandled)
        #expect(await handler.client.pendingEvents.isEmpty, "first_open waits for the claim")

        let online = await handler.handleFirstLaunch(hints: Self.hints, claimToken: read)
        #expect(online.claim?.match == .strong)
        #expect(await reads.opened == ["pasteboard"])
        #expect(await recorder.opened == ["puzzle 2026-12-24"])
        #expect(await handler.state.firstLaunchHandled)
    }

    @Test func aRefusedClaimStillEndsTheFirstLaunch() async throws {
        let transport = ScriptedTransport(["POST /v1/claims": [.status(400, Fixtures.error("invalid_body", field: "token"))]])
        let handler = try Self.handler(transport, Recorder())
        let result = await handler.handleFirstLaunch(claimToken: "lfc_forged")
        guard case .failed(.refused) = result else { Issue.record("expected a refusal, got \(result)"); return }
        #expect(await handler.state.firstLaunchHandled)
        #expect(await handler.client.pendingEvents.map(\.kind) == [.firstOpen])
    }

    @Test func claimURLsAreReadFromTheRoutersHostsToo() async throws {
        let handler = try Self.handler(ScriptedTransport(), Recorder())
        #expect(handler.claimHosts == ["go.daily.example.com", "daily.example.com", "www.daily.example.com"])
    }

    @Test func theStateIsHandedToTheAppAfterEveryChangeInOrder() async throws {
        let saved = SavedStates()
        let transport = ScriptedTransport(["GET /v1/resolve": [.status(200, Fixtures.resolution)], "POST /v1/events": [.acceptAllEvents]])
        let handler = try Self.handler(transport, Recorder(), saved: saved)
        await handler.handle(URL(string: "https://daily.example.com/user/1")!)
        #expect(saved.states.last?.heldLinks.map(\.url) == ["https://daily.example.com/user/1"])
        #expect(saved.states.last?.pendingEvents.map(\.kind) == [.open])
        await handler.conditionMet(.signedIn)
        #expect(saved.states.last?.heldLinks == [])
        try await handler.flush()
        #expect(saved.states.last == LinkClientState())
        #expect(saved.states.count == 4, "held, reported, replayed, sent")
    }

    @Test func reportedEventsAreSentInTheBackgroundOnce() async throws {
        let transport = ScriptedTransport(["GET /v1/resolve": [.status(200, Fixtures.resolution)], "POST /v1/events": [.acceptAllEvents]])
        let handler = try Self.handler(transport, Recorder(), flushesEvents: true)
        await handler.handle(URL(string: "https://go.daily.example.com/xmas")!)
        await handler.handle(URL(string: "https://daily.example.com/puzzle/2026-11-21")!)
        try await handler.flush()   // joins a background flush in progress, or sends what is left
        let sent = await transport.sentBatches().flatMap { $0 }
        #expect(sent.map(\.type) == ["open", "open"])
        #expect(Set(sent.map(\.id)).count == 2)
        #expect(await handler.client.pendingEvents.isEmpty)
    }
}

/// The states an app saved, in the order the client handed them over.
final class SavedStates: Sendable {
    // A Mutex would need macOS 15; the lock guards every access to `saved`, so the class is
    // safe to share between tasks.
    private nonisolated(unsafe) var saved: [LinkClientState] = []
    private let lock = NSLock()

    func record(_ state: LinkClientState) {
        lock.withLock { saved.append(state) }
    }

    var states: [LinkClientState] {
        lock.withLock { saved }
    }
}
