import Foundation
import Hummingbird
import LandfallLinks
import Testing
@testable import LandfallServer

/// A Firebase Dynamic Links long link sending a phone to the store of one of the site's apps
/// records a pending claim of its `link`, as a short link does: the app installed from the store
/// claims the link at its first launch, by the token (Play's install referrer, the pasteboard)
/// or by device hints.
@Suite struct LongLinkClaimTests {
    static let deepLink = "https://daily.example.com/puzzle/2026-11-20"
    /// A long link of the demo's own app, with a campaign.
    static let query = "link=https://daily.example.com/puzzle/2026-11-20&apn=com.example.dailypuzzle&ibi=com.example.dailypuzzle"
        + "&isi=1234567890&utm_source=newsletter&utm_campaign=winter-league"
    static let play = "https://play.google.com/store/apps/details?id=com.example.dailypuzzle"
    static let appStore = "https://apps.apple.com/app/id1234567890"

    /// Visits the long link `/?query` on the link host as `userAgent` from the tests' visitor.
    static func visit(_ query: String, as userAgent: String, client: ServerClient) async throws -> ServedResponse {
        try await client.execute("/?\(query)", host: Demo.links,
                                 headers: PublicClient.headers(from: WeakMatchTests.visitor, userAgent: userAgent, WeakMatchTests.languages))
    }

    /// The path and query of `location`, an address on the site host, and the claim token in it.
    static func install(_ location: String?, sourceLocation: SourceLocation = #_sourceLocation) throws -> (path: String, token: String) {
        let components = try #require(location.flatMap { URLComponents(string: $0) }, sourceLocation: sourceLocation)
        #expect(components.host == Demo.site, "\(location ?? "")", sourceLocation: sourceLocation)
        let path = components.path
        try #require(path.hasPrefix("/v1/install/lfc_"), "\(location ?? "")", sourceLocation: sourceLocation)
        return (path + (components.query.map { "?\($0)" } ?? ""), String(path.dropFirst("/v1/install/".count)))
    }

    @Test("Android: the long link goes to Play through /v1/install with the token as install referrer, and the installed app claims link",
          arguments: ServerCases.all)
    func androidClaimsThroughTheInstallReferrer(transport: Transport, database: TestDatabase) async throws {
        let server = try await TestServer.readingAddresses(database: database)
        try await server.run(transport) { client in
            let visit = try await Self.visit(Self.query, as: Visitors.android, client: client)
            #expect(visit.status == .found, "\(visit.status): \(visit.text.prefix(200))")
            let (install, token) = try Self.install(visit["Location"])
            #expect(install.hasSuffix("?store=play&app=daily"), "\(install)")

            let store = try await client.get(install, headers: PublicClient.headers(from: WeakMatchTests.visitor, userAgent: Visitors.android))
            #expect(store.status == .found)
            #expect(store["Location"] == Self.play + "&referrer=landfall_claim%3D" + token)

            let claimed = try await client.claim(token: token, platform: "android", from: WeakMatchTests.visitor)
            #expect(claimed["match"] as? String == "strong", "\(claimed)")
            #expect(claimed[path: "link.deepLink"] as? String == Self.deepLink)
            #expect(claimed[path: "link.url"] as? String == "https://\(Demo.links)/?\(Self.query)")
            #expect(claimed[path: "link.id"] is NSNull)
            #expect(claimed[path: "link.campaign.source"] as? String == "newsletter")
            #expect(claimed[path: "link.campaign.name"] as? String == "winter-league")
        }
    }

    @Test("iOS with efr=1: the long link goes to the App Store through /v1/install, and the app claims link by its token or by device hints",
          arguments: ServerCases.all)
    func iPhoneWithEfrClaims(transport: Transport, database: TestDatabase) async throws {
        let server = try await TestServer.readingAddresses(database: database)
        try await server.run(transport) { client in
            let visit = try await Self.visit(Self.query + "&efr=1", as: Visitors.iPhone, client: client)
            #expect(visit.status == .found)
            let (install, token) = try Self.install(visit["Location"])
            #expect(install.hasSuffix("?store=app-store&app=daily"), "\(install)")
            let store = try await client.get(install + "&screen=390x844", headers: PublicClient.headers(userAgent: Visitors.iPhone))
            #expect(store["Location"] == Self.appStore)

            let claimed = try await client.claim(token: token, from: WeakMatchTests.visitor)
            #expect(claimed["match"] as? String == "strong", "\(claimed)")
            #expect(claimed[path: "link.deepLink"] as? String == Self.deepLink)

            // A second visit, then a claim without the token: the device hints find it.
            _ = try await Self.visit(Self.query + "&efr=1", as: Visitors.iPhone, client: client)
            server.clock.advance(by: 300)
            let weak = try await client.claim(WeakMatchTests.weakClaim(), from: WeakMatchTests.visitor)
            #expect(weak.status == .ok, "\(weak.text)")
            #expect(try weak.json["match"] as? String == "weak", "\(weak.text)")
            #expect(try weak.json[path: "link.deepLink"] as? String == Self.deepLink)
        }
    }

    @Test("iOS without efr: the landing page's App Store button goes through a pending claim of link", arguments: ServerCases.all)
    func iPhoneLandingPageCarriesAClaim(transport: Transport, database: TestDatabase) async throws {
        let server = try await TestServer.readingAddresses(database: database)
        try await server.run(transport) { client in
            let page = try await client.landingPage("/?\(Self.query)", host: Demo.links, from: WeakMatchTests.visitor)
            let token = try #require(page.buttons.token, "\(page.response.text.prefix(300))")
            #expect(page.buttons.appStore?.hasSuffix("/v1/install/\(token)?store=app-store&app=daily") == true, "\(page.buttons.appStore ?? "")")
            #expect(HTMLPage(page.response.text).link(id: "open-in-app") == Self.deepLink)
            let claimed = try await client.claim(token: token, from: WeakMatchTests.visitor)
            #expect(claimed["match"] as? String == "strong")
            #expect(claimed[path: "link.deepLink"] as? String == Self.deepLink)
        }
    }

    @Test("a store of another team's app is redirected to as FDL did, without a claim", arguments: [
        ("link=https://daily.example.com/puzzle/2026-11-20&apn=org.other.app", Visitors.android,
         "https://play.google.com/store/apps/details?id=org.other.app"),
        ("link=https://daily.example.com/puzzle/2026-11-20&isi=999&efr=1", Visitors.iPhone, "https://apps.apple.com/app/id999"),
    ])
    func anotherTeamsStoreGetsNoClaim(query: String, userAgent: String, location: String) async throws {
        let server = try await TestServer.readingAddresses(database: .sqlite)
        try await server.run(.router) { client in
            let visit = try await Self.visit(query, as: userAgent, client: client)
            #expect(visit.status == .found)
            #expect(visit["Location"] == location)
            try await server.parts.claims.flush()
            let none = try await client.claim(WeakMatchTests.weakClaim(platform: userAgent == Visitors.android ? "android" : "ios"),
                                              from: WeakMatchTests.visitor)
            #expect(try none.json["match"] as? String == "none", "\(none.text)")
        }
    }

    /// The demo with a second app, `weekly`, after `daily`.
    static let twoApps: SiteSource = {
        var files = DemoSite.files
        let second = """
              - name: weekly
                ios: {teamID: ABCDE12345, bundleID: com.example.weeklypuzzle, appStoreID: "5550001111"}
                android:
                  package: com.example.weeklypuzzle
                  sha256: ["14:6D:E9:83:C5:73:06:50:D8:EE:B9:95:2F:34:FC:64:16:A0:83:42:E6:1D:BE:A8:8A:04:96:B2:3F:CF:44:E5"]

            """
        files["landfall.yml"] = files["landfall.yml"]?.replacingOccurrences(of: "\nschemes:", with: "\n" + second + "schemes:")
        return .embedded(name: "the demo with a second app", files: files, binaryFiles: DemoSite.binaryFiles)
    }()

    @Test("a long link of the site's second app goes to that app's store through the claim, not the first app's", arguments: [
        ("apn=com.example.weeklypuzzle", Visitors.android, "play", "https://play.google.com/store/apps/details?id=com.example.weeklypuzzle&referrer=landfall_claim%3D"),
        ("isi=5550001111&efr=1", Visitors.iPhone, "app-store", "https://apps.apple.com/app/id5550001111"),
    ])
    func theSecondAppsStore(parameters: String, userAgent: String, store: String, location: String) async throws {
        let server = try await TestServer.readingAddresses(site: Self.twoApps, database: .sqlite)
        try await server.run(.router) { client in
            let visit = try await Self.visit("link=https://daily.example.com/puzzle/2026-11-20&\(parameters)", as: userAgent, client: client)
            let (install, token) = try Self.install(visit["Location"])
            #expect(install.hasSuffix("?store=\(store)&app=weekly"), "\(install)")
            let redirect = try await client.get(install, headers: [.userAgent: userAgent])
            #expect(redirect["Location"] == (store == "play" ? location + token : location))
            // Without app, the first app's store, as before.
            let first = try await client.get("/v1/install/\(token)?store=\(store)", headers: [.userAgent: userAgent])
            #expect(first["Location"]?.contains("dailypuzzle") == true || first["Location"] == Self.appStore, "\(first["Location"] ?? "")")
        }
    }

    @Test("the landing page of another team's isi links to its App Store page, without a claim")
    func anotherTeamsLandingPage() async throws {
        let server = try await TestServer.readingAddresses(database: .sqlite)
        try await server.run(.router) { client in
            let page = try await client.landingPage("/?link=https://daily.example.com/puzzle/2026-11-20&isi=999", host: Demo.links)
            #expect(page.buttons.appStore == "https://apps.apple.com/app/id999")
            #expect(!page.buttons.carriesClaim)
        }
    }
}
