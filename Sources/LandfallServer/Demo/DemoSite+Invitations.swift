import Foundation
import LandfallLinks
import LandfallStorage

extension DemoSite {
    /// The demo's invitation, `7KQ2M-X4P9T-HCW3R`, so that `/invites/7KQ2M-X4P9T-HCW3R` shows a
    /// valid invitation on a newcomer's first `landfall serve`.
    static let invitation = InviteCode(rawValue: "7KQ2MX4P9THCW3R")

    /// Stores the demo's invitation when `storage` does not have it (one revoked or used up
    /// by the user stays so).
    static func seedInvitation(into storage: Storage, now: Date) async throws {
        guard let code = invitation, try await storage.invitation(code: code) == nil else { return }
        try await storage.insert([
            Invitation(code: code, batchID: "demo", uses: 1000, note: "the demo's invitation", campaign: "demo", createdAt: now),
        ])
    }
}
