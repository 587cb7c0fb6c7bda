import Crypto
import Foundation
import LandfallStorage
import NIOConcurrencyHelpers

/// Hashes client addresses for deferred-link claims: HMAC-SHA256 keyed with the salt of the
/// UTC day, the first 32 hex digits. Salts are random, stored in the database so that every
/// instance hashes alike, and purged after two days, after which no one (the operator
/// included) can tell whose address a stored hash was.
final class AddressHasher: Sendable {
    private let storage: Storage
    private let salts = NIOLockedValueBox<[String: [UInt8]]>([:])
    private let days = UTCDayFormatter()

    init(storage: Storage) {
        self.storage = storage
    }

    /// `address` hashed with the salt of `date`'s UTC day.
    func hash(_ address: String, at date: Date) async throws -> String {
        Self.hash(address, key: try await key(for: days.day(of: date)))
    }

    /// `address` hashed with the salts of `date`'s day and the day before: a claim recorded
    /// before midnight and claimed after it still compares equal.
    func recentHashes(of address: String, at date: Date) async throws -> [String] {
        let today = days.day(of: date)
        let yesterday = days.day(of: date.addingTimeInterval(-86_400))
        return [Self.hash(address, key: try await key(for: today)), Self.hash(address, key: try await key(for: yesterday))]
    }

    private func key(for day: String) async throws -> SymmetricKey {
        if let salt = salts.withLockedValue({ $0[day] }) { return SymmetricKey(data: salt) }
        let salt = try await storage.addressSalt(day: day)
        salts.withLockedValue { salts in
            // Keep the last few days only.
            if salts.count > 4 { salts = salts.filter { $0.key >= day } }
            salts[day] = salt
        }
        return SymmetricKey(data: salt)
    }

    static func hash(_ address: String, key: SymmetricKey) -> String {
        let code = HMAC<SHA256>.authenticationCode(for: Data(address.utf8), using: key)
        return code.prefix(16).map { byte in
            let hex = String(byte, radix: 16)
            return byte < 16 ? "0" + hex : hex
        }.joined()
    }
}
