import Foundation
import LandfallLinks
import LandfallStorage

extension DemoSite {
    /// The demo's invitation, `7KQ2M-X4P9T-HCW3R`, so that `/invites/7KQ2M-X4P9T-HCW3R` shows a
    /// valid invitation on a newcomer's first `landfall serve`.
    static let invitation = InviteCode(rawValue: "7KQ2MX4P9THCW3R")

    /// The batch of the demo's invitation, a fixed UUID as every batch id is
    /// (`Invitation.batch` is `format: uuid` in the API): `landfall invites list --batch
    /// de30de30-0000-4000-8000-000000000000` lists it.
    static let invitationBatch = "de30de30-0000-4000-8000-000000000000"

    /// The batch landfall 0.x stored the demo's invitation in, which is not a UUID; a database
    /// seeded then has it moved to ``invitationBatch`` at the next start of the demo.
    static let legacyInvitationBatch = "demo"

    /// Stores the demo's invitation when `storage` does not have it (one revoked or used up
    /// by the user stays so), and moves one stored in ``legacyInvitationBatch`` to
    /// ``invitationBatch``. Several demo servers starting at once on one database all succeed
    /// and store it once.
    static func seedInvitation(into storage: Storage, now: Date) async throws {
        guard let code = invitation else { return }
        _ = try await storage.insertMissing([
            Invitation(code: code, batchID: invitationBatch, uses: 1000, note: "the demo's invitation", campaign: "demo", createdAt: now),
        ])
        _ = try await storage.moveInvitations(fromBatch: legacyInvitationBatch, toBatch: invitationBatch)
    }
}
