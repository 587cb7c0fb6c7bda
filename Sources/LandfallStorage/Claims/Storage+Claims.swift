import Foundation
import LandfallLinks
import LandfallWebhooks
import SQLKit

extension Storage {
    /// Stores `claims`, all or none, in one transaction.
    ///
    /// - Throws: ``StorageError`` `.claimTokenTaken` when a token is already stored or repeats
    ///   within `claims` (tokens are random: make another and try again); nothing is stored then.
    public func insert(_ claims: [PendingClaim]) async throws(StorageError) {
        try await insertAllOrNone(
            "storing \(claims.count) pending claim(s)", into: PendingClaim.table, columns: PendingClaim.columns,
            key: "token", keys: claims.map(\.token.rawValue), rows: claims.map(\.rowValues),
            taken: { .claimTokenTaken(claims[$0].token) }
        )
    }

    /// Records the screen size the page reported for the claim with `token` (the install link
    /// carries it), replacing the one stored. Nothing happens when the claim is unknown or
    /// already claimed, or when `screen` is `nil`.
    ///
    /// - Parameters:
    ///   - token: The claim's token.
    ///   - screen: Normalized: `WIDTHxHEIGHT` in points, shorter side first.
    public func updateHints(token: ClaimToken, screen: String?) async throws(StorageError) {
        guard let screen else { return }
        try await writing("recording the screen of the claim \(token)") { database, _ in
            try await database.update(PendingClaim.table)
                .set("screen", to: screen)
                .where("token", .equal, token.rawValue)
                .where("claimed_at", .is, SQLLiteral.null)
                .run()
        }
    }

    /// The claim with `token`, claimed or not, expired or not, or `nil` (never issued, or purged).
    public func pendingClaim(token: ClaimToken) async throws(StorageError) -> PendingClaim? {
        try await reading("reading the claim \(token)") { database in
            try await Self.claim(token: token.rawValue, in: database)
        }
    }

    /// Claims the pending claim with `token` (a strong match), atomically: of any number of
    /// concurrent claims of one token, from any instance, exactly one gets ``ClaimOutcome/claimed(_:)``.
    ///
    /// On success `event` (a `EventType/claim`) is stored in the same transaction; its `nil`
    /// fields are filled from the claim: the link, the URL, the campaign's name, and `strong`
    /// as the detail.
    ///
    /// ```swift
    /// switch try await storage.claim(token: token, at: .now, event: event) {
    /// case .claimed(let claim):        open(claim.deepLink)
    /// case .alreadyClaimed, .expired, .unknown: break   // match none
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - token: The claim's token, as the app read it from the clipboard or the install referrer.
    ///   - date: The moment of the claim, which expiry is judged at (to the millisecond).
    ///   - event: The app event to store with a successful claim; `nil` stores none.
    public func claim(token: ClaimToken, at date: Date, event: AppEvent?) async throws(StorageError) -> ClaimOutcome {
        let now = Milliseconds.from(date)
        return try await writing("claiming \(token)") { database, _ in
            let updated = try await database.update(PendingClaim.table)
                .set("claimed_at", to: now)
                .set("match_kind", to: ClaimMatch.strong.rawValue)
                .where("token", .equal, token.rawValue)
                .where("claimed_at", .is, SQLLiteral.null)
                .where("expires_at", .greaterThan, now)
                .returning(PendingClaim.columns.map { SQLIdentifier($0) })
                .first()
            if let updated {
                let claim = try PendingClaim(row: updated)
                try await Self.store(event, for: claim, in: database)
                try await self.enqueueWebhooks([.attribution(of: claim, match: .strong, platform: event?.platform ?? claim.hints.platform, at: date)],
                                                in: database)
                return .claimed(claim)
            }
            guard let claim = try await Self.claim(token: token.rawValue, in: database) else { return .unknown }
            return claim.claimedAt == nil ? .expired(claim) : .alreadyClaimed(claim)
        }
    }

    /// The unclaimed, unexpired claims that a weak match for a device may pick from: on
    /// `platform`, with an address hash among `addressHashes` (today's and yesterday's hash
    /// of the device's address), created at or after `since`. Newest first (then by token).
    ///
    /// Which of them fit the device's hints, and whether they agree, is decided by the caller;
    /// ``claimWeakly(_:matched:at:event:)`` then consumes them.
    public func weakClaimCandidates(platform: ClickPlatform, addressHashes: [String], since: Date, now: Date) async throws(StorageError) -> [PendingClaim] {
        guard !addressHashes.isEmpty else { return [] }
        return try await reading("looking for pending claims to match weakly") { database in
            try await database.select().columns(PendingClaim.columns).from(PendingClaim.table)
                .where("platform", .equal, platform.rawValue)
                .where("address_hash", .in, addressHashes)
                .where("created_at", .greaterThanOrEqual, Milliseconds.from(since))
                .where("claimed_at", .is, SQLLiteral.null)
                .where("expires_at", .greaterThan, Milliseconds.from(now))
                .orderBy("created_at", .descending).orderBy("token", .ascending)
                .all()
                .map { row throws(StorageError) in try PendingClaim(row: row) }
        }
    }

    /// Claims `matched` weakly and consumes the other fitting claims `tokens`, atomically and
    /// only if `matched` is still unclaimed and unexpired: of concurrent weak claims of one
    /// claim, exactly one wins.
    ///
    /// Every token of `tokens` (with or without `matched`) that is still unclaimed is marked
    /// claimed with the match `weak`. On success `event` (a `EventType/claim`) is stored in the
    /// same transaction, its `nil` fields filled from the matched claim (the detail: `weak`).
    ///
    /// - Returns: The matched claim as stored now, or `nil` when it was claimed first (by a
    ///   strong or another weak claim), has expired or does not exist; nothing changed then.
    public func claimWeakly(_ tokens: [ClaimToken], matched: ClaimToken, at date: Date, event: AppEvent?) async throws(StorageError) -> PendingClaim? {
        let now = Milliseconds.from(date)
        let all = Set((tokens + [matched]).map(\.rawValue)).sorted()
        return try await writing("claiming \(matched) weakly") { database, _ in
            // Rows locked in one order (PostgreSQL): two weak claims whose candidates overlap
            // wait for each other instead of deadlocking.
            _ = try await database.select().column("token").from(PendingClaim.table)
                .where("token", .in, all)
                .orderBy("token")
                .for(.update)
                .all()
            guard let updated = try await database.update(PendingClaim.table)
                .set("claimed_at", to: now)
                .set("match_kind", to: ClaimMatch.weak.rawValue)
                .where("token", .equal, matched.rawValue)
                .where("claimed_at", .is, SQLLiteral.null)
                .where("expires_at", .greaterThan, now)
                .returning(PendingClaim.columns.map { SQLIdentifier($0) })
                .first()
            else { return nil }
            let claim = try PendingClaim(row: updated)
            let others = all.filter { $0 != matched.rawValue }
            if !others.isEmpty {
                try await database.update(PendingClaim.table)
                    .set("claimed_at", to: now)
                    .set("match_kind", to: ClaimMatch.weak.rawValue)
                    .where("token", .in, others)
                    .where("claimed_at", .is, SQLLiteral.null)
                    .run()
            }
            try await Self.store(event, for: claim, in: database)
            try await self.enqueueWebhooks([.attribution(of: claim, match: .weak, platform: event?.platform ?? claim.hints.platform, at: date)],
                                            in: database)
            return claim
        }
    }

    /// Deletes the claims that expired before `expiredBefore` (claimed or not), and the address
    /// salts of the days before the one two days before `expiredBefore`'s UTC day (so that
    /// only that day's, the day before's and the day before that's remain, and older address
    /// hashes can no longer be linked to addresses). The claims go at most `batchSize` per
    /// statement, each its own transaction (a long-lived site's backlog does not hold the write
    /// lock for long, nor come back all at once).
    ///
    /// - Returns: How many claims were deleted.
    public func purgeClaims(expiredBefore: Date, batchSize: Int = retentionBatchSize) async throws(StorageError) -> Int {
        let deleted = try await purgeInBatches("purging expired claims", table: PendingClaim.table, key: ["token"],
                                               column: "expires_at", before: Milliseconds.from(expiredBefore), batchSize: batchSize)
        let oldestSaltKept = UTCDay.text(daysSince1970: UTCDay.daysSince1970(expiredBefore) - 2)
        try await writing("purging the address salts of past days") { database, _ in
            try await database.delete(from: Storage.addressSaltTable)
                .where("day", .lessThan, oldestSaltKept)
                .run()
        }
        return deleted
    }

    /// The claim with `token` as `database` sees it.
    private static func claim(token: String, in database: any SQLDatabase) async throws -> PendingClaim? {
        try await database.select().columns(PendingClaim.columns).from(PendingClaim.table)
            .where("token", .equal, token)
            .first()
            .map { row throws(StorageError) in try PendingClaim(row: row) }
    }

    /// Stores `event`, if any, for `claim`: its missing link, URL, campaign and detail taken
    /// from the claim.
    private static func store(_ event: AppEvent?, for claim: PendingClaim, in database: any SQLDatabase) async throws {
        guard var event else { return }
        event.linkID = event.linkID ?? claim.linkID
        event.url = event.url ?? claim.url
        event.campaign = event.campaign ?? claim.campaign.name
        event.detail = event.detail ?? claim.match?.rawValue
        _ = try await database.insertSkippingTaken(into: AppEvent.table, columns: AppEvent.columns, key: "id", rows: [event.rowValues])
    }
}
