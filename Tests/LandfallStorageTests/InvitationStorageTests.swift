import Foundation
import LandfallLinks
@testable import LandfallStorage
import Testing

/// Invitations: stored in batches, listed page by page, revoked, and redeemed atomically.
@Suite struct InvitationStorageTests {
    /// Two batches: `older` (five codes at ``Fixtures/now``) and `newer` (three codes a second
    /// later), one of each status.
    struct Batches {
        var older: [Invitation]
        var newer: [Invitation]
        /// Newest first, then by code: the list's order.
        var all: [Invitation] { newer.sorted { $0.code < $1.code } + older.sorted { $0.code < $1.code } }

        init() {
            let olderCodes = Fixtures.codes(5)
            older = [
                Fixtures.invitation(olderCodes[0], batch: "older", uses: 3, redeemed: 1),                                  // active
                Fixtures.invitation(olderCodes[1], batch: "older", uses: 2, redeemed: 2),                                  // used up
                Fixtures.invitation(olderCodes[2], batch: "older", expiresAt: Fixtures.at(-1)),                            // expired
                Fixtures.invitation(olderCodes[3], batch: "older", expiresAt: Fixtures.at(-1), revokedAt: Fixtures.at(-5)), // revoked
                Fixtures.invitation(olderCodes[4], batch: "older", uses: 1, expiresAt: Fixtures.at(60_000), campaign: "beta"), // active
            ]
            newer = Fixtures.codes(3).map { Fixtures.invitation($0, batch: "newer", uses: 5, offset: 1_000) }
        }
    }

    @Test(arguments: Backend.all)
    func invitationsAreStoredReadAndListedNewestFirstThenByCode(backend: Backend) async throws {
        try await backend.withStorage { storage async throws in
            let batches = Batches()
            try await storage.insert(batches.older.shuffled())
            try await storage.insert(batches.newer)

            for invitation in batches.all {
                #expect(try await storage.invitation(code: invitation.code) == invitation)
            }
            #expect(try await storage.invitation(code: Fixtures.code()) == nil)
            #expect(try await storage.invitations(InvitationQuery(now: Fixtures.now, limit: nil)) == batches.all)
            #expect(try await storage.invitations(InvitationQuery(now: Fixtures.now)) == batches.all)
        }
    }

    @Test(arguments: Backend.all)
    func pagesFollowTheCursorAcrossBatchesWithoutGapsOrRepeats(backend: Backend) async throws {
        try await backend.withStorage { storage async throws in
            let batches = Batches()
            try await storage.insert(batches.older + batches.newer)

            var query = InvitationQuery(now: Fixtures.now, limit: 3)
            var pages: [[Invitation]] = []
            while true {
                let page = try await storage.invitations(query)
                if page.isEmpty { break }
                pages.append(page)
                query.after = page.last?.code
            }
            #expect(pages.map(\.count) == [3, 3, 2])
            #expect(pages.flatMap { $0 } == batches.all)

            // A cursor inside a batch continues with its next code.
            let all = batches.all
            #expect(try await storage.invitations(InvitationQuery(now: Fixtures.now, limit: 2, after: all[4].code)) == Array(all[5...6]))
            #expect(try await storage.invitations(InvitationQuery(now: Fixtures.now, after: Fixtures.code())).isEmpty)
            #expect(try await storage.invitations(InvitationQuery(now: Fixtures.now, limit: 0)) == [all[0]])
            #expect(try await storage.invitations(InvitationQuery(now: Fixtures.now, limit: 5_000)) == all)
        }
    }

    @Test(arguments: Backend.all)
    func theListFiltersByBatchAndByStatusAtTheGivenMoment(backend: Backend) async throws {
        try await backend.withStorage { storage async throws in
            let batches = Batches()
            try await storage.insert(batches.older + batches.newer)
            let older = batches.older
            let sortedOlder = older.sorted { $0.code < $1.code }

            #expect(try await storage.invitations(InvitationQuery(batchID: "older", now: Fixtures.now)) == sortedOlder)
            #expect(try await storage.invitations(InvitationQuery(batchID: "none", now: Fixtures.now)).isEmpty)
            for status in InvitationStatus.allCases {
                let expected = batches.all.filter { $0.status(at: Fixtures.now) == status }
                let listed = try await storage.invitations(InvitationQuery(status: status, now: Fixtures.now))
                #expect(listed == expected, "\(status)")
                #expect(!listed.isEmpty, "\(status)")
            }
            // At the moment of its expiry an invitation is expired.
            let expiring = older[4]
            let expiredLater = try await storage.invitations(InvitationQuery(batchID: "older", status: .expired, now: Fixtures.at(60_000)))
            #expect(expiredLater.map(\.code).sorted() == [older[2].code, expiring.code].sorted())
            let activeLater = try await storage.invitations(InvitationQuery(batchID: "older", status: .active, now: Fixtures.at(59_999)))
            #expect(activeLater.map(\.code).sorted() == [older[0].code, expiring.code].sorted())
        }
    }

    @Test(arguments: Backend.all)
    func aTakenOrRepeatedCodeStoresNothingOfTheBatch(backend: Backend) async throws {
        try await backend.withStorage { storage async throws in
            let stored = Fixtures.invitation()
            try await storage.insert([stored])

            let fresh = Fixtures.invitation(batch: "second")
            let taken = Fixtures.invitation(stored.code, batch: "second")
            let error = await expectStorageError { try await storage.insert([fresh, taken]) }
            #expect(error?.code == .inviteCodeTaken(stored.code))
            #expect(error?.message.contains(stored.code.formatted) == true)
            #expect(try await storage.invitation(code: fresh.code) == nil)
            #expect(try await storage.invitation(code: stored.code) == stored)

            let twice = Fixtures.invitation(batch: "third")
            let repeated = await expectStorageError { try await storage.insert([twice, Fixtures.invitation(), twice]) }
            #expect(repeated?.code == .inviteCodeTaken(twice.code))
            #expect(try await storage.invitations(InvitationQuery(now: Fixtures.now, limit: nil)) == [stored])
        }
    }

    @Test(arguments: Backend.all)
    func aBatchOfManyThousandsIsStoredAtOnce(backend: Backend) async throws {
        try await backend.withStorage { storage async throws in
            let invitations = Fixtures.codes(2_345).map { Fixtures.invitation($0, batch: "big") }
            try await storage.insert(invitations)
            let listed = try await storage.invitations(InvitationQuery(batchID: "big", now: Fixtures.now, limit: nil))
            #expect(listed == invitations)
            #expect(try await storage.revokeInvitations(batchID: "big", at: Fixtures.at(1)) == 2_345)
        }
    }

    @Test(arguments: Backend.all)
    func revokingKeepsTheFirstRevocationAndCountsOnlyNewOnesInABatch(backend: Backend) async throws {
        try await backend.withStorage { storage async throws in
            let batch = Fixtures.codes(4).map { Fixtures.invitation($0, batch: "batch") }
            let other = Fixtures.invitation(batch: "other")
            try await storage.insert(batch + [other])

            let first = try #require(try await storage.revokeInvitation(code: batch[0].code, at: Fixtures.at(10)))
            #expect(first.revokedAt == Fixtures.at(10))
            #expect(first.status(at: Fixtures.at(11)) == .revoked)
            let again = try await storage.revokeInvitation(code: batch[0].code, at: Fixtures.at(20))
            #expect(again?.revokedAt == Fixtures.at(10))
            #expect(try await storage.revokeInvitation(code: Fixtures.code(), at: Fixtures.at(20)) == nil)

            #expect(try await storage.revokeInvitations(batchID: "batch", at: Fixtures.at(30)) == 3)
            #expect(try await storage.revokeInvitations(batchID: "batch", at: Fixtures.at(40)) == 0)
            #expect(try await storage.revokeInvitations(batchID: "nothing", at: Fixtures.at(40)) == 0)
            #expect(try await storage.invitation(code: batch[0].code)?.revokedAt == Fixtures.at(10))
            for invitation in batch.dropFirst() {
                #expect(try await storage.invitation(code: invitation.code)?.revokedAt == Fixtures.at(30))
            }
            #expect(try await storage.invitation(code: other.code) == other)
        }
    }

    @Test(arguments: Backend.all)
    func redemptionCountsUsesAndRefusesWithTheReasonOfTheStatus(backend: Backend) async throws {
        try await backend.withStorage { storage async throws in
            let twice = Fixtures.invitation(uses: 2, campaign: "beta")
            let expiring = Fixtures.invitation(expiresAt: Fixtures.at(1_000))
            let revoked = Fixtures.invitation(expiresAt: Fixtures.at(-1), revokedAt: Fixtures.at(-10))
            try await storage.insert([twice, expiring, revoked])

            let first = try await storage.redeem(code: twice.code, at: Fixtures.at(1), event: Fixtures.event(.redemption, offset: 1))
            #expect(try first.invitation().redeemed == 1 && first.invitation().usesLeft == 1)
            let second = try await storage.redeem(code: twice.code, at: Fixtures.at(2), event: Fixtures.event(.redemption, detail: "given", offset: 2))
            #expect(try second.invitation().usesLeft == 0)
            #expect(try await storage.redeem(code: twice.code, at: Fixtures.at(3), event: Fixtures.event(.redemption)) == .failure(.usedUp))
            #expect(try await storage.invitation(code: twice.code)?.redeemed == 2)

            #expect(try await storage.redeem(code: expiring.code, at: Fixtures.at(1_000), event: nil) == .failure(.expired))
            #expect(try await storage.redeem(code: revoked.code, at: Fixtures.now, event: nil) == .failure(.revoked))
            #expect(try await storage.redeem(code: Fixtures.code(), at: Fixtures.now, event: nil) == .failure(.unknown))
            #expect(try await storage.redeem(code: expiring.code, at: Fixtures.at(999), event: nil).invitation().redeemed == 1)

            // Only the two successes with an event stored one; a missing campaign and detail
            // are the invitation's.
            let events = try await storage.storedEvents()
            #expect(events.map(\.type) == [.redemption, .redemption])
            #expect(events.map(\.campaign) == ["beta", "beta"])
            #expect(events.map(\.detail) == [twice.code.formatted, "given"])
        }
    }

    @Test(arguments: Backend.all)
    func fiftyConcurrentRedemptionsOfACodeWithSevenUsesLeftSucceedExactlySevenTimes(backend: Backend) async throws {
        try await backend.withStorage { storage async throws in
            let invitation = Fixtures.invitation(uses: 7)
            try await storage.insert([invitation])

            let outcomes = try await concurrently(50) { _ in
                try await storage.redeem(code: invitation.code, at: Fixtures.at(1), event: Fixtures.event(.redemption, offset: 1))
            }

            let successes = outcomes.compactMap { outcome -> Invitation? in
                if case .success(let invitation) = outcome { invitation } else { nil }
            }
            #expect(successes.count == 7)
            #expect(Set(successes.map(\.redeemed)) == Set(1...7))
            #expect(outcomes.filter { $0 == .failure(.usedUp) }.count == 43)
            #expect(try await storage.invitation(code: invitation.code)?.redeemed == 7)
            let counts = try await storage.trafficCounts(TrafficFilter())
            #expect(counts == [TrafficCount(day: "2026-11-20", type: .redemption, platform: .ios, detail: invitation.code.formatted, count: 7)])
        }
    }

    @Test(arguments: Backend.all)
    func theAuditLogListsNewestFirstAndPagesByTime(backend: Backend) async throws {
        try await backend.withStorage { storage async throws in
            let long = String(repeating: "X", count: 100)
            let entries = [
                InvitationAuditEntry(at: Fixtures.at(0), action: .created, code: "AAAAABBBBBCCCCC"),
                InvitationAuditEntry(at: Fixtures.at(10), action: .refused, code: "nope", reason: "unknown", addressHash: "ab12"),
                InvitationAuditEntry(at: Fixtures.at(10), action: .throttled, code: long, reason: "prefix", addressHash: "ab12"),
                InvitationAuditEntry(at: Fixtures.at(20), action: .redeemed, code: "AAAAABBBBBCCCCC"),
            ]
            try await storage.recordInvitationAudit(Array(entries[0...1]))
            try await storage.recordInvitationAudit(Array(entries[2...3]))
            try await storage.recordInvitationAudit([])
            var cut = entries[2]
            cut.code = String(repeating: "X", count: 64)

            #expect(try await storage.invitationAudit(limit: 10, before: nil) == [entries[3], cut, entries[1], entries[0]])
            #expect(try await storage.invitationAudit(limit: 2, before: nil) == [entries[3], cut])
            #expect(try await storage.invitationAudit(limit: 10, before: Fixtures.at(20)) == [cut, entries[1], entries[0]])
            #expect(try await storage.invitationAudit(limit: 0, before: Fixtures.at(10)) == [entries[0]])
        }
    }
}

extension Result where Success == Invitation, Failure == RedemptionRefusal {
    /// The invitation, or a test failure naming the refusal.
    func invitation(sourceLocation: SourceLocation = #_sourceLocation) throws -> Invitation {
        switch self {
        case .success(let invitation): return invitation
        case .failure(let refusal):
            Issue.record("expected a redemption, got \(refusal)", sourceLocation: sourceLocation)
            throw refusal
        }
    }
}
