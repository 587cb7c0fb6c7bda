import Foundation
import LandfallKit
import Testing

@Suite struct LinkClientInvitationTests {
    @Test func aCodeIsRedeemedAsTyped() async throws {
        let transport = ScriptedTransport(["POST /v1/invites/redeem": [.status(200, #"{"code": "7KQ2M-X4P9T-HCW3R", "usesLeft": 0, "campaign": "beta"}"#)]])
        let redemption = try await Fixtures.client(transport).redeemInvitation(code: " 7kq2m x4p9t-hcw3r\n")
        #expect(redemption == Redemption(code: "7KQ2M-X4P9T-HCW3R", usesLeft: 0, campaign: "beta"))
        let body = try JSONDecoder().decode([String: String].self, from: try #require(await transport.requests.first?.body))
        #expect(body == ["code": "7kq2m x4p9t-hcw3r", "platform": "ios"])
    }

    @Test(arguments: [
        (400, "invite_code_malformed", RedemptionError.malformed),
        (404, "invite_unknown", .unknown),
        (410, "invite_revoked", .revoked),
        (410, "invite_expired", .expired),
        (410, "invite_used_up", .usedUp),
        (429, "invite_rate_limited", .rateLimited(retryAfter: .seconds(30))),
    ])
    func everyDocumentedRefusalHasItsOwnError(status: Int, code: String, expected: RedemptionError) async throws {
        let transport = ScriptedTransport(["POST /v1/invites/redeem": [
            .status(status, Fixtures.error(code, "refused", field: "code"), headers: status == 429 ? ["Retry-After": "30"] : [:]),
            .status(200, #"{"code": "7KQ2M-X4P9T-HCW3R", "usesLeft": 0, "campaign": null}"#),
        ]])
        let sleeps = Sleeps()
        do {
            _ = try await Fixtures.client(transport, sleeps: sleeps).redeemInvitation(code: "7KQ2M-X4P9T-HCW3R")
            Issue.record("expected \(expected)")
        } catch {
            #expect(error == expected)
            #expect(!error.description.isEmpty)
        }
        #expect(await transport.requests.count == 1, "a refusal, even a guess throttle, is not retried")
        #expect(await sleeps.durations.isEmpty)
    }

    @Test func aServerFailureIsReportedAsFailedAfterTheRetries() async throws {
        let transport = ScriptedTransport(["POST /v1/invites/redeem": [.status(500, Fixtures.error("internal_error"))]])
        do {
            _ = try await Fixtures.client(transport).redeemInvitation(code: "7KQ2M-X4P9T-HCW3R")
            Issue.record("expected a failure")
        } catch {
            guard case .failed(.serverFailed) = error else { Issue.record("expected failed(serverFailed), got \(error)"); return }
        }
        #expect(await transport.requests.count == 4)
    }

    @Test(arguments: ["", "   ", String(repeating: "A", count: 65)])
    func textThatCannotBeACodeIsRefusedWithoutAsking(text: String) async throws {
        let transport = ScriptedTransport()
        await #expect(throws: RedemptionError.malformed) {
            try await Fixtures.client(transport).redeemInvitation(code: text)
        }
        #expect(await transport.requests.isEmpty)
    }

    @Test func theSettingsSayWhetherInvitationsAreRequiredAndSince() async throws {
        let transport = ScriptedTransport(["GET /v1/settings": [.status(200, #"{"invitationsRequired": true, "updatedAt": "2026-11-21T10:00:00.000Z"}"#)]])
        let settings = try await Fixtures.client(transport).settings()
        #expect(settings == RemoteSettings(invitationsRequired: true, updatedAt: Fixtures.now))
    }

    @Test func settingsWithATimeWithoutFractionalSecondsAlsoRead() async throws {
        let transport = ScriptedTransport(["GET /v1/settings": [.status(200, #"{"invitationsRequired": false, "updatedAt": "2026-11-21T10:00:00Z"}"#)]])
        #expect(try await Fixtures.client(transport).settings().updatedAt == Fixtures.now)
    }
}
