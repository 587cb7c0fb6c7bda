import Foundation
import Hummingbird
import LandfallStorage

// TODO(session): a placeholder of the dashboard's scaffolding, filled in by the section's work.
enum APIKeyPages {
    static let templates: [String: String] = [:]
    static let css = ""
}

struct APIKeyPageRoutes: Sendable {
    let storage: Storage
    let clock: @Sendable () -> Date

    func addRoutes(admins: RouterGroup<DashboardContext>) {}
}
