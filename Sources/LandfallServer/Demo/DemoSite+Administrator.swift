import Foundation
import LandfallLinks
import LandfallStorage

extension DemoSite {
    /// The demo dashboard's admin, who signs in at `http://admin.localhost:8080`.
    public static let administratorEmail = "admin@daily.example.com"

    /// Makes the demo's admin, or gives the one a previous start made `password` (its old one
    /// was printed by that start and is gone), enabled and admin again. Nothing else of the
    /// dashboard is touched.
    static func seedAdministrator(into storage: Storage, password: String, cost: UInt8, now: Date) async throws {
        let hash = await DashboardPasswords.hash(password, cost: cost)
        if let existing = try await storage.dashboardUser(email: administratorEmail) {
            _ = try await storage.setDashboardPassword(hash: hash, ofUser: existing.id, at: now)
            _ = try await storage.enableDashboardUser(id: existing.id)
            if existing.role != .admin { _ = try await storage.setDashboardRole(.admin, ofUser: existing.id) }
            return
        }
        let user = DashboardUser(id: DashboardUser.newID(), email: administratorEmail, name: "Demo admin", role: .admin,
                                 passwordHash: hash, createdAt: now)
        do {
            try await storage.insert(user)
        } catch where error.code == .emailTaken(administratorEmail) {
            // Another demo server starting on the same database made it a moment ago: its
            // password wins for it, this one's for this start.
            if let made = try await storage.dashboardUser(email: administratorEmail) {
                _ = try await storage.setDashboardPassword(hash: hash, ofUser: made.id, at: now)
            }
        }
    }
}
