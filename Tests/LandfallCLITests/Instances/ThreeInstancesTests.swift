import Foundation
@testable import LandfallStorage
import Testing

/// Issue 19, "exact counts", with the real executable: three `landfall serve` on one
/// PostgreSQL behave as one server. Every server keeps links in memory for 10 minutes
/// (`--link-cache-ttl 600`), so only the change notifications (and, after the listener's
/// connection dropped, emptying the cache) can make an instance see another's change.
///
/// Alone, each test takes 4 to 8 seconds; the time limits leave room for starting three
/// servers while the rest of the suite runs in parallel (a minute, seen here).
@Suite(.serialized, .enabled(if: CLIDatabase.all.contains(.postgres), "needs LANDFALL_TEST_POSTGRES_URL (scripts/with-postgres)"))
struct ThreeInstancesTests {
    @Test("a link created on one instance redirects on the other two, where its slug was just looked up and not found",
          .timeLimit(.minutes(10)))
    func aLinkCreatedOnOneRedirectsOnTheOthers() async throws {
        try await ThreeInstances.run { scene in
            #expect(try await scene.clicks("made-on-one") == [404, 404, 404], "no such link yet: each remembers that")
            try await scene.createLink("made-on-one", on: 0)
            let statuses = try await scene.waitUntilEveryInstance(answers: 302, for: "made-on-one", within: .seconds(5))
            #expect(statuses == [302, 302, 302], "\(scene.logs)")
        }
    }

    /// How a link is stopped through the API, and what a stopped link answers.
    struct Stopping: Sendable, CustomTestStringConvertible {
        var name: String
        var method: String
        var path: @Sendable (String) -> String
        var body: String?
        var answer: Int
        var testDescription: String { name }
    }

    static let stoppings = [
        Stopping(name: "disabled (PATCH disabled: true)", method: "PATCH", path: { "/v1/links/\($0)" }, body: #"{"disabled": true}"#, answer: 410),
        Stopping(name: "disabled (POST /disable)", method: "POST", path: { "/v1/links/\($0)/disable" }, body: nil, answer: 410),
        Stopping(name: "deleted", method: "DELETE", path: { "/v1/links/\($0)" }, body: nil, answer: 404),
    ]

    @Test("a link stopped on one instance redirects on none of the three within a second", .timeLimit(.minutes(10)), arguments: stoppings)
    func aLinkStoppedOnOneRedirectsOnNone(stopping: Stopping) async throws {
        try await ThreeInstances.run { scene in
            let id = try await scene.createLink("stopped", on: 0)
            let cached = try await scene.waitUntilEveryInstance(answers: 302, for: "stopped", within: .seconds(5))
            try #require(cached == [302, 302, 302], "each instance has the link in memory: \(scene.logs)")

            let answer = try await scene.send(stopping.method, stopping.path(id), stopping.body, to: 1)
            try #require((200..<300).contains(answer.status), "\(stopping.method) answered \(answer.status): \(answer.text)")
            let statuses = try await scene.waitUntilEveryInstance(answers: stopping.answer, for: "stopped", within: .seconds(1))
            #expect(statuses == [stopping.answer, stopping.answer, stopping.answer], "\(scene.logs)")
        }
    }

    @Test("a link of 5 clicks opened 30 times at once through all three instances admits exactly 5; the others are told it is used up",
          .timeLimit(.minutes(10)))
    func aLimitedLinkAdmitsExactlyItsClicksAcrossInstances() async throws {
        try await ThreeInstances.run { scene in
            try await scene.createLink("five-clicks", fields: #""maxClicks": 5"#, on: 0)
            let statuses = try await withThrowingTaskGroup(of: Int.self) { group in
                for attempt in 0..<30 {
                    group.addTask { try await scene.click("five-clicks", on: attempt % 3) }
                }
                return try await group.reduce(into: [Int]()) { $0.append($1) }
            }
            #expect(statuses.filter { $0 == 302 }.count == 5, "redirects: \(statuses)")
            #expect(statuses.filter { $0 == 410 }.count == 25, "used up: \(statuses)")
            #expect(try await scene.clicks("five-clicks") == [410, 410, 410], "used up everywhere afterwards")
        }
    }

    @Test("after the listeners' connections are killed, a change made meanwhile straight in the database is applied on every instance",
          .timeLimit(.minutes(10)))
    func aChangeMissedWhileTheListenerReconnectsIsApplied() async throws {
        try await ThreeInstances.run { scene in
            let id = try await scene.createLink("missed", on: 0)
            let cached = try await scene.waitUntilEveryInstance(answers: 302, for: "missed", within: .seconds(5))
            try #require(cached == [302, 302, 302], "each instance has the link in memory: \(scene.logs)")

            // Written without pg_notify: no instance is ever told of this change. Each can only
            // see it by forgetting what it holds once its listener listens again.
            try await scene.storage.execute(raw: """
                SELECT pg_terminate_backend(pid) FROM pg_stat_activity
                WHERE datname = current_database() AND application_name = 'landfall listener'
                """)
            try await scene.storage.execute(raw: "UPDATE links SET disabled = TRUE WHERE id = '\(id)'")
            let statuses = try await scene.waitUntilEveryInstance(answers: 410, for: "missed", within: .seconds(5))
            #expect(statuses == [410, 410, 410], "\(scene.logs)")
            for (index, server) in scene.servers.enumerated() {
                #expect(server.process.standardError.contains("emptied the link cache"), "instance \(index + 1) says why it forgot its links")
            }
        }
    }

    @Test("100 wrong invitation codes spread over the three instances are throttled as if one server saw them",
          .timeLimit(.minutes(10)))
    func wrongInvitationCodesAreThrottledAcrossInstances() async throws {
        try await ThreeInstances.run { scene in
            let started = ContinuousClock.now
            var answers: [(status: Int, error: String?)] = []
            for attempt in 0..<100 {
                answers.append(try await scene.redeem(ThreeInstances.unknownCode(attempt), on: attempt % 3))
            }
            let elapsed = ContinuousClock.now - started
            // One address may try 10 codes that do not exist, then one every 30 s (GuessLimits).
            let refilled = Int(elapsed / .seconds(30))
            let unknown = answers.filter { $0.status == 404 && $0.error == "invite_unknown" }.count
            let throttled = answers.filter { $0.status == 429 && $0.error == "invite_rate_limited" }.count
            #expect((10...10 + refilled).contains(unknown), "answered invite_unknown: \(unknown) of 100 in \(elapsed)")
            #expect(unknown + throttled == 100, "every other one is throttled: \(answers)")
        }
    }
}
