import Foundation
import LandfallLinks

/// An API key as stored: its public id, name and scope, and only a hash of its secret.
///
/// ``APIKeys/generate(name:scope:at:)`` makes one together with the text shown once to the
/// person who created it.
public struct APIKeyRecord: Sendable, Hashable, Codable {
    /// The key's public identifier: 12 letters and digits, shown in lists and part of the key's text.
    public var id: String
    /// What the key is for, as its creator named it (`ci`, `marketing site`).
    public var name: String
    /// What the key may do.
    public var scope: APIKeyScope
    /// The SHA-256 of the key's secret, as 64 lowercase hexadecimal digits.
    public var secretHash: String
    /// When the key was created.
    public var createdAt: Date
    /// When the key was revoked; a revoked key is refused.
    public var revokedAt: Date?
    /// When the key was last used (updated at most now and then, see ``Storage/noteAPIKeyUse(id:at:)``).
    public var lastUsedAt: Date?

    /// Creates a record.
    public init(
        id: String, name: String, scope: APIKeyScope, secretHash: String, createdAt: Date, revokedAt: Date? = nil,
        lastUsedAt: Date? = nil
    ) {
        self.id = id
        self.name = name
        self.scope = scope
        self.secretHash = secretHash
        self.createdAt = createdAt
        self.revokedAt = revokedAt
        self.lastUsedAt = lastUsedAt
    }

    /// Whether the key has been revoked.
    public var isRevoked: Bool { revokedAt != nil }
}
