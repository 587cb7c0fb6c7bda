import Foundation
import Hummingbird
import LandfallLinks
import Testing
@testable import LandfallServer

/// `GET /v1/install/<token>`, where "Get the app" goes: Google Play with the token in the
/// install referrer, the App Store with the screen size noted; never an obstacle to an install.
@Suite struct InstallTests {
    static let play = "https://play.google.com/store/apps/details?id=com.example.dailypuzzle"
    static let appStore = "https://apps.apple.com/app/id1234567890"

    /// The `referrer` query parameter of a Play URL, percent-decoded.
    static func referrer(of location: String) -> String? {
        URLComponents(string: location)?.queryItems?.first { $0.name == "referrer" }?.value
    }

    @Test("store=play redirects to Google Play with referrer=landfall_claim%3D<token>", arguments: ServerCases.all)
    func play(transport: Transport, database: TestDatabase) async throws {
        let server = try await TestServer.readingAddresses(database: database)
        try await server.run(transport) { client in
            let token = try await client.claimToken(from: "/puzzle/2026-11-20", as: Visitors.android)
            let response = try await client.get("/v1/install/\(token)?store=play", headers: PublicClient.headers(userAgent: Visitors.android))
            #expect(response.status == .found, "\(response.text)")
            let location = try #require(response["Location"])
            #expect(location.hasPrefix(Self.play + "&referrer="), "\(location)")
            #expect(Self.referrer(of: location) == "landfall_claim=\(token)", "Play hands the app this referrer: \(location)")
            // The token read back from the referrer claims the link: a strong match without the pasteboard.
            let fromReferrer = try #require(Self.referrer(of: location)?.split(separator: "=").last.map(String.init))
            #expect(try await client.claim(token: fromReferrer, platform: "android")["match"] as? String == "strong")
        }
    }

    @Test("the Play URL carries the referrer exactly as the contract writes it, landfall_claim%3D<token>")
    func playReferrerAsDocumented() async throws {
        let server = try await TestServer.readingAddresses(database: .sqlite)
        try await server.run(.router) { client in
            let token = try await client.claimToken(from: "/puzzle/2026-11-20", as: Visitors.android)
            let location = try await client.get("/v1/install/\(token)?store=play")["Location"]
            #expect(location == Self.play + "&referrer=landfall_claim%3D" + token)
        }
    }

    @Test("store=app-store redirects to the App Store and records the screen, shorter side first", arguments: ServerCases.all)
    func appStore(transport: Transport, database: TestDatabase) async throws {
        let server = try await TestServer.readingAddresses(database: database)
        try await server.run(transport) { client in
            let token = try await client.claimToken(from: "/puzzle/2026-11-20")
            let response = try await client.get("/v1/install/\(token)?store=app-store&screen=844x390", headers: PublicClient.headers(userAgent: Visitors.iPhone))
            #expect(response.status == .found)
            #expect(response["Location"] == Self.appStore)
            let stored = try await server.parts.storage.pendingClaim(token: try #require(ClaimToken(rawValue: token)))
            #expect(stored?.hints.screen == "390x844", "\(String(describing: stored))")
            #expect(stored?.hints.osVersion == "18.1")
            #expect(stored?.claimedAt == nil, "going to the store uses nothing up")
        }
    }

    @Test("a screen that is no screen size is ignored, and a claimed token's screen is not changed", arguments: TestDatabase.all)
    func badScreens(database: TestDatabase) async throws {
        let server = try await TestServer.readingAddresses(database: database)
        try await server.run(.router) { client in
            let token = try await client.claimToken(from: "/puzzle/2026-11-20")
            let claimToken = try #require(ClaimToken(rawValue: token))
            for screen in ["wide", "0x844", "390x844x2", "-390x844", String(repeating: "9", count: 80)] {
                let response = try await client.get("/v1/install/\(token)?store=app-store&screen=\(JSONText.queryValue(screen))")
                #expect(response.status == .found, "\(screen)")
            }
            #expect(try await server.parts.storage.pendingClaim(token: claimToken)?.hints.screen == nil)
            _ = try await client.claim(token: token)
            _ = try await client.get("/v1/install/\(token)?store=app-store&screen=390x844")
            #expect(try await server.parts.storage.pendingClaim(token: claimToken)?.hints.screen == nil)
        }
    }

    @Test("an unknown or malformed token still leads to the store: an install is never blocked", arguments: Transport.allCases)
    func unknownTokens(transport: Transport) async throws {
        let server = try await TestServer.readingAddresses(database: .sqlite)
        try await server.run(transport) { client in
            let unknown = try await client.get("/v1/install/lfc_AAAAAAAAAAAAAAAAAAAAAA?store=app-store&screen=390x844")
            #expect(unknown.status == .found)
            #expect(unknown["Location"] == Self.appStore)
            let unknownPlay = try await client.get("/v1/install/lfc_AAAAAAAAAAAAAAAAAAAAAA?store=play")
            #expect(unknownPlay.status == .found)
            #expect(unknownPlay["Location"]?.hasPrefix(Self.play) == true)
            let malformed = try await client.get("/v1/install/nonsense?store=play")
            #expect(malformed.status == .found)
            #expect(malformed["Location"] == Self.play, "no referrer for a text that is no token")
        }
    }

    @Test("without a store (or with one it does not know), the visitor's User-Agent picks it: Android goes to Google Play with the claim, others to the App Store")
    func storeFromTheUserAgent() async throws {
        let server = try await TestServer.readingAddresses(database: .sqlite)
        try await server.run(.router) { client in
            let token = try await client.claimToken(from: "/puzzle/2026-11-20")
            for query in ["", "?store=windows-store"] {
                let android = try await client.get("/v1/install/\(token)\(query)", headers: [.userAgent: Visitors.android])
                #expect(android.status == .found)
                #expect(android["Location"] == Self.play + "&referrer=landfall_claim%3D\(token)")
                let iPhone = try await client.get("/v1/install/\(token)\(query)", headers: [.userAgent: Visitors.iPhone])
                #expect(iPhone["Location"] == "https://apps.apple.com/app/id1234567890")
            }
        }
    }
}
