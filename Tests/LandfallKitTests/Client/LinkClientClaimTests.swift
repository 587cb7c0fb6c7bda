import Foundation
import LandfallKit
import Testing

@Suite struct LinkClientClaimTests {
    static let hints = ClaimHints(osVersion: "18.1", language: "en-US", screen: "390x844")

    /// The claim request's body as the server reads it.
    struct SentClaim: Decodable, Equatable {
        var token: String?
        var platform: String
        var osVersion: String?
        var language: String?
        var screen: String?
        var allowWeakMatch: Bool
    }

    @Test func aTokenClaimsItsLinkStrongly() async throws {
        let body = #"{"match": "strong", "reason": null, "link": \#(Fixtures.claimedLink("https://daily.example.com/puzzle/2026-12-24"))}"#
        let transport = ScriptedTransport(["POST /v1/claims": [.status(200, body)]])
        let claim = try await Fixtures.client(transport).claimDeferredLink(token: Fixtures.token, hints: Self.hints, allowWeakMatch: false)
        #expect(claim.match == .strong)
        #expect(claim.reason == nil)
        #expect(claim.link?.deepLink == "https://daily.example.com/puzzle/2026-12-24")
        #expect(claim.link?.id == Fixtures.linkID)
        let request = try #require(await transport.requests.first)
        #expect(request.method == .post)
        #expect(request.headers["Content-Type"] == "application/json")
        let sent = try JSONDecoder().decode(SentClaim.self, from: try #require(request.body))
        #expect(sent == SentClaim(token: Fixtures.token, platform: "ios", osVersion: "18.1", language: "en-US", screen: "390x844",
                                  allowWeakMatch: false))
    }

    @Test func withoutATokenAWeakMatchIsAskedForWithTheHints() async throws {
        let body = #"{"match": "weak", "reason": null, "link": \#(Fixtures.claimedLink("https://daily.example.com/puzzle/2026-12-25", id: nil))}"#
        let transport = ScriptedTransport(["POST /v1/claims": [.status(200, body)]])
        let claim = try await Fixtures.client(transport).claimDeferredLink(token: nil, hints: Self.hints, allowWeakMatch: true)
        #expect(claim.match == .weak)
        #expect(claim.link?.id == nil)
        let sent = try JSONDecoder().decode(SentClaim.self, from: try #require(await transport.requests.first?.body))
        #expect(sent.token == nil)
        #expect(sent.allowWeakMatch)
        let text = String(decoding: try #require(await transport.requests.first?.body), as: UTF8.self)
        #expect(!text.contains("token"), "an absent token is left out, not sent as null")
    }

    @Test(arguments: [
        ("token_unknown", DeferredLinkClaim.Reason.tokenUnknown), ("token_claimed", .tokenClaimed),
        ("token_expired", .tokenExpired), ("no_match", .noMatch), ("ambiguous", .ambiguous),
        ("newer_reason", DeferredLinkClaim.Reason(rawValue: "newer_reason")),
    ])
    func nothingMatchedSaysWhy(text: String, reason: DeferredLinkClaim.Reason) async throws {
        let transport = ScriptedTransport(["POST /v1/claims": [.status(200, #"{"match": "none", "reason": "\#(text)", "link": null}"#)]])
        let claim = try await Fixtures.client(transport).claimDeferredLink(token: Fixtures.token, hints: Self.hints, allowWeakMatch: true)
        #expect(claim == DeferredLinkClaim(match: .none, reason: reason, link: nil))
    }

    @Test func withoutATokenOrWeakMatchingNothingIsAsked() async throws {
        let transport = ScriptedTransport()
        let claim = try await Fixtures.client(transport).claimDeferredLink(token: nil, hints: Self.hints, allowWeakMatch: false)
        #expect(claim == .nothingToClaim)
        #expect(await transport.requests.isEmpty)
    }

    @Test func aMalformedTokenIsRefusedNamingTheField() async throws {
        let transport = ScriptedTransport(["POST /v1/claims": [.status(400, Fixtures.error("invalid_body", "not a claim token", field: "token"))]])
        do {
            _ = try await Fixtures.client(transport).claimDeferredLink(token: "lfc_nope", hints: Self.hints, allowWeakMatch: false)
            Issue.record("expected a refusal")
        } catch {
            #expect(error.problem?.field == "token")
            #expect(!error.isTemporary)
        }
        #expect(await transport.requests.count == 1)
    }
}
