import Foundation

/// The server's runtime settings an app reads at launch (`GET /v1/settings`), such as
/// whether an invitation is required to use it. A change on the server is visible within
/// a second, without an app update.
///
/// ```swift
/// if try await client.settings().invitationsRequired { showInvitationGate() }
/// ```
public struct RemoteSettings: Sendable, Hashable, Codable {
    /// Whether people need an invitation code to use the app.
    public var invitationsRequired: Bool
    /// When the settings last changed; nil when they were never set.
    public var updatedAt: Date?

    /// Creates settings.
    public init(invitationsRequired: Bool, updatedAt: Date? = nil) {
        self.invitationsRequired = invitationsRequired
        self.updatedAt = updatedAt
    }

    private enum CodingKeys: String, CodingKey {
        case invitationsRequired, updatedAt
    }

    /// Decodes the API's JSON, whose `updatedAt` is RFC 3339 text or null.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.invitationsRequired = try container.decode(Bool.self, forKey: .invitationsRequired)
        if let text = try container.decodeIfPresent(String.self, forKey: .updatedAt) {
            guard let date = WireTime.date(text) else {
                throw DecodingError.dataCorruptedError(forKey: .updatedAt, in: container,
                                                       debugDescription: "'\(text)' is not an RFC 3339 time")
            }
            self.updatedAt = date
        } else {
            self.updatedAt = nil
        }
    }

    /// Encodes the settings as the API writes them.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(invitationsRequired, forKey: .invitationsRequired)
        try container.encode(updatedAt.map(WireTime.string), forKey: .updatedAt)
    }
}
