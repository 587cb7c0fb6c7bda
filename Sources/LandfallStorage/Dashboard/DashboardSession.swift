import Foundation

/// A signed-in browser, as stored: the SHA-256 of the cookie's secret (never the secret), the
/// user, and the token every form of the session must carry (CSRF).
///
/// ``DashboardSessions/start(for:at:userAgent:policy:)`` makes one with its cookie value.
public struct DashboardSession: Sendable, Hashable {
    /// The SHA-256 of the cookie's secret, 64 hexadecimal digits: the key it is found by.
    public var tokenHash: String
    /// The signed-in user.
    public var userID: String
    /// The token every form posted in this session carries (43 letters and digits).
    public var csrfToken: String
    /// When the person signed in.
    public var createdAt: Date
    /// When the session was last used (noted at most once a minute).
    public var lastSeenAt: Date
    /// When the session ends however it is used: ``DashboardSessionPolicy/lifetime`` after
    /// sign-in.
    public var expiresAt: Date
    /// The browser's `User-Agent`, cut to 200 characters, for the list of one's sessions.
    public var userAgent: String

    /// Creates a session.
    public init(tokenHash: String, userID: String, csrfToken: String, createdAt: Date, lastSeenAt: Date, expiresAt: Date,
                userAgent: String) {
        self.tokenHash = tokenHash
        self.userID = userID
        self.csrfToken = csrfToken
        self.createdAt = createdAt
        self.lastSeenAt = lastSeenAt
        self.expiresAt = expiresAt
        self.userAgent = String(userAgent.prefix(DashboardSessions.maximumUserAgentLength))
    }

    /// Whether the session still signs its browser in at `now`: before its end, and used
    /// within the policy's idle time.
    public func isValid(at now: Date, policy: DashboardSessionPolicy) -> Bool {
        now < expiresAt && now.timeIntervalSince(lastSeenAt) < policy.idleTimeout
    }
}

/// How long dashboard sessions last.
public struct DashboardSessionPolicy: Sendable, Hashable {
    /// How long a session lasts after sign-in, however often it is used, in seconds (7 days by
    /// default).
    public var lifetime: TimeInterval
    /// How long a session may go unused before it ends, in seconds (12 hours by default).
    public var idleTimeout: TimeInterval

    /// Creates a policy.
    public init(lifetime: TimeInterval = 7 * 24 * 3600, idleTimeout: TimeInterval = 12 * 3600) {
        self.lifetime = lifetime
        self.idleTimeout = idleTimeout
    }
}

/// Making and reading dashboard sessions' secrets.
public enum DashboardSessions {
    /// The most characters of a `User-Agent` kept.
    public static let maximumUserAgentLength = 200
    /// The length of a session's secret and of its CSRF token (about 256 bits each).
    static let secretLength = 43

    /// A new session for `user` at `now`: the cookie's value (shown to the browser only) and the
    /// record to store, which holds only its hash.
    public static func start(for user: DashboardUser, at now: Date, userAgent: String,
                             policy: DashboardSessionPolicy = DashboardSessionPolicy()) -> (cookie: String, session: DashboardSession) {
        var generator = SystemRandomNumberGenerator()
        let secret = RandomText.make(length: secretLength, using: &generator)
        let csrf = RandomText.make(length: secretLength, using: &generator)
        let session = DashboardSession(tokenHash: tokenHash(of: secret), userID: user.id, csrfToken: csrf, createdAt: now,
                                       lastSeenAt: now, expiresAt: now.addingTimeInterval(policy.lifetime),
                                       userAgent: userAgent)
        return (secret, session)
    }

    /// The hash a session is stored under for a cookie's value, or `nil` when the value cannot
    /// be a session's (wrong length or characters), so that junk never reaches the database.
    public static func tokenHash(ofCookie value: String) -> String? {
        guard value.utf8.count == secretLength, value.utf8.allSatisfy(RandomText.isAlphanumeric) else { return nil }
        return tokenHash(of: value)
    }

    /// Whether a form's `token` is `expected` (a session's CSRF token, or the sign-in form's),
    /// compared in constant time.
    public static func isToken(_ token: String, equalTo expected: String) -> Bool {
        SHA256Hex.constantTimeEqual(token, expected)
    }

    /// A new token for a form shown before anyone is signed in (43 letters and digits).
    public static func newFormToken() -> String {
        var generator = SystemRandomNumberGenerator()
        return RandomText.make(length: secretLength, using: &generator)
    }

    static func tokenHash(of secret: String) -> String {
        SHA256Hex.of(secret)
    }
}
