import Foundation
import LandfallLinks

/// A person who signs in to the dashboard, as stored: only a slow hash of the password.
///
/// ```swift
/// let user = DashboardUser(id: DashboardUser.newID(), email: "ana@daily.example.com", name: "Ana",
///                          role: .editor, passwordHash: await DashboardPasswords.hash(password), createdAt: now)
/// try await storage.insert(user)
/// ```
public struct DashboardUser: Sendable, Hashable {
    /// The user's identifier: 12 letters and digits, never shown to sign in with.
    public var id: String
    /// The address the person signs in with, lowercased; unique.
    public var email: String
    /// What the dashboard calls the person (the email when none was given).
    public var name: String
    /// What the person may do.
    public var role: DashboardRole
    /// The bcrypt hash of the password (`$2b$12$…`).
    public var passwordHash: String
    /// When the account was made.
    public var createdAt: Date
    /// When the password was last set.
    public var passwordChangedAt: Date
    /// When the account was disabled: it cannot sign in, and its sessions are gone.
    public var disabledAt: Date?
    /// When the person last signed in.
    public var lastSignInAt: Date?
    /// Wrong passwords given since the last successful sign-in.
    public var failedSignIns: Int
    /// When the last wrong password was given.
    public var lastFailedSignInAt: Date?

    /// Creates a user.
    public init(id: String, email: String, name: String, role: DashboardRole, passwordHash: String, createdAt: Date,
                passwordChangedAt: Date? = nil, disabledAt: Date? = nil, lastSignInAt: Date? = nil, failedSignIns: Int = 0,
                lastFailedSignInAt: Date? = nil) {
        self.id = id
        self.email = email
        self.name = name
        self.role = role
        self.passwordHash = passwordHash
        self.createdAt = createdAt
        self.passwordChangedAt = passwordChangedAt ?? createdAt
        self.disabledAt = disabledAt
        self.lastSignInAt = lastSignInAt
        self.failedSignIns = failedSignIns
        self.lastFailedSignInAt = lastFailedSignInAt
    }

    /// Whether the account has been disabled.
    public var isDisabled: Bool { disabledAt != nil }

    /// A new random identifier (12 letters and digits from the system's cryptographic generator).
    public static func newID() -> String {
        var generator = SystemRandomNumberGenerator()
        return RandomText.make(length: 12, using: &generator)
    }
}
