import Foundation
import Hummingbird
import LandfallLinks
import Testing
@testable import LandfallServer

/// `POST /v1/claims` without a token, by an app that opted in: the pending claims of the same
/// platform from the same (hashed) address within the window, whose hints fit, match `weak`
/// when they all name one link; otherwise `none` with `ambiguous` or `no_match`.
@Suite struct WeakMatchTests {
    /// The page the tests' visitor saw before installing.
    static let puzzle = "https://daily.example.com/puzzle/2026-11-20"
    /// The visitor's address.
    static let visitor = "198.51.100.42"
    /// The visitor's browser's languages.
    static let languages: HTTPFields = [.acceptLanguage: "en-US,en;q=0.9,fr;q=0.5"]

    /// A weak claim by an iPhone app with `hints` (JSON members).
    static func weakClaim(_ hints: String = #""osVersion": "18.1.1", "language": "en-US""#, platform: String = "ios") -> String {
        #"{"platform": "\#(platform)", \#(hints), "allowWeakMatch": true}"#
    }

    @Test("the same address and hints match weak, once: the next claim finds nothing", arguments: ServerCases.all)
    func sameAddressAndHints(transport: Transport, database: TestDatabase) async throws {
        let server = try await TestServer.readingAddresses(database: database)
        try await server.run(transport) { client in
            _ = try await client.claimToken(from: "/puzzle/2026-11-20", address: Self.visitor, headers: Self.languages)
            server.clock.advance(by: 300)
            let response = try await client.claim(Self.weakClaim(), from: Self.visitor)
            #expect(response.status == .ok, "\(response.text)")
            let json = try response.json
            #expect(json["match"] as? String == "weak", "\(response.text)")
            #expect(json["reason"] is NSNull)
            #expect(json[path: "link.url"] as? String == Self.puzzle)
            #expect(json[path: "link.deepLink"] as? String == Self.puzzle)

            let again = try await client.claim(Self.weakClaim(), from: Self.visitor)
            #expect(try again.json as NSDictionary == ["match": "none", "reason": "no_match", "link": NSNull()] as NSDictionary, "\(again.text)")
        }
    }

    @Test("the OS version is compared as major.minor: 18.1.2 fits a page seen by iOS 18.1", arguments: Transport.allCases)
    func osVersionIsNormalized(transport: Transport) async throws {
        let server = try await TestServer.readingAddresses(database: .sqlite)
        try await server.run(transport) { client in
            _ = try await client.claimToken(from: "/puzzle/2026-11-20", address: Self.visitor, headers: Self.languages)
            let answer = try await client.claim(Self.weakClaim(#""osVersion": "18.1.2", "language": "en-us""#), from: Self.visitor)
            #expect(try answer.json["match"] as? String == "weak", "\(answer.text)")
        }
    }

    @Test("the language is compared by its primary tag: an app in en-GB fits a page read in en-US, as the contract says")
    func languageIsComparedByPrimaryTag() async throws {
        let server = try await TestServer.readingAddresses(database: .sqlite)
        try await server.run(.router) { client in
            _ = try await client.claimToken(from: "/puzzle/2026-11-20", address: Self.visitor, headers: Self.languages)
            let answer = try await client.claim(Self.weakClaim(#""osVersion": "18.1", "language": "en-GB""#), from: Self.visitor)
            #expect(try answer.json["match"] as? String == "weak", "\(answer.text)")
        }
    }

    @Test("a short link's landing page matches weakly with the link's data and id", arguments: Transport.allCases)
    func shortLinkWeakly(transport: Transport) async throws {
        let server = try await TestServer.readingAddresses(database: .sqlite)
        let key = try await server.authorization()
        try await server.run(transport) { client in
            let link = try await client.createLink(PendingClaimPageTests.newsletterLink, key: key)
            _ = try await client.claimToken(from: "/xmas", host: Demo.links, address: Self.visitor)
            let json = try await client.claim(Self.weakClaim(#""osVersion": "18.1""#), from: Self.visitor).json
            #expect(json["match"] as? String == "weak", "\(json)")
            #expect(json[path: "link.url"] as? String == "https://go.daily.example.com/xmas")
            #expect(json[path: "link.id"] as? String == link.id)
            #expect(json[path: "link.data"] as? [String: String] == ["referrer": "ada", "score": "42"])
        }
    }

    @Test("two visits of one page match the newest, and use both up", arguments: TestDatabase.all)
    func samePageTwice(database: TestDatabase) async throws {
        let server = try await TestServer.readingAddresses(database: database)
        try await server.run(.router) { client in
            let older = try await client.claimToken(from: "/puzzle/2026-11-20", address: Self.visitor)
            server.clock.advance(by: 60)
            let newer = try await client.claimToken(from: "/puzzle/2026-11-20", address: Self.visitor)
            let json = try await client.claim(Self.weakClaim(#""osVersion": "18.1""#), from: Self.visitor).json
            #expect(json["match"] as? String == "weak", "\(json)")
            try await server.parts.claims.flush()
            #expect(try await server.parts.storage.pendingClaim(token: try #require(.init(rawValue: newer)))?.match == .weak)
            #expect(try await client.claim(token: older)["reason"] as? String == "token_claimed", "every fitting claim is used up")
            #expect(try await client.claim(token: newer)["reason"] as? String == "token_claimed")
        }
    }

    @Test("two different pages from one address are ambiguous, and neither is used up", arguments: ServerCases.all)
    func twoPagesAreAmbiguous(transport: Transport, database: TestDatabase) async throws {
        let server = try await TestServer.readingAddresses(database: database)
        try await server.run(transport) { client in
            let first = try await client.claimToken(from: "/puzzle/2026-11-20", address: Self.visitor)
            let second = try await client.claimToken(from: "/puzzle/2026-11-19", address: Self.visitor)
            let answer = try await client.claim(Self.weakClaim(#""osVersion": "18.1""#), from: Self.visitor)
            #expect(try answer.json as NSDictionary == ["match": "none", "reason": "ambiguous", "link": NSNull()] as NSDictionary, "\(answer.text)")
            #expect(try await client.claim(token: first)["match"] as? String == "strong")
            #expect(try await client.claim(token: second)["match"] as? String == "strong")
        }
    }

    @Test("hints or circumstances that do not fit give no_match", arguments: [
        ("another OS version", #"{"platform": "ios", "osVersion": "17.5", "allowWeakMatch": true}"#, visitor),
        ("no OS version", #"{"platform": "ios", "language": "en-US", "allowWeakMatch": true}"#, visitor),
        ("another language", #"{"platform": "ios", "osVersion": "18.1", "language": "fr-FR", "allowWeakMatch": true}"#, visitor),
        ("another platform", #"{"platform": "android", "osVersion": "18.1", "allowWeakMatch": true}"#, visitor),
        ("another address", #"{"platform": "ios", "osVersion": "18.1", "allowWeakMatch": true}"#, "198.51.100.43"),
    ])
    func noMatch(what: String, body: String, address: String) async throws {
        let server = try await TestServer.readingAddresses(database: .sqlite)
        try await server.run(.router) { client in
            let token = try await client.claimToken(from: "/puzzle/2026-11-20", address: Self.visitor, headers: Self.languages)
            let answer = try await client.claim(body, from: address)
            #expect(try answer.json as NSDictionary == ["match": "none", "reason": "no_match", "link": NSNull()] as NSDictionary,
                    "\(what): \(answer.text)")
            #expect(try await client.claim(token: token)["match"] as? String == "strong", "\(what): the claim is still pending")
        }
    }

    @Test("a claim older than the window (1 hour) no longer matches weakly, though its token still does", arguments: TestDatabase.all)
    func window(database: TestDatabase) async throws {
        let server = try await TestServer.readingAddresses(database: database)
        try await server.run(.router) { client in
            let token = try await client.claimToken(from: "/puzzle/2026-11-20", address: Self.visitor)
            server.clock.advance(by: 3601)
            let answer = try await client.claim(Self.weakClaim(#""osVersion": "18.1""#), from: Self.visitor)
            #expect(try answer.json["reason"] as? String == "no_match", "\(answer.text)")
            #expect(try await client.claim(token: token)["match"] as? String == "strong")
        }
    }

    @Test("a claim made before midnight UTC matches weakly after it (the address is hashed with both days' salts)", arguments: TestDatabase.all)
    func acrossMidnight(database: TestDatabase) async throws {
        let server = try await TestServer.readingAddresses(database: database, clock: MovableClock(at: "2026-11-20T23:50:00Z"))
        try await server.run(.router) { client in
            _ = try await client.claimToken(from: "/puzzle/2026-11-20", address: Self.visitor)
            server.clock.set("2026-11-21T00:10:00Z")
            let answer = try await client.claim(Self.weakClaim(#""osVersion": "18.1""#), from: Self.visitor)
            #expect(try answer.json["match"] as? String == "weak", "\(answer.text)")
        }
    }

    @Test("the screen the install address recorded must then be the same for a weak match", arguments: ServerCases.all)
    func screenRecordedAtInstall(transport: Transport, database: TestDatabase) async throws {
        let server = try await TestServer.readingAddresses(database: database)
        try await server.run(transport) { client in
            let token = try await client.claimToken(from: "/puzzle/2026-11-20", address: Self.visitor)
            let install = try await client.get("/v1/install/\(token)?store=app-store&screen=844x390", headers: PublicClient.headers(from: Self.visitor))
            #expect(install.status == .found)
            let other = try await client.claim(Self.weakClaim(#""osVersion": "18.1", "screen": "375x667""#), from: Self.visitor)
            #expect(try other.json["reason"] as? String == "no_match", "another screen: \(other.text)")
            let same = try await client.claim(Self.weakClaim(#""osVersion": "18.1", "screen": "390x844""#), from: Self.visitor)
            #expect(try same.json["match"] as? String == "weak", "the same screen, sides in the other order: \(same.text)")
        }
    }

    @Test("a claim whose page recorded no screen fits any screen the app sends", arguments: TestDatabase.all)
    func screenUnknownOnOneSide(database: TestDatabase) async throws {
        let server = try await TestServer.readingAddresses(database: database)
        try await server.run(.router) { client in
            _ = try await client.claimToken(from: "/puzzle/2026-11-20", address: Self.visitor)
            let answer = try await client.claim(Self.weakClaim(#""osVersion": "18.1", "screen": "375x667""#), from: Self.visitor)
            #expect(try answer.json["match"] as? String == "weak", "\(answer.text)")
        }
    }
}
