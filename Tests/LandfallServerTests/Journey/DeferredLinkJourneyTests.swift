import DeepLinkRouting
import Foundation
import Hummingbird
import LandfallKit
import Testing
@testable import LandfallServer

/// People's stories, end to end: a live server on loopback, the pages a phone's browser gets,
/// and the app's side played by LandfallKit itself (its `URLSessionTransport` over real HTTP),
/// on SQLite and on PostgreSQL.
@Suite(.timeLimit(.minutes(10)))
struct DeferredLinkJourneyTests {
    /// What the app opened: `route parameter`.
    actor Screens {
        private(set) var opened: [String] = []
        func record(_ screen: String) { opened.append(screen) }
    }

    /// The daily-puzzle app: its router (the demo's linked routes) and a handler talking to `port`.
    static func app(port: Int, platform: AppPlatform, clock: MovableClock, screens: Screens) throws -> DeepLinkHandler {
        let router = try Router(
            sources: [.host(Demo.site, includingWWW: true), .host(Demo.links), .scheme("dailypuzzle")],
            routes: [
                Route("/puzzle/:date", name: "puzzle", parameters: ["date": .day]) { match in
                    await screens.record("puzzle \(match.parameters["date"] ?? "")")
                },
                Route("/invites/:code", name: "invite") { match in
                    await screens.record("invite \(match.parameters["code"] ?? "")")
                },
            ])
        let configuration = LinkClientConfiguration(
            baseURL: URL(string: "http://127.0.0.1:\(port)")!, linkHosts: [Demo.links], claimHosts: [Demo.site, Demo.links],
            platform: platform, retry: RetryPolicy(maxAttempts: 2, jitter: 0))
        let client = LinkClient(configuration: configuration, state: LinkClientState(), transport: ContractCheckingTransport(base: URLSessionTransport(timeout: 30)),
                                sleep: { _ in }, now: clock.reading)
        return DeepLinkHandler(router: router, client: client, flushesEvents: false)
    }

    @Test("Sam taps a shared puzzle link without the app, installs it, and the first launch opens that exact puzzle; the stats show click, install, open",
          arguments: TestDatabase.all)
    func aSharedPuzzleSurvivesTheInstall(database: TestDatabase) async throws {
        let server = try await TestServer(database: database)
        let key = try await server.authorization()
        try await server.run(.live) { browser in
            let port = try #require(browser.port)
            // Ada shares Friday's puzzle as a short link.
            let link = try await browser.createLink(#"{"target": "https://daily.example.com/puzzle/2026-11-20", "slug": "friday", "campaign": {"name": "word-of-mouth"}}"#,
                                                    key: key)

            // Sam taps it on an iPhone without the app: the landing page, not a redirect.
            let page = try await browser.get("/friday", host: Demo.links, headers: [.userAgent: Visitors.iPhone, .acceptLanguage: "en-US,en;q=0.9"])
            #expect(page.status == .ok)
            let buttons = StoreButtons(HTMLPage(page.text))
            let install = try #require(buttons.appStore, "the landing page has no App Store button")
            let claimURL = try #require(buttons.appStoreClaimURL, "the App Store button carries no claim URL")

            // Sam taps "Download on the App Store": the page's script copies the claim URL and
            // follows the button, adding the screen size.
            let pasteboard = claimURL
            let path = try #require(URLComponents(string: install)).path + "?store=app-store&screen=390x844"
            let store = try await browser.get(path, host: Demo.links, headers: [.userAgent: Visitors.iPhone])
            #expect(store.status == .found)
            #expect(store["Location"] == "https://apps.apple.com/app/id1234567890")

            // Sam installs the app and opens it: the first launch claims and lands on Friday's puzzle.
            let screens = Screens()
            let app = try Self.app(port: port, platform: .ios, clock: server.clock, screens: screens)
            let first = await app.handleFirstLaunch(pasteboard: pasteboard, hints: ClaimHints(osVersion: "18.1", language: "en-US", screen: "390x844"))
            let claim = try #require(first.claim, "the first launch got no claim: \(first)")
            #expect(claim.match == .strong)
            #expect(claim.link?.id == link.id)
            #expect(claim.link?.campaign.name == "word-of-mouth")
            #expect(await screens.opened == ["puzzle 2026-11-20"])
            #expect(try await app.flush().accepted == 1)

            // A second launch does not claim again.
            guard case .alreadyHandled = await app.handleFirstLaunch(pasteboard: pasteboard) else {
                Issue.record("the second launch claimed again")
                return
            }

            // The stats show the funnel: one click, one install, one open.
            let stats = try await browser.stats(of: link.id, key: key)
            let funnel = try #require(stats["funnel"] as? [String: Any])
            #expect(funnel["clicks"] as? Int == 1)
            #expect(funnel["installs"] as? Int == 1)
            #expect(funnel["opens"] as? Int == 1)
            #expect((stats["installsByMatch"] as? [String: Any])?["strong"] as? Int == 1)

            // Later, with the app installed, the same link opens the app directly: resolved, routed, counted.
            let handled = await app.handle(URL(string: "https://\(Demo.links)/friday")!)
            #expect(handled.resolvedLink?.deepLink == "https://daily.example.com/puzzle/2026-11-20")
            #expect(await screens.opened == ["puzzle 2026-11-20", "puzzle 2026-11-20"])
            #expect(try await app.flush().accepted == 1)
            let later = try #require(try await browser.stats(of: link.id, key: key)["funnel"] as? [String: Any])
            #expect(later["clicks"] as? Int == 2)
            #expect(later["installs"] as? Int == 1)
            #expect(later["opens"] as? Int == 2)
        }
    }

    @Test("Alex opens an invitation on Android without the app; Google Play carries it through the install, the first launch redeems it, and it cannot be used twice",
          arguments: TestDatabase.all)
    func anInvitationSurvivesTheInstall(database: TestDatabase) async throws {
        let server = try await TestServer(database: database)
        let key = try await server.authorization()
        try await server.run(.live) { browser in
            let port = try #require(browser.port)
            let created = try await browser.execute("/v1/invites", method: .post, headers: key, body: #"{"count": 1, "uses": 1, "campaign": "friends"}"#)
            #expect(created.status == .created, "\(created.text)")
            let invitation = try #require((try created.json["invitations"] as? [[String: Any]])?.first)
            let code = try #require(invitation["code"] as? String)
            let url = try #require(invitation["url"] as? String)
            #expect(url == "https://daily.example.com/invites/\(code)")

            // Alex opens the invitation link on an Android phone without the app.
            let page = try await browser.get("/invites/\(code)", host: Demo.site, headers: [.userAgent: Visitors.android])
            #expect(page.status == .ok)
            #expect(page.text.contains(code))
            let play = try #require(StoreButtons(HTMLPage(page.text)).play, "the invitation page has no Google Play button")

            // "Get it on Google Play": the store link carries the claim token as the install referrer.
            let store = try await browser.get(try #require(URLComponents(string: play)).path + "?store=play", host: Demo.site,
                                              headers: [.userAgent: Visitors.android])
            #expect(store.status == .found)
            let location = try #require(store["Location"])
            #expect(location.hasPrefix("https://play.google.com/store/apps/details?id=com.example.dailypuzzle&referrer=landfall_claim%3Dlfc_"))
            let referrer = try #require(URLComponents(string: location)?.queryItems?.first { $0.name == "referrer" }?.value)
            let token = String(referrer.dropFirst("landfall_claim=".count))

            // The first launch reads the install referrer, claims, and opens the invitation screen.
            let screens = Screens()
            let app = try Self.app(port: port, platform: .android, clock: server.clock, screens: screens)
            let first = await app.handleFirstLaunch(claimToken: token)
            #expect(first.claim?.match == .strong)
            #expect(await screens.opened == ["invite \(code)"])

            // The app redeems the code; the invitation is then used up.
            let redemption = try await app.client.redeemInvitation(code: code.lowercased())
            #expect(redemption.usesLeft == 0)
            do {
                _ = try await app.client.redeemInvitation(code: code)
                Issue.record("a used-up invitation was redeemed again")
            } catch {
                #expect(error as? RedemptionError == .usedUp, "\(error)")
            }
            #expect(try await app.flush().accepted == 1)

            let stats = try await browser.get("/v1/stats", headers: key)
            let events = try #require(try stats.json["events"] as? [String: Any])
            #expect(events["claim"] as? Int == 1)
            #expect(events["redemption"] as? Int == 1)
            #expect(events["first_open"] as? Int == 1)
        }
    }
}
