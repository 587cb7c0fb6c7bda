/// What a person signed in to the dashboard may do.
///
/// ```swift
/// DashboardRole.editor.mayEdit     // true: links and invitations
/// DashboardRole.editor.mayAdminister  // false: people, API keys and settings
/// ```
public enum DashboardRole: String, Sendable, Hashable, CaseIterable, Codable {
    /// Everything: links, invitations, people, API keys and the runtime settings.
    case admin
    /// Links and invitations: create, change, disable, delete, import, revoke.
    case editor
    /// Reads everything an editor can change, and changes nothing.
    case viewer

    /// Whether the role may create and change links and invitations.
    public var mayEdit: Bool { self != .viewer }

    /// Whether the role may manage people, API keys and the runtime settings.
    public var mayAdminister: Bool { self == .admin }

    /// One line saying what the role may do, for lists and `--help`.
    public var summary: String {
        switch self {
        case .admin: "everything: links, invitations, people, API keys and settings"
        case .editor: "links and invitations"
        case .viewer: "reads only"
        }
    }
}
