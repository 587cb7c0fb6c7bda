import Foundation

/// The switches that change how every instance behaves without a restart or an app update:
/// read by apps from `GET /v1/settings`, changed with `PATCH /v1/settings` or the CLI.
///
/// ```swift
/// let settings = try await storage.update(RuntimeSettings(invitationsRequired: true), at: .now)
/// settings.updatedAt   // now, to the millisecond
/// ```
public struct RuntimeSettings: Sendable, Hashable {
    /// Whether the app asks for an invitation code before letting people in.
    public var invitationsRequired: Bool
    /// When the settings were last changed; `nil` while they were never set (the defaults).
    public var updatedAt: Date?

    /// The settings of a database where none were ever stored.
    public static let defaults = RuntimeSettings()

    /// Creates settings.
    public init(invitationsRequired: Bool = false, updatedAt: Date? = nil) {
        self.invitationsRequired = invitationsRequired
        self.updatedAt = updatedAt
    }
}
