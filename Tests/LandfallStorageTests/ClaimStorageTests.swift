import Foundation
import LandfallLinks
@testable import LandfallStorage
import Testing

/// Pending claims: a token claims once, weak candidates are filtered, weak claims consume,
/// the purge forgets, and the daily salts are shared.
@Suite struct ClaimStorageTests {
    @Test(arguments: Backend.all)
    func aTokenClaimsOnceThenReplaysExpiresOrIsUnknown(backend: Backend) async throws {
        try await backend.withStorage { storage async throws in
            let link = Fixtures.link("winter")
            let claim = Fixtures.claim(linkID: link.id)
            let short = Fixtures.claim(lifetime: 1_000)
            try await storage.insert([claim, short])
            #expect(try await storage.pendingClaim(token: claim.token) == claim)

            let event = Fixtures.event(.claim, offset: 5)
            let outcome = try await storage.claim(token: claim.token, at: Fixtures.at(5), event: event)
            var claimed = claim
            claimed.claimedAt = Fixtures.at(5)
            claimed.match = .strong
            #expect(outcome == .claimed(claimed))
            #expect(try await storage.pendingClaim(token: claim.token) == claimed)

            #expect(try await storage.claim(token: claim.token, at: Fixtures.at(6), event: Fixtures.event(.claim)) == .alreadyClaimed(claimed))
            #expect(try await storage.claim(token: short.token, at: Fixtures.at(1_000), event: Fixtures.event(.claim)) == .expired(short))
            #expect(try await storage.claim(token: Fixtures.token(), at: Fixtures.at(6), event: Fixtures.event(.claim)) == .unknown)
            // Expired stays expired, unclaimed.
            #expect(try await storage.pendingClaim(token: short.token) == short)

            // One event, its missing fields the claim's.
            var stored = event
            stored.linkID = link.id
            stored.url = claim.url
            stored.campaign = "winter-league"
            stored.detail = "strong"
            #expect(try await storage.storedEvents() == [stored])
        }
    }

    @Test(arguments: Backend.all)
    func aTakenOrRepeatedTokenStoresNothing(backend: Backend) async throws {
        try await backend.withStorage { storage async throws in
            let stored = Fixtures.claim()
            try await storage.insert([stored])
            let fresh = Fixtures.claim()
            let error = await expectStorageError { try await storage.insert([fresh, Fixtures.claim(stored.token)]) }
            #expect(error?.code == .claimTokenTaken(stored.token))
            #expect(try await storage.pendingClaim(token: fresh.token) == nil)

            let twice = Fixtures.claim()
            let repeated = await expectStorageError { try await storage.insert([twice, twice]) }
            #expect(repeated?.code == .claimTokenTaken(twice.token))
            #expect(try await storage.pendingClaim(token: twice.token) == nil)
            #expect(try await storage.pendingClaim(token: stored.token) == stored)
        }
    }

    @Test(arguments: Backend.all)
    func twentyConcurrentClaimsOfOneTokenClaimItExactlyOnce(backend: Backend) async throws {
        try await backend.withStorage { storage async throws in
            let claim = Fixtures.claim()
            try await storage.insert([claim])

            let outcomes = try await concurrently(20) { index in
                try await storage.claim(token: claim.token, at: Fixtures.at(10 + index), event: Fixtures.event(.claim))
            }

            let winners = outcomes.compactMap { outcome -> PendingClaim? in
                if case .claimed(let claim) = outcome { claim } else { nil }
            }
            #expect(winners.count == 1)
            let winner = try #require(winners.first)
            #expect(outcomes.filter { $0 == .alreadyClaimed(winner) }.count == 19)
            #expect(try await storage.pendingClaim(token: claim.token) == winner)
            #expect(try await storage.storedEvents().count == 1)
        }
    }

    @Test(arguments: Backend.all)
    func weakCandidatesAreUnclaimedUnexpiredClaimsOfThePlatformAndAddressesWithinTheWindow(backend: Backend) async throws {
        try await backend.withStorage { storage async throws in
            let minute = 60_000
            let newest = Fixtures.claim(address: "today", offset: -5 * minute)
            let yesterdays = Fixtures.claim(address: "yesterday", offset: -20 * minute)
            let atTheEdge = Fixtures.claim(address: "today", offset: -60 * minute)
            let tooOld = Fixtures.claim(address: "today", offset: -60 * minute - 1)
            let android = Fixtures.claim(platform: .android, address: "today", offset: -minute)
            let elsewhere = Fixtures.claim(address: "elsewhere", offset: -minute)
            let claimed = Fixtures.claim(address: "today", offset: -2 * minute)
            let expired = Fixtures.claim(address: "today", offset: -3 * minute, lifetime: 3 * minute)
            try await storage.insert([newest, yesterdays, atTheEdge, tooOld, android, elsewhere, claimed, expired].shuffled())
            _ = try await storage.claim(token: claimed.token, at: Fixtures.at(-minute), event: nil)

            let hashes = [Fixtures.addressHash("today"), Fixtures.addressHash("yesterday")]
            let candidates = try await storage.weakClaimCandidates(platform: .ios, addressHashes: hashes, since: Fixtures.at(-60 * minute), now: Fixtures.now)
            #expect(candidates == [newest, yesterdays, atTheEdge])

            let androids = try await storage.weakClaimCandidates(platform: .android, addressHashes: hashes, since: Fixtures.at(-60 * minute), now: Fixtures.now)
            #expect(androids == [android])
            #expect(try await storage.weakClaimCandidates(platform: .ios, addressHashes: [], since: Fixtures.at(-60 * minute), now: Fixtures.now).isEmpty)
        }
    }

    @Test(arguments: Backend.all)
    func aWeakClaimConsumesEveryFittingClaimOnlyWhileTheMatchedOneIsPending(backend: Backend) async throws {
        try await backend.withStorage { storage async throws in
            let matched = Fixtures.claim(offset: -1_000)
            let sibling = Fixtures.claim(offset: -2_000)
            let untouched = Fixtures.claim(offset: -3_000)
            try await storage.insert([matched, sibling, untouched])

            let event = Fixtures.event(.claim)
            let won = try await storage.claimWeakly([matched.token, sibling.token], matched: matched.token, at: Fixtures.now, event: event)
            var expected = matched
            expected.claimedAt = Fixtures.now
            expected.match = .weak
            #expect(won == expected)
            #expect(try await storage.pendingClaim(token: sibling.token)?.match == .weak)
            #expect(try await storage.pendingClaim(token: sibling.token)?.claimedAt == Fixtures.now)
            #expect(try await storage.pendingClaim(token: untouched.token) == untouched)
            #expect(try await storage.storedEvents().map(\.detail) == ["weak"])

            // Claimed already: nothing changes, not even the claims that are still pending.
            #expect(try await storage.claimWeakly([untouched.token], matched: matched.token, at: Fixtures.at(1), event: event) == nil)
            #expect(try await storage.pendingClaim(token: untouched.token) == untouched)
            #expect(try await storage.claim(token: matched.token, at: Fixtures.at(2), event: nil) == .alreadyClaimed(expected))

            let expiring = Fixtures.claim(lifetime: 10)
            try await storage.insert([expiring])
            #expect(try await storage.claimWeakly([], matched: expiring.token, at: Fixtures.at(10), event: nil) == nil)
            #expect(try await storage.claimWeakly([], matched: Fixtures.token(), at: Fixtures.now, event: nil) == nil)
            #expect(try await storage.storedEvents().count == 1)
        }
    }

    @Test(arguments: Backend.all)
    func concurrentWeakClaimsOfOverlappingCandidatesHaveExactlyOneWinner(backend: Backend) async throws {
        try await backend.withStorage { storage async throws in
            let first = Fixtures.claim(offset: -1_000)
            let second = Fixtures.claim(offset: -2_000)
            try await storage.insert([first, second])

            // Half match the first, half the second, all naming both: whoever commits first
            // consumes both, and the rest find their match claimed (and do not deadlock).
            let results = try await concurrently(20) { index in
                let matched = index.isMultiple(of: 2) ? first.token : second.token
                let tokens = index.isMultiple(of: 4) ? [first.token, second.token] : [second.token, first.token]
                return try await storage.claimWeakly(tokens, matched: matched, at: Fixtures.now, event: Fixtures.event(.claim))
            }

            #expect(results.compactMap { $0 }.count == 1)
            #expect(try await storage.pendingClaim(token: first.token)?.match == .weak)
            #expect(try await storage.pendingClaim(token: second.token)?.match == .weak)
            #expect(try await storage.storedEvents().count == 1)
        }
    }

    @Test(arguments: Backend.all)
    func theScreenHintIsRecordedOnlyWhileTheClaimIsPending(backend: Backend) async throws {
        try await backend.withStorage { storage async throws in
            let pending = Fixtures.claim()
            let claimed = Fixtures.claim()
            try await storage.insert([pending, claimed])
            _ = try await storage.claim(token: claimed.token, at: Fixtures.at(1), event: nil)

            try await storage.updateHints(token: pending.token, screen: "390x844")
            try await storage.updateHints(token: claimed.token, screen: "390x844")
            try await storage.updateHints(token: Fixtures.token(), screen: "390x844")
            #expect(try await storage.pendingClaim(token: pending.token)?.hints.screen == "390x844")
            #expect(try await storage.pendingClaim(token: claimed.token)?.hints.screen == nil)

            try await storage.updateHints(token: pending.token, screen: "360x800")
            try await storage.updateHints(token: pending.token, screen: nil)
            #expect(try await storage.pendingClaim(token: pending.token)?.hints == DeviceHints(platform: .ios, osVersion: "18.1", language: "en-us", screen: "360x800"))
        }
    }

    @Test("Expired claims are purged a batch at a time until none is left, the others kept", arguments: Backend.all)
    func expiredClaimsArePurgedInBatches(backend: Backend) async throws {
        try await backend.withStorage { storage async throws in
            let expired = (1...5).map { Fixtures.claim(offset: -8 * Fixtures.day - $0) }
            let fresh = Fixtures.claim()
            try await storage.insert(expired + [fresh])

            #expect(try await storage.purgeClaims(expiredBefore: Fixtures.now, batchSize: 2) == 5)

            for claim in expired { #expect(try await storage.pendingClaim(token: claim.token) == nil) }
            #expect(try await storage.pendingClaim(token: fresh.token) == fresh)
            #expect(try await storage.purgeClaims(expiredBefore: Fixtures.now, batchSize: 2) == 0)
        }
    }

    @Test(arguments: Backend.all)
    func thePurgeDeletesExpiredClaimsAndSaltsOlderThanTwoDays(backend: Backend) async throws {
        try await backend.withStorage { storage async throws in
            let expiredPending = Fixtures.claim(offset: -8 * Fixtures.day)
            let expiredClaimed = Fixtures.claim(offset: -7 * Fixtures.day - 1)
            let expiringNow = Fixtures.claim(offset: -7 * Fixtures.day)
            let fresh = Fixtures.claim()
            try await storage.insert([expiredPending, expiredClaimed, expiringNow, fresh])
            _ = try await storage.claim(token: expiredClaimed.token, at: Fixtures.at(-7 * Fixtures.day), event: nil)
            let days = ["2026-11-16", "2026-11-17", "2026-11-18", "2026-11-19", "2026-11-20"]
            var salts: [String: [UInt8]] = [:]
            for day in days {
                salts[day] = try await storage.addressSalt(day: day)
            }

            #expect(try await storage.purgeClaims(expiredBefore: Fixtures.now) == 2)

            #expect(try await storage.pendingClaim(token: expiredPending.token) == nil)
            #expect(try await storage.pendingClaim(token: expiredClaimed.token) == nil)
            #expect(try await storage.pendingClaim(token: expiringNow.token) == expiringNow)
            #expect(try await storage.pendingClaim(token: fresh.token) == fresh)
            // 2026-11-20 minus two days: 2026-11-18 is the oldest kept.
            for day in days.suffix(3) {
                #expect(try await storage.addressSalt(day: day) == salts[day], "\(day)")
            }
            for day in days.prefix(2) {
                #expect(try await storage.addressSalt(day: day) != salts[day], "\(day) was made anew")
            }
            #expect(try await storage.purgeClaims(expiredBefore: Fixtures.now) == 0)
        }
    }

    @Test(arguments: Backend.all)
    func anAddressSaltIsStablePerDayDiffersBetweenDaysAndIsSharedByInstances(backend: Backend) async throws {
        try await backend.withLocation { location async throws in
            let first = try await Storage.open(location, logger: .quiet)
            let second = try await Storage.open(location, logger: .quiet)
            do {
                let salts = try await concurrently(20) { index in
                    try await (index.isMultiple(of: 2) ? first : second).addressSalt(day: "2026-11-20")
                }
                #expect(salts.count == 20)
                #expect(Set(salts).count == 1)
                let salt = try #require(salts.first)
                #expect(salt.count == 32)
                #expect(Set(salt).count > 8, "random bytes")
                #expect(try await first.addressSalt(day: "2026-11-20") == salt)
                let next = try await second.addressSalt(day: "2026-11-21")
                #expect(next.count == 32 && next != salt)
                #expect(try await first.addressSalt(day: "2026-11-21") == next)
            } catch {
                await first.close()
                await second.close()
                throw error
            }
            await first.close()
            await second.close()
        }
    }
}
