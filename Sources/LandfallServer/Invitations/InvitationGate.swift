import Foundation
import LandfallLinks
import LandfallStorage
import Logging

/// What every try of an invitation code passes, on the redemption API and the invitation's
/// page alike: the guess throttle (``InvitationGuard``) and the audit log, with the client's
/// address hashed.
struct InvitationGate: Sendable {
    let guesses: InvitationGuard
    let addresses: AddressHasher
    let storage: Storage

    init(_ parts: ServerComponents) {
        guesses = parts.invitationGuard
        addresses = parts.addresses
        storage = parts.storage
    }

    /// Throws 429 `invite_rate_limited` (and writes the throttle to the audit log) when the
    /// attempt's address or code prefix has failed too often.
    func admit(_ attempt: InvitationAttempt, logger: Logger) async throws(APIError) {
        guard let (throttle, retryAfter) = guesses.check(address: attempt.address, prefix: attempt.prefix) else { return }
        await audit(InvitationAuditEntry(at: attempt.at, action: .throttled, code: attempt.entered, reason: throttle.rawValue,
                                         addressHash: try? await addresses.hash(attempt.address, at: attempt.at)), logger: logger)
        throw APIError(.tooManyRequests, .inviteRateLimited,
                       "Too many invitation codes that do not exist were tried \(throttle == .address ? "from this address" : "with this beginning"); try again in \(retryAfter) s.",
                       headers: [.retryAfter: String(retryAfter)])
    }

    /// Counts a failed guess against the attempt's address and prefix, and audits it.
    func recordFailure(_ attempt: InvitationAttempt, reason: String, logger: Logger) async {
        guesses.recordFailure(address: attempt.address, prefix: attempt.prefix)
        await audit(InvitationAuditEntry(at: attempt.at, action: .refused, code: attempt.entered, reason: reason,
                                         addressHash: try? await addresses.hash(attempt.address, at: attempt.at)), logger: logger)
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
    /// Its throttling prefix, when it parses.
    let prefix: String?
    /// The client's address.
    let address: String
    /// When.
    let at: Date

    /// The attempt of `text` (parsed as `code` when it parses) from `address` at `now`.
    init(_ text: String, code: InviteCode?, address: String, at now: Date) {
        entered = code?.formatted ?? String(text.prefix(64))
        prefix = code?.prefix
        self.address = address
        at = now
    }
}
