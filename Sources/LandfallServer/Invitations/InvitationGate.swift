import Foundation
import LandfallLinks
import LandfallStorage
import Logging

/// What every try of an invitation code passes, on the redemption API and the invitation's
/// page alike: the guess throttle (``InvitationGuard``) for codes that do not exist, and the
/// audit log, with the client's address hashed.
///
/// A code that exists is always looked up and answered, whoever asks. A code that does not
/// exist (unknown or malformed) is a failure of its address: within the limits it is answered
/// as what it is (404, 400); past them, 429 `invite_rate_limited` with `Retry-After`. Telling
/// the two apart after the lookup leaks nothing a 404 does not already say.
struct InvitationGate: Sendable {
    let guesses: InvitationGuard
    let addresses: AddressHasher
    let storage: Storage

    init(_ parts: ServerComponents) {
        guesses = parts.invitationGuard
        addresses = parts.addresses
        storage = parts.storage
    }

    /// Answers a try of a code that does not exist: counts it against the attempt's address and
    /// the budget of all addresses and audits it as `refused` with `reason`, so that the caller
    /// answers it as what it is; past a limit, audits it as `throttled` (reason `address` or
    /// `global`) and throws 429 `invite_rate_limited` with `Retry-After` instead.
    func refuse(_ attempt: InvitationAttempt, reason: String, logger: Logger) async throws(APIError) {
        let addressHash = try? await addresses.hash(attempt.address, at: attempt.at)
        guard let (throttle, retryAfter) = await guesses.recordFailure(address: attempt.address) else {
            await audit(InvitationAuditEntry(at: attempt.at, action: .refused, code: attempt.entered, reason: reason, addressHash: addressHash),
                        logger: logger)
            return
        }
        await audit(InvitationAuditEntry(at: attempt.at, action: .throttled, code: attempt.entered, reason: throttle.rawValue,
                                         addressHash: addressHash), logger: logger)
        let from = throttle == .address ? "from this address" : "from all addresses together"
        throw APIError(.tooManyRequests, .inviteRateLimited,
                       "Too many invitation codes that do not exist were tried \(from); try again in \(retryAfter) s.",
                       headers: [.retryAfter: String(retryAfter)])
    }

    /// Before a redemption of `code`: when the attempt's address or all addresses together are
    /// past their limit, reads whether `code` exists (one indexed read, where the redemption would take a
    /// write transaction) and answers one that does not as ``refuse(_:reason:logger:)`` does.
    /// A code that exists goes on to be redeemed.
    func screen(_ attempt: InvitationAttempt, code: InviteCode, logger: Logger) async throws {
        guard await guesses.check(address: attempt.address) != nil, try await storage.invitation(code: code) == nil else { return }
        try await refuse(attempt, reason: RedemptionRefusal.unknown.rawValue, logger: logger)
        throw APIError(refusal: .unknown, code: code)
    }

    /// Audits what happened to `code` (a redemption, a refusal of an existing code), with the
    /// hashed address.
    func record(_ action: InvitationAuditAction, code: String, reason: String?, address: String, at now: Date,
                logger: Logger) async {
        await audit(InvitationAuditEntry(at: now, action: action, code: code, reason: reason,
                                         addressHash: try? await addresses.hash(address, at: now)), logger: logger)
    }

    /// Writes an audit entry; a failure is logged, never shown to the visitor.
    func audit(_ entry: InvitationAuditEntry, logger: Logger) async {
        do {
            try await storage.recordInvitationAudit([entry])
        } catch {
            logger.warning("invitation audit entry not stored", metadata: ["action": "\(entry.action.rawValue)", "error": "\(error)"])
        }
    }
}

/// One try of an invitation code, for throttling and the audit log.
struct InvitationAttempt {
    /// The code as entered (normalized when it parses), at most 64 characters.
    let entered: String
    /// The client's address.
    let address: String
    /// When.
    let at: Date

    /// The attempt of `text` (parsed as `code` when it parses) from `address` at `now`.
    init(_ text: String, code: InviteCode?, address: String, at now: Date) {
        entered = code?.formatted ?? String(text.prefix(64))
        self.address = address
        at = now
    }
}
