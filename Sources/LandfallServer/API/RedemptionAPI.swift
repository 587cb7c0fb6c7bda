import Foundation
import Hummingbird
import LandfallJSON
import LandfallLinks
import LandfallStorage

/// `POST /v1/invites/redeem` (public): uses an invitation once, atomically: of N concurrent
/// redemptions of a code with K uses left, exactly K succeed, on every instance.
///
/// Each outcome has its own error: `invite_code_malformed` (400), `invite_unknown` (404),
/// `invite_revoked`, `invite_expired`, `invite_used_up` (410) and `invite_rate_limited` (429
/// with `Retry-After`, for a code that does not exist once too many have been tried from the
/// address or from all addresses; a code that exists is always answered). Every redemption,
/// refusal and throttle is written to the audit log.
struct RedemptionAPI: Sendable {
    typealias Context = LandfallRequestContext

    let gate: InvitationGate
    let storage: Storage
    let clock: @Sendable () -> Date

    func addRoutes(to api: inout APIRoutes) {
        api.add(.post, "/v1/invites/redeem", .public, redeem)
    }

    @Sendable func redeem(_ request: Request, context: Context) async throws -> Response {
        let redemption = try await request.decodeJSON(limit: 4 << 10, RedemptionRequest.init(json:))
        let now = clock()
        let address = try context.client.address
        let parsed = Result { () throws(APIError) in try Self.code(redemption.code) }
        let attempt = InvitationAttempt(redemption.code, code: try? parsed.get(), address: address, at: now)
        let code: InviteCode
        switch parsed {
        case .success(let value):
            code = value
        case .failure(let error):
            try await gate.refuse(attempt, reason: "malformed", logger: context.logger)
            throw error
        }
        try await gate.screen(attempt, code: code, logger: context.logger)
        let event = AppEvent(id: UUID().uuidString.lowercased(), type: .redemption, occurredAt: now,
                             platform: redemption.platform ?? VisitorClassifier.classify(userAgent: request.headers[.userAgent]).platform,
                             detail: code.formatted)
        switch try await storage.redeem(code: code, at: now, event: event) {
        case .success(let invitation):
            await gate.record(.redeemed, code: code.formatted, reason: nil, address: address, at: now, logger: context.logger)
            return Response.json(.ok, .object([
                ("code", .string(code.formatted)),
                ("usesLeft", .integer(invitation.usesLeft)),
                ("campaign", .optional(invitation.campaign)),
            ]))
        case .failure(let refusal):
            if refusal == .unknown {
                try await gate.refuse(attempt, reason: refusal.rawValue, logger: context.logger)
            } else {
                await gate.record(.refused, code: code.formatted, reason: refusal.rawValue, address: address, at: now, logger: context.logger)
            }
            throw APIError(refusal: refusal, code: code)
        }
    }

    /// The code a person entered, or 400 `invite_code_malformed` saying what is wrong.
    static func code(_ text: String) throws(APIError) -> InviteCode {
        do {
            return try InviteCode(parsing: text.removingPercentEncoding ?? text)
        } catch {
            throw APIError(.badRequest, .inviteCodeMalformed, "'\(text.prefix(40))' is not an invitation code: \(error.message).", field: "code")
        }
    }
}

extension APIError {
    /// The documented error of a refused redemption.
    init(refusal: RedemptionRefusal, code: InviteCode) {
        switch refusal {
        case .unknown:
            self.init(.notFound, .inviteUnknown, "No invitation has the code \(code.formatted); check how it was copied.", field: "code")
        case .revoked:
            self.init(.gone, .inviteRevoked, "The invitation \(code.formatted) was withdrawn.", field: "code")
        case .expired:
            self.init(.gone, .inviteExpired, "The invitation \(code.formatted) has expired.", field: "code")
        case .usedUp:
            self.init(.gone, .inviteUsedUp, "The invitation \(code.formatted) has been used as many times as it may be.", field: "code")
        }
    }
}
