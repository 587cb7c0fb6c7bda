import Foundation
import LandfallJSON
import LandfallStorage

/// What `landfall users` writes to the dashboard's audit log, and how a user is shown as JSON
/// (there and in `landfall users list --format json`): never the password's hash.
enum UserAudit {
    /// A user as JSON.
    static func json(_ user: DashboardUser) -> JSONValue {
        .object([
            ("email", .string(user.email)),
            ("name", .string(user.name)),
            ("role", .string(user.role.rawValue)),
            ("disabled", .bool(user.isDisabled)),
            ("createdAt", .string(user.createdAt.formatted(.iso8601))),
            ("lastSignInAt", user.lastSignInAt.map { .string($0.formatted(.iso8601)) } ?? .null),
        ])
    }

    /// The audit entry for `action` done by `command` to `subject`, with the user before and after.
    static func entry(_ action: String, by command: String, subject: String, before: DashboardUser?, after: DashboardUser?,
                      at date: Date) -> DashboardAuditEntry {
        DashboardAuditEntry(at: date, actor: command, action: action, subject: subject,
                            before: before.map { JSONWriter.compact.string(for: json($0)) },
                            after: after.map { JSONWriter.compact.string(for: json($0)) })
    }
}
