import Foundation
import LandfallLinks
import SQLKit

extension Storage {
    /// Stores those of `links` whose host and slug no stored link has, and leaves the others
    /// as they are stored: for data that must be there once, however many processes store it
    /// at the same moment (the demo's links at every start).
    ///
    /// Each link is an insert that does nothing when its host and slug are taken (`ON
    /// CONFLICT DO NOTHING`), so two processes storing the same links at once never fail: one
    /// stores each link, the other finds it stored.
    ///
    /// ```swift
    /// let stored = try await storage.insertMissing(demoLinks)   // [] when all were there
    /// ```
    ///
    /// - Returns: The links stored now, in the order of `links` (a link repeating the host and
    ///   slug of an earlier one in `links` is not stored).
    /// - Throws: ``StorageError`` `.idTaken` when a new link's id is stored already (ids are
    ///   random: make another), or when the storage fails; nothing is stored then.
    public func insertMissing(_ links: [ShortLink]) async throws(StorageError) -> [ShortLink] {
        guard !links.isEmpty else { return [] }
        return try await writing("storing \(links.count) link(s) where missing") { database, changes in
            var stored: [ShortLink] = []
            for link in links {
                let inserted: (any SQLRow)?
                do {
                    inserted = try await database.insert(into: ShortLink.table).columns(ShortLink.columns).values(link.rowValues)
                        .ignoringConflicts(with: ["host", "slug"])
                        .returning("id")
                        .first()
                } catch {
                    throw Self.refusal(error, for: link)
                }
                guard inserted != nil else { continue }
                stored.append(link)
                changes.append(LinkChange(id: link.id, host: link.host.lowercased(), slugs: [link.slug]))
            }
            return stored
        }
    }

    /// Stores those of `invitations` whose code is not stored yet, and leaves the others as
    /// they are stored (revoked or used up, say), also when several processes store the same
    /// invitations at the same moment.
    ///
    /// - Returns: The invitations stored now, in the order of `invitations`.
    public func insertMissing(_ invitations: [Invitation]) async throws(StorageError) -> [Invitation] {
        guard !invitations.isEmpty else { return [] }
        return try await writing("storing \(invitations.count) invitation(s) where missing") { database, _ in
            let inserted = try await database.insertSkippingTaken(into: Invitation.table, columns: Invitation.columns, key: "code",
                                                                  rows: invitations.map(\.rowValues))
            var seen = Set<String>()
            return invitations.filter { inserted.contains($0.code.rawValue) && seen.insert($0.code.rawValue).inserted }
        }
    }

    /// Moves every invitation of the batch `old` into the batch `new` (a batch id an older
    /// landfall wrote that the API no longer accepts, such as the demo's `demo`). Moving a
    /// batch that has no invitations changes nothing.
    ///
    /// - Returns: How many invitations moved.
    public func moveInvitations(fromBatch old: String, toBatch new: String) async throws(StorageError) -> Int {
        try await writing("moving the invitations of the batch \(old) to \(new)") { database, _ in
            try await database.update(Invitation.table)
                .set("batch_id", to: new)
                .where("batch_id", .equal, old)
                .returning("code")
                .all()
                .count
        }
    }
}
