import Foundation
import LandfallLinks
@testable import LandfallStorage
import LandfallWire
import Testing

/// Invitations, claims and events for the tests, with dates in whole milliseconds.
extension Fixtures {
    /// A random invitation code.
    static func code() -> InviteCode {
        var generator = SystemRandomNumberGenerator()
        let text = String((0..<InviteCode.length).map { _ in InviteCode.alphabet.randomElement(using: &generator) ?? "2" })
        guard let code = InviteCode(rawValue: text) else { preconditionFailure("\(text) is made of the alphabet") }
        return code
    }

    /// `count` random codes, sorted.
    static func codes(_ count: Int) -> [InviteCode] {
        var codes = Set<InviteCode>()
        while codes.count < count { codes.insert(code()) }
        return codes.sorted()
    }

    /// An invitation created `offset` milliseconds after ``now``.
    static func invitation(
        _ code: InviteCode = code(), batch: String = "batch-a", uses: Int = 1, redeemed: Int = 0, expiresAt: Date? = nil,
        campaign: String? = nil, offset: Int = 0, revokedAt: Date? = nil
    ) -> Invitation {
        Invitation(code: code, batchID: batch, uses: uses, redeemed: redeemed, expiresAt: expiresAt, note: "for \(batch)",
                   campaign: campaign, createdAt: at(offset), revokedAt: revokedAt)
    }

    /// A random claim token.
    static func token() -> ClaimToken {
        let symbols = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")
        var generator = SystemRandomNumberGenerator()
        let body = String((0..<(ClaimToken.encodedLength - 1)).map { _ in symbols.randomElement(using: &generator) ?? "A" })
        // The last character carries 2 bits and 4 zero bits: A, Q, g or w.
        let last = ["A", "Q", "g", "w"].randomElement(using: &generator) ?? "A"
        guard let token = ClaimToken(rawValue: ClaimToken.textPrefix + body + last) else { preconditionFailure("a well-formed token") }
        return token
    }

    /// An address hash (32 hexadecimal digits) named by `seed`.
    static func addressHash(_ seed: String) -> String {
        String((Storage.hex(Array(seed.utf8)) + String(repeating: "0", count: 32)).prefix(32))
    }

    /// A pending claim created `offset` milliseconds after ``now``, expiring a week later.
    static func claim(
        _ token: ClaimToken = token(), deepLink: String = "https://daily.example.com/puzzle/2026-11-21", linkID: LinkID? = nil,
        platform: ClickPlatform = .ios, osVersion: String? = "18.1", address: String = "home", offset: Int = 0,
        lifetime: Int = 7 * 86_400_000
    ) -> PendingClaim {
        PendingClaim(
            token: token, url: "https://go.example.com/winter", deepLink: deepLink, linkID: linkID,
            data: ["puzzle": "2026-11-21", "mode": "hard"],
            campaign: Campaign(source: "newsletter", medium: "email", name: "winter-league"),
            createdAt: at(offset), expiresAt: at(offset + lifetime), addressHash: addressHash(address),
            hints: DeviceHints(platform: platform, osVersion: osVersion, language: "en-us", screen: nil)
        )
    }

    /// An event `offset` milliseconds after ``now``, with a fresh id unless one is given.
    static func event(
        _ type: EventType, id: String = UUID().uuidString.lowercased(), platform: ClickPlatform = .ios, linkID: LinkID? = nil,
        campaign: String? = nil, detail: String? = nil, offset: Int = 0
    ) -> AppEvent {
        AppEvent(id: id, type: type, occurredAt: at(offset), platform: platform, linkID: linkID,
                 url: linkID.map { _ in "https://go.example.com/winter" }, campaign: campaign, detail: detail)
    }

    /// One day in milliseconds.
    static let day = 86_400_000
}

/// Runs `body` `count` times at once and returns the results in no particular order.
func concurrently<Result: Sendable>(_ count: Int, _ body: @escaping @Sendable (Int) async throws -> Result) async throws -> [Result] {
    try await withThrowingTaskGroup(of: Result.self) { group in
        for index in 0..<count {
            group.addTask { try await body(index) }
        }
        var results: [Result] = []
        for try await result in group {
            results.append(result)
        }
        return results
    }
}
