import Foundation
import SQLKit

extension Storage {
    /// The table of the daily salts.
    static let addressSaltTable = "address_salts"
    /// The bytes in a salt.
    static let addressSaltLength = 32

    /// The salt of the UTC day `day` (`yyyy-MM-dd`) for hashing client addresses: 32 random
    /// bytes, made by whichever instance asks first and then the same for every instance.
    ///
    /// A salt never changes once made, so callers may keep it for the day. ``purgeClaims(expiredBefore:batchSize:)``
    /// deletes old ones; a deleted day asked again gets new bytes.
    public func addressSalt(day: String) async throws(StorageError) -> [UInt8] {
        if let salt = try await reading("reading the address salt of \(day)", { database in
            try await Self.addressSalt(day: day, in: database)
        }) {
            return salt
        }
        var generator = SystemRandomNumberGenerator()
        let fresh = (0..<Self.addressSaltLength).map { _ in UInt8.random(in: .min ... .max, using: &generator) }
        return try await writing("making the address salt of \(day)") { database, _ in
            // Insert-or-keep, then read: when two instances race, both read the winner's bytes.
            try await database.insert(into: Self.addressSaltTable).columns("day", "salt")
                .values(SQLBind(day), SQLBind(Self.hex(fresh)))
                .ignoringConflicts(with: "day")
                .run()
            guard let salt = try await Self.addressSalt(day: day, in: database) else {
                throw StorageError(.query, "the address salt of \(day) vanished right after it was stored: try again")
            }
            return salt
        }
    }

    /// The stored salt of `day`, or `nil`.
    private static func addressSalt(day: String, in database: any SQLDatabase) async throws -> [UInt8]? {
        guard let row = try await database.select().column("salt").from(addressSaltTable).where("day", .equal, day).first() else {
            return nil
        }
        let reader = RowReader(row: row, table: addressSaltTable, key: day)
        let salt: [UInt8] = try reader.parsed("salt", as: "\(addressSaltLength * 2) hexadecimal digits") { text -> [UInt8]? in
            guard let salt = bytes(hex: text), salt.count == addressSaltLength else { return nil }
            return salt
        }
        return salt
    }

    /// `bytes` as lowercase hexadecimal digits.
    static func hex(_ bytes: [UInt8]) -> String {
        bytes.map { byte in
            let text = String(byte, radix: 16)
            return byte < 16 ? "0" + text : text
        }.joined()
    }

    /// The bytes the hexadecimal digits `text` spell, or `nil` when it is not pairs of digits.
    static func bytes(hex text: String) -> [UInt8]? {
        let digits = Array(text.utf8)
        guard digits.count.isMultiple(of: 2) else { return nil }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(digits.count / 2)
        for index in stride(from: 0, to: digits.count, by: 2) {
            guard let high = hexValue(digits[index]), let low = hexValue(digits[index + 1]) else { return nil }
            bytes.append(high << 4 | low)
        }
        return bytes
    }

    private static func hexValue(_ digit: UInt8) -> UInt8? {
        switch digit {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): digit - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): digit - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): digit - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
