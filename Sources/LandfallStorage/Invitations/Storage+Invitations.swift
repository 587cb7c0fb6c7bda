import Foundation
import LandfallLinks
import LandfallWebhooks
import SQLKit

extension Storage {
    /// Stores `invitations`, all or none, in one transaction.
    ///
    /// - Throws: ``StorageError`` `.inviteCodeTaken` when a code is already stored or repeats
    ///   within `invitations` (codes are random: make another and try again); nothing is
    ///   stored then.
    public func insert(_ invitations: [Invitation]) async throws(StorageError) {
        try await insertAllOrNone(
            "storing \(invitations.count) invitation(s)", into: Invitation.table, columns: Invitation.columns,
            key: "code", keys: invitations.map(\.code.rawValue), rows: invitations.map(\.rowValues),
            taken: { .inviteCodeTaken(invitations[$0].code) }
        )
    }

    /// The invitation with `code`, or `nil`.
    public func invitation(code: InviteCode) async throws(StorageError) -> Invitation? {
        try await reading("reading the invitation \(code)") { database in
            try await database.select().columns(Invitation.columns).from(Invitation.table)
                .where("code", .equal, code.rawValue)
                .first()
                .map { row throws(StorageError) in try Invitation(row: row) }
        }
    }

    /// The invitations `query` selects, newest first, then by code (see ``InvitationQuery``
    /// for paging).
    public func invitations(_ query: InvitationQuery) async throws(StorageError) -> [Invitation] {
        let now = Milliseconds.from(query.now)
        return try await reading("listing invitations") { database in
            var select = database.select().columns(Invitation.columns).from(Invitation.table)
            if let after = query.after {
                guard let row = try await database.select().column("created_at").from(Invitation.table)
                    .where("code", .equal, after.rawValue)
                    .first()
                else { return [] }
                let createdAt = try RowReader(row: row, table: Invitation.table, key: after.rawValue).int("created_at")
                select = select.where(
                    "(created_at < \(bind: createdAt) OR (created_at = \(bind: createdAt) AND code > \(bind: after.rawValue)))" as SQLQueryString
                )
            }
            if let batchID = query.batchID {
                select = select.where("batch_id", .equal, batchID)
            }
            if let status = query.status {
                select = select.where(Self.condition(status, now: now))
            }
            select = select.orderBy("created_at", .descending).orderBy("code", .ascending)
            if let limit = query.clampedLimit {
                select = select.limit(limit)
            }
            return try await select.all().map { row throws(StorageError) in try Invitation(row: row) }
        }
    }

    /// Revokes the invitation with `code` as of `date`. Revoking again changes nothing: the
    /// first revocation's time stays.
    ///
    /// - Returns: The invitation as stored now, or `nil` when no invitation has `code`.
    public func revokeInvitation(code: InviteCode, at date: Date) async throws(StorageError) -> Invitation? {
        try await writing("revoking the invitation \(code)") { database, _ in
            try await database.update(Invitation.table)
                .set("revoked_at", to: SQLFunction("COALESCE", args: SQLIdentifier("revoked_at"), SQLBind(Milliseconds.from(date))))
                .where("code", .equal, code.rawValue)
                .returning(Invitation.columns.map { SQLIdentifier($0) })
                .first()
                .map { row throws(StorageError) in try Invitation(row: row) }
        }
    }

    /// Revokes, as of `date`, every invitation of the batch `batchID` that is not revoked yet.
    ///
    /// - Returns: How many were revoked now (0 for an unknown batch, or one revoked before).
    public func revokeInvitations(batchID: String, at date: Date) async throws(StorageError) -> Int {
        try await writing("revoking the invitations of the batch \(batchID)") { database, _ in
            try await database.update(Invitation.table)
                .set("revoked_at", to: Milliseconds.from(date))
                .where("batch_id", .equal, batchID)
                .where("revoked_at", .is, SQLLiteral.null)
                .returning("code")
                .all()
                .count
        }
    }

    /// Redeems the invitation with `code` once, atomically: of any number of concurrent
    /// redemptions (from any instance) of a code with K uses left, exactly K succeed.
    ///
    /// On success `event` (a `EventType/redemption`) is stored in the same transaction; a
    /// `nil` campaign in it becomes the invitation's campaign, a `nil` detail the formatted code.
    ///
    /// ```swift
    /// switch try await storage.redeem(code: code, at: .now, event: event) {
    /// case .success(let invitation): print("welcome, \(invitation.usesLeft) uses left")
    /// case .failure(let refusal):    print(refusal)   // .unknown, .revoked, .expired, .usedUp
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - code: The code the person typed, normalized.
    ///   - date: The moment of the redemption, which expiry is judged at (to the millisecond).
    ///   - event: The app event to store with a successful redemption; `nil` stores none.
    /// - Returns: The invitation with the redemption counted, or why it was refused (a revoked
    ///   invitation is `.revoked` before anything else, then `.expired`, then `.usedUp`).
    public func redeem(code: InviteCode, at date: Date, event: AppEvent?) async throws(StorageError) -> Result<Invitation, RedemptionRefusal> {
        let now = Milliseconds.from(date)
        return try await writing("redeeming the invitation \(code)") { database, _ in
            // The condition is checked by the row's writer: concurrent redemptions wait for
            // each other's lock and see each other's count.
            let updated = try await database.update(Invitation.table)
                .set("redeemed", to: SQLBinaryExpression(SQLIdentifier("redeemed"), .add, SQLLiteral.numeric("1")))
                .where("code", .equal, code.rawValue)
                .where(Self.condition(.active, now: now))
                .returning(Invitation.columns.map { SQLIdentifier($0) })
                .first()
            if let updated {
                let invitation = try Invitation(row: updated)
                if var event {
                    event.campaign = event.campaign ?? invitation.campaign
                    event.detail = event.detail ?? code.formatted
                    _ = try await database.insertSkippingTaken(into: AppEvent.table, columns: AppEvent.columns, key: "id", rows: [event.rowValues])
                }
                var webhooks = [WebhookEvent.redemption(.inviteRedeemed, of: invitation, platform: event?.platform, at: date)]
                if invitation.usesLeft == 0 {
                    webhooks.append(.redemption(.inviteExhausted, of: invitation, platform: event?.platform, at: date))
                }
                try await self.enqueueWebhooks(webhooks, in: database)
                return .success(invitation)
            }
            guard let row = try await database.select().columns(Invitation.columns).from(Invitation.table)
                .where("code", .equal, code.rawValue)
                .first()
            else { return .failure(.unknown) }
            let invitation = try Invitation(row: row)
            // Active only if another transaction changed the row between the two statements:
            // refusing is then the safe answer.
            return .failure(RedemptionRefusal(invitation.status(at: Milliseconds.date(now))) ?? .usedUp)
        }
    }

    /// The SQL condition for invitations in `status` at `now` (milliseconds): the same as
    /// ``Invitation/status(at:)``.
    static func condition(_ status: InvitationStatus, now: Int) -> SQLQueryString {
        switch status {
        case .revoked:
            "revoked_at IS NOT NULL"
        case .expired:
            "(revoked_at IS NULL AND expires_at IS NOT NULL AND expires_at <= \(bind: now))"
        case .usedUp:
            "(revoked_at IS NULL AND (expires_at IS NULL OR expires_at > \(bind: now)) AND redeemed >= uses)"
        case .active:
            "(revoked_at IS NULL AND (expires_at IS NULL OR expires_at > \(bind: now)) AND redeemed < uses)"
        }
    }
}
