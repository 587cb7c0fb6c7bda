import AppSiteAssociation
import Foundation
import Hummingbird
import LandfallLinks
import LandfallStorage

extension LandfallResponder {
    /// `POST /v1/invites/redeem` (public): uses an invitation once, atomically: of N
    /// concurrent redemptions of a code with K uses left, exactly K succeed, on every instance.
    ///
    /// Each outcome has its own error: `invite_code_malformed` (400), `invite_unknown` (404),
    /// `invite_revoked`, `invite_expired`, `invite_used_up` (410) and `invite_rate_limited`
    /// (429 with `Retry-After`, after too many failed guesses from the address or on the code's
    /// prefix). Every redemption, refusal and throttle is written to the audit log.
    func redeemInvitation(_ request: Request, client: RequestClient) async throws(APIError) -> Response {
        let body = try await jsonBody(request, limit: 4 << 10)
        let redemption: RedemptionRequest
        do {
            redemption = try RedemptionRequest(json: body.readableBytesView)
        } catch {
            throw APIError(invalid: error)
        }
        let now = state.clock()
        let address = client.address
        let parsed = Result { () throws(APIError) in try Self.inviteCode(redemption.code) }
        let parsedCode = try? parsed.get()
        let attempt = InvitationAttempt(entered: parsedCode?.formatted ?? String(redemption.code.prefix(64)), prefix: parsedCode?.prefix,
                                        address: address, at: now)
        try await admitInvitationAttempt(attempt)
        let code: InviteCode
        switch parsed {
        case .success(let value):
            code = value
        case .failure(let error):
            await recordFailedAttempt(attempt, reason: "malformed")
            throw error
        }
        let event = AppEvent(id: UUID().uuidString.lowercased(), type: .redemption, occurredAt: now,
                             platform: redemption.platform ?? VisitorClassifier.classify(userAgent: request.headers[.userAgent]).platform,
                             detail: code.formatted)
        let outcome = try await storing { try await state.storage.redeem(code: code, at: now, event: event) }
        switch outcome {
        case .success(let invitation):
            await audit(InvitationAuditEntry(at: now, action: .redeemed, code: code.formatted, reason: nil,
                                             addressHash: try? await state.addresses.hash(address, at: now)))
            return Response.json(.ok, JSONWriter.pretty.string(for: .object([
                ("code", .string(code.formatted)),
                ("usesLeft", .integer(invitation.usesLeft)),
                ("campaign", .optional(invitation.campaign)),
            ])))
        case .failure(let refusal):
            if refusal == .unknown {
                await recordFailedAttempt(attempt, reason: refusal.rawValue)
            } else {
                await audit(InvitationAuditEntry(at: now, action: .refused, code: code.formatted, reason: refusal.rawValue,
                                                 addressHash: try? await state.addresses.hash(address, at: now)))
            }
            throw APIError(refusal: refusal, code: code)
        }
    }

    /// Throws 429 `invite_rate_limited` (and writes the throttle to the audit log) when the
    /// attempt's address or code prefix has failed too often.
    func admitInvitationAttempt(_ attempt: InvitationAttempt) async throws(APIError) {
        guard let (throttle, retryAfter) = state.invitationGuard.check(address: attempt.address, prefix: attempt.prefix) else { return }
        await audit(InvitationAuditEntry(at: attempt.at, action: .throttled, code: attempt.entered, reason: throttle.rawValue,
                                         addressHash: try? await state.addresses.hash(attempt.address, at: attempt.at)))
        throw APIError(.tooManyRequests, .inviteRateLimited,
                       "Too many invitation codes that do not exist were tried \(throttle == .address ? "from this address" : "with this beginning"); try again in \(retryAfter) s.",
                       headers: [.retryAfter: String(retryAfter)])
    }

    /// Counts a failed guess against the attempt's address and prefix, and audits it.
    func recordFailedAttempt(_ attempt: InvitationAttempt, reason: String) async {
        state.invitationGuard.recordFailure(address: attempt.address, prefix: attempt.prefix)
        await audit(InvitationAuditEntry(at: attempt.at, action: .refused, code: attempt.entered, reason: reason,
                                         addressHash: try? await state.addresses.hash(attempt.address, at: attempt.at)))
    }

    /// Writes an audit entry; a failure is logged, never shown to the visitor.
    func audit(_ entry: InvitationAuditEntry) async {
        do {
            try await state.storage.recordInvitationAudit([entry])
        } catch {
            state.logger.warning("invitation audit entry not stored", metadata: ["action": "\(entry.action.rawValue)", "error": "\(error)"])
        }
    }
}

/// One try of an invitation code, for throttling and the audit log.
struct InvitationAttempt {
    /// The code as entered (normalized when it parses), at most 64 characters.
    let entered: String
    /// Its throttling prefix, when it parses.
    let prefix: String?
    /// The client's address.
    let address: String
    /// When.
    let at: Date
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
