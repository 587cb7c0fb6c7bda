import Foundation
import Hummingbird
import Testing
@testable import LandfallServer

/// The invitation's page, `/invites/<code>` on the site host (the demo's `invite` route): for
/// a valid code the code, "Open in the app" and (on a phone) store buttons that carry the
/// invitation through the install; why not for the others; never cached.
@Suite struct InvitationPageTests {
    @Test("a valid invitation's page shows the code, Open in the app, and for an iPhone store buttons through /v1/install with a claim URL",
          arguments: ServerCases.all)
    func validOnIPhone(transport: Transport, database: TestDatabase) async throws {
        let server = try await TestServer.readingAddresses(database: database)
        let key = try await server.authorization()
        try await server.run(transport) { client in
            let code = try await client.createInvitation(#"{"count": 1, "campaign": "beta"}"#, key: key)
            let (response, buttons) = try await client.landingPage("/invites/\(code)")
            #expect(response["Content-Type"]?.hasPrefix("text/html") == true)
            #expect(response["Cache-Control"]?.contains("no-store") == true, "\(response.headersOtherThanIDAndDate)")
            let page = HTMLPage(response.text)
            #expect(response.text.contains(#"<strong id="invitation-code">\#(code)</strong>"#), "\(response.text)")
            #expect(page.link(id: "open-in-app") == "https://open.dailypuzzle.app/invites/\(code)")
            #expect(page.meta("robots")?.contains("noindex") == true, "an invitation is not for search engines")
            #expect(!response.text.contains("invitation-problem"))

            let token = try #require(buttons.token, "\(response.text)")
            #expect(token.hasPrefix("lfc_") && token.count == 26, "\(token)")
            #expect(buttons.appStore == "https://daily.example.com/v1/install/\(token)?store=app-store")
            #expect(buttons.play == "https://daily.example.com/v1/install/\(token)?store=play")
            #expect(buttons.appStoreClaimURL == "https://daily.example.com/v1/claims/\(token)")
            #expect(buttons.playClaimURL == buttons.appStoreClaimURL)
            #expect(response.text.contains("navigator.clipboard"), "the page copies the claim URL on a tap")

            // The claim carries the invitation to the app's first launch.
            let claimed = try await client.claim(token: token)
            #expect(claimed["match"] as? String == "strong", "\(claimed)")
            #expect(claimed[path: "link.url"] as? String == "https://daily.example.com/invites/\(code)")
            #expect(claimed[path: "link.deepLink"] as? String == "https://daily.example.com/invites/\(code)")
            #expect(claimed[path: "link.id"] is NSNull)
            #expect(claimed[path: "link.campaign.name"] as? String == "beta")

            // A second visit is a new claim: the page is the visitor's own.
            let second = try await client.claimToken(from: "/invites/\(code.lowercased())")
            #expect(second != token)
        }
    }

    @Test("on a desktop the valid invitation's page has plain store links and no claim, and is not cached either", arguments: Transport.allCases)
    func validOnDesktop(transport: Transport) async throws {
        let server = try await TestServer.readingAddresses(database: .sqlite)
        let key = try await server.authorization()
        try await server.run(transport) { client in
            let code = try await client.createInvitation(key: key)
            for userAgent in [Visitors.desktop, Visitors.slack] {
                let (response, buttons) = try await client.landingPage("/invites/\(code)", as: userAgent)
                #expect(response.text.contains(code))
                #expect(response["Cache-Control"]?.contains("no-store") == true)
                #expect(!buttons.carriesClaim, "\(userAgent): \(response.text)")
                #expect(!response.text.contains("data-claim-url"))
                #expect(buttons.appStore == "https://apps.apple.com/app/id1234567890")
            }
        }
    }

    @Test("an unknown code's page is a 404, a revoked, expired or used-up one's a 410, each saying why, without a claim",
          arguments: ServerCases.all)
    func unusable(transport: Transport, database: TestDatabase) async throws {
        let server = try await TestServer.readingAddresses(database: database)
        let key = try await server.authorization()
        try await server.run(transport) { client in
            let revoked = try await client.createInvitation(key: key)
            _ = try await client.execute("/v1/invites/\(revoked)/revoke", method: .post, headers: key)
            let expired = try await client.createInvitation(#"{"count": 1, "expiresAt": "2026-11-20T18:00:00Z"}"#, key: key)
            let usedUp = try await client.createInvitation(key: key)
            #expect(try await client.redeem(usedUp).status == .ok)
            server.clock.set("2026-11-20T18:00:00Z")

            let cases: [(String, HTTPResponse.Status, String)] = [
                (InvitationCodes.unknown(5), .notFound, "no invitation"),
                ("NOT-A-CODE", .notFound, "no invitation code"),
                (revoked, .gone, "withdrawn"),
                (expired, .gone, "expired"),
                (usedUp, .gone, "already been used"),
            ]
            for (code, status, words) in cases {
                var headers: HTTPFields = [.userAgent: Visitors.iPhone]
                headers[.init("X-Forwarded-For")!] = "198.51.100.\(code.count)"
                let response = try await client.get("/invites/\(code)", headers: headers)
                #expect(response.status == status, "\(code): \(response.status)")
                #expect(response["Content-Type"]?.hasPrefix("text/html") == true)
                #expect(response["Cache-Control"]?.contains("no-store") == true, "\(code): \(response.headersOtherThanIDAndDate)")
                #expect(response.text.contains("id=\"invitation-problem\""), "\(code): \(response.text)")
                #expect(response.text.lowercased().contains(words), "\(code): \(response.text)")
                #expect(!response.text.contains("data-claim-url"), "\(code)")
                #expect(HTMLPage(response.text).link(id: "open-in-app") == nil, "\(code)")
            }
        }
    }

    @Test("the page of an unknown code counts as a failed guess: past the limit the page is a 429", arguments: Transport.allCases)
    func pageGuessesAreThrottled(transport: Transport) async throws {
        let server = try await TestServer.readingAddresses(database: .sqlite) { $0.inviteGuessLimits = GuessThrottleTests.smallLimits }
        try await server.run(transport) { client in
            var headers: HTTPFields = [.userAgent: Visitors.desktop]
            headers[.init("X-Forwarded-For")!] = "203.0.113.50"
            for index in 0..<3 {
                #expect(try await client.get("/invites/\(InvitationCodes.unknown(index, prefix: "2\(index)2\(index)"))", headers: headers).status == .notFound)
            }
            let limited = try await client.get("/invites/\(InvitationCodes.unknown(9, prefix: "5555"))", headers: headers)
            #expect(limited.status == .tooManyRequests)
            #expect(limited["Retry-After"] != nil, "\(limited.headersOtherThanIDAndDate)")
            // The redemption endpoint shares the count.
            try await client.redeem(InvitationCodes.unknown(10, prefix: "6666"), from: "203.0.113.50").expectAPIError(.tooManyRequests, "invite_rate_limited")
        }
    }
}
