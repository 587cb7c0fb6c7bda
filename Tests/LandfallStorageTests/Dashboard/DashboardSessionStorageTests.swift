import Foundation
import LandfallLinks
@testable import LandfallStorage
import Testing

/// Dashboard sessions: only the hash of the cookie's secret is stored, a session ends at its
/// end or after its idle time (read with an injected clock), signing out ends it, and the purge
/// removes exactly the ended ones.
@Suite struct DashboardSessionStorageTests {
    @Test("a session is found by its cookie's hash with its user; the cookie itself is stored nowhere", arguments: Backend.all)
    func aSessionIsFoundByItsCookie(backend: Backend) async throws {
        try await backend.withStorage { storage in
            let ana = DashboardUserStorageTests.user("ana@daily.example.com")
            try await storage.insert(ana)
            let (cookie, session) = DashboardSessions.start(for: ana, at: Fixtures.now, userAgent: "Mozilla/5.0 " + String(repeating: "x", count: 300))
            try await storage.insert(session)
            #expect(session.userAgent.count == DashboardSessions.maximumUserAgentLength)
            let hash = try #require(DashboardSessions.tokenHash(ofCookie: cookie))
            let found = try #require(try await storage.dashboardSession(tokenHash: hash))
            #expect(found.session == session && found.user.id == ana.id)
            #expect(session.tokenHash != cookie && !session.tokenHash.contains(cookie))
            // Nothing stored holds the cookie's value.
            let rows = try await storage.dashboardSessions(ofUser: ana.id)
            #expect(!rows.contains { "\($0)".contains(cookie) })
        }
    }

    @Test("a cookie value that cannot be a session's is refused before any query", arguments: [
        "", "short", String(repeating: "a", count: 42), String(repeating: "a", count: 44), String(repeating: "a", count: 42) + "-",
        String(repeating: "a", count: 42) + "é", "' OR 1=1 --" + String(repeating: "a", count: 32),
    ])
    func junkCookiesAreNotLookedUp(value: String) {
        #expect(DashboardSessions.tokenHash(ofCookie: value) == nil)
    }

    @Test("a session signs in until its end and while used within its idle time, by an injected clock", arguments: [
        // (seconds since sign-in, seconds since last use, valid)
        // 12 hours are 43,200 s; 7 days 604,800 s.
        (0, 0, true), (3600, 3599, true), (43_200, 43_199, true), (43_200, 43_200, false),
        (604_799, 60, true), (604_800, 0, false), (2_592_000, 0, false),
    ] as [(Double, Double, Bool)])
    func aSessionEndsAtItsEndOrWhenIdle(sinceSignIn: Double, sinceUse: Double, valid: Bool) {
        let policy = DashboardSessionPolicy()
        let user = DashboardUserStorageTests.user("ana@daily.example.com")
        var session = DashboardSessions.start(for: user, at: Fixtures.now, userAgent: "", policy: policy).session
        let now = Fixtures.now.addingTimeInterval(sinceSignIn)
        session.lastSeenAt = now.addingTimeInterval(-sinceUse)
        #expect(session.isValid(at: now, policy: policy) == valid)
    }

    @Test("signing out ends one session; the purge removes the ended and the idle ones and keeps the rest", arguments: Backend.all)
    func signingOutAndThePurge(backend: Backend) async throws {
        try await backend.withStorage { storage in
            let policy = DashboardSessionPolicy(lifetime: 3600, idleTimeout: 600)
            let ana = DashboardUserStorageTests.user("ana@daily.example.com")
            try await storage.insert(ana)
            let start = Fixtures.now
            let ended = DashboardSessions.start(for: ana, at: start, userAgent: "a", policy: policy).session          // ends at +3600
            let idle = DashboardSessions.start(for: ana, at: start.addingTimeInterval(3000), userAgent: "b", policy: policy).session
            let fresh = DashboardSessions.start(for: ana, at: start.addingTimeInterval(3500), userAgent: "c", policy: policy).session
            let signingOut = DashboardSessions.start(for: ana, at: start.addingTimeInterval(3500), userAgent: "d", policy: policy).session
            for session in [ended, idle, fresh, signingOut] { try await storage.insert(session) }
            try await storage.noteDashboardSessionUse(tokenHash: ended.tokenHash, at: start.addingTimeInterval(3590))
            try await storage.noteDashboardSessionUse(tokenHash: ended.tokenHash, at: start.addingTimeInterval(10))   // older: ignored
            #expect(try await storage.dashboardSession(tokenHash: ended.tokenHash)?.session.lastSeenAt == start.addingTimeInterval(3590))

            #expect(try await storage.endDashboardSession(tokenHash: signingOut.tokenHash))
            #expect(try await storage.endDashboardSession(tokenHash: signingOut.tokenHash) == false)
            #expect(try await storage.dashboardSession(tokenHash: signingOut.tokenHash) == nil)

            // At +3700: `ended` passed its end, `idle` was last used 700 s ago, `fresh` 200 s ago.
            #expect(try await storage.purgeDashboardSessions(at: start.addingTimeInterval(3700), policy: policy) == 2)
            #expect(try await storage.dashboardSessions(ofUser: ana.id) == [fresh])
            #expect(try await storage.endDashboardSessions(ofUser: ana.id) == 1)
        }
    }
}
