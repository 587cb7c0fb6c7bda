import Foundation
import HummingbirdBcrypt
import NIOPosix

/// The dashboard's passwords: what one must be, and its slow hash (bcrypt).
///
/// bcrypt reads at most 72 bytes and stops at a NUL, so such passwords are refused rather than
/// silently cut. Hashing and checking run one at a time on a thread of their own: at the
/// default cost each takes a quarter of a second of CPU, which would otherwise hold up the
/// requests on the cooperative threads, or the file and database work on NIO's shared pool.
/// Many sign-ins at once (an attack) queue there rather than slow everything else.
///
/// ```swift
/// if let problem = DashboardPasswords.problem(with: password) { print(problem) }
/// let hash = await DashboardPasswords.hash(password)
/// let right = await DashboardPasswords.verify(password, against: hash)
/// ```
public enum DashboardPasswords {
    /// The fewest characters a password may have.
    public static let minimumLength = 12
    /// The most UTF-8 bytes a password may have (bcrypt ignores the rest).
    public static let maximumBytes = 72
    /// bcrypt's cost (2^12 rounds); tests use ``cheapestCost``.
    public static let defaultCost: UInt8 = 12
    /// bcrypt's lowest cost, for tests.
    public static let cheapestCost: UInt8 = 4

    /// What is wrong with `password`, or `nil` when it can be used.
    public static func problem(with password: String) -> String? {
        if password.count < minimumLength {
            return "a password needs at least \(minimumLength) characters; this one has \(password.count)"
        }
        if password.utf8.count > maximumBytes {
            return "a password can have at most \(maximumBytes) bytes (bcrypt ignores the rest); this one has \(password.utf8.count)"
        }
        if password.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) {
            return "a password cannot contain control characters (a tab, a line break, NUL)"
        }
        if password.allSatisfy({ $0 == password.first }) {
            return "a password cannot be one character repeated"
        }
        return nil
    }

    /// The bcrypt hash of `password` at `cost`, computed off the cooperative threads.
    public static func hash(_ password: String, cost: UInt8 = defaultCost) async -> String {
        await offloaded { Bcrypt.hash(password, cost: cost) }
    }

    /// Whether `password` is the one `hash` was made from. A hash that is not bcrypt's is
    /// never matched.
    public static func verify(_ password: String, against hash: String) async -> Bool {
        guard hash.hasPrefix("$2") else { return false }
        return await offloaded { Bcrypt.verify(password, hash: hash) }
    }

    /// A new password of 20 letters and digits (about 119 bits), in groups of five for reading
    /// aloud or copying: `k7Q2m-X4p9T-hCw3R-zB8nV`.
    public static func generate() -> String {
        var generator = SystemRandomNumberGenerator()
        let text = Array(RandomText.make(length: 20, using: &generator))
        return stride(from: 0, to: text.count, by: 5).map { String(text[$0..<min($0 + 5, text.count)]) }.joined(separator: "-")
    }

    /// The thread bcrypt runs on.
    private static let pool: NIOThreadPool = {
        let pool = NIOThreadPool(numberOfThreads: 1)
        pool.start()
        return pool
    }()

    private static func offloaded<Result: Sendable>(_ work: @escaping @Sendable () -> Result) async -> Result {
        if let result = try? await pool.runIfActive(work) { return result }
        return work()
    }
}
