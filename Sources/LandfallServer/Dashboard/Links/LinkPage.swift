import Foundation
import Hummingbird
import LandfallStorage

// TODO(session): a placeholder of the dashboard's scaffolding, filled in by the section's work.
enum LinkPage {
    static let templates: [String: String] = [:]
    static let css = ""
    static let script = ""
}

struct LinkPageRoutes: Sendable {
    let storage: Storage
    let clock: @Sendable () -> Date

    func addRoutes(members: RouterGroup<DashboardContext>) {}
}
