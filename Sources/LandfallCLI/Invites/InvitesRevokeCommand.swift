import ArgumentParser
import Foundation
import LandfallLinks
import LandfallStorage

/// `landfall invites revoke CODE... | --batch ID`: the invitations can no longer be redeemed.
struct InvitesRevokeCommand: AsyncReportingCommand {
    static let configuration = CommandConfiguration(
        commandName: "revoke",
        abstract: "Revoke invitations, by code or a whole batch: they can no longer be redeemed.",
        discussion: """
            Codes are read as people type them: without regard to case, spaces or dashes \
            (7kq2m x4p9t hcw3r is 7KQ2M-X4P9T-HCW3R). A revoked invitation stays in the list, \
            marked revoked, with when; it cannot be made active again (create another). The \
            server refuses a revoked code from its next redemption. Each revocation is written \
            to the audit log.

            Exit status: 0 when every invitation named was revoked, 1 when a code names no \
            invitation, one was already revoked, or the batch has nothing left to revoke, 2 for \
            a usage error or a database that cannot be opened.

            Examples:
              landfall invites revoke 7KQ2M-X4P9T-HCW3R
              landfall invites revoke 7KQ2M-X4P9T-HCW3R K8M2Q-Z7N4W-P3XRT --data-dir /var/lib/landfall
              landfall invites revoke --batch 019a8c3e-7a10-7c4e-9b1f-3f0d2a6b8c11
            """
    )

    @Argument(help: ArgumentHelp("The codes to revoke.", valueName: "code"))
    var codes: [String] = []

    @Option(help: ArgumentHelp("Revoke every invitation of this batch instead (the id `invites create` printed).", valueName: "id"))
    var batch: String?

    @OptionGroup var storage: StorageOptions

    /// The batch id as given, without surrounding spaces.
    var batchID: String? { batch?.trimmingCharacters(in: .whitespaces) }

    func validate() throws {
        switch (codes.isEmpty, batchID) {
        case (true, nil):
            throw ValidationError("name the invitations to revoke: one or more codes, or --batch ID")
        case (false, _?):
            throw ValidationError("give codes or --batch, not both")
        case (true, let batchID?) where batchID.isEmpty:
            throw ValidationError("--batch must be a batch id, as `invites create` prints it; it is empty")
        default:
            _ = try parsedCodes()
        }
    }

    /// The codes, read as people type them, without repeats, in the order given.
    func parsedCodes() throws(ValidationError) -> [InviteCode] {
        var seen: Set<InviteCode> = []
        var parsed: [InviteCode] = []
        for text in codes {
            do {
                let code = try InviteCode(parsing: text)
                if seen.insert(code).inserted { parsed.append(code) }
            } catch {
                throw ValidationError("'\(text)' is not an invitation code: \(error.message)")
            }
        }
        return parsed
    }

    /// What happened to one code.
    enum Outcome {
        case revoked(Invitation)
        case alreadyRevoked(Invitation)
        case unknown(InviteCode)
    }

    func execute(in context: CommandContext) async -> CommandOutput {
        var output = CommandOutput()
        if let batchID {
            await revokeBatch(batchID, in: context, into: &output)
            return output
        }
        let codes: [InviteCode]
        do {
            codes = try parsedCodes()
        } catch {
            output.fail(error.message, status: .usageOrInputError)
            return output
        }
        let now = Date()
        let outcomes = await storage.withStorage(in: context, mustExist: true, into: &output) { storage throws(StorageError) -> [Outcome] in
            var outcomes: [Outcome] = []
            for code in codes {
                guard let invitation = try await storage.invitation(code: code) else {
                    outcomes.append(.unknown(code))
                    continue
                }
                if invitation.revokedAt != nil {
                    outcomes.append(.alreadyRevoked(invitation))
                    continue
                }
                let revoked = try await storage.revokeInvitation(code: code, at: now) ?? invitation
                // Another process may have revoked it in the meantime: it keeps the first time
                // (stored to the millisecond).
                let byThisRun = revoked.revokedAt.map { abs($0.timeIntervalSince(now)) < 0.002 } ?? false
                outcomes.append(byThisRun ? .revoked(revoked) : .alreadyRevoked(revoked))
            }
            let entries = outcomes.compactMap { outcome -> InvitationAuditEntry? in
                guard case .revoked(let invitation) = outcome else { return nil }
                return InvitationAuditEntry(at: now, action: .revoked, code: invitation.code.rawValue)
            }
            try await storage.recordInvitationAudit(entries)
            return outcomes
        }
        for outcome in outcomes ?? [] {
            switch outcome {
            case .revoked(let invitation):
                output.print("Revoked \(invitation.code.formatted) (batch \(TerminalText.visible(invitation.batchID))): it is refused from now on.")
            case .alreadyRevoked(let invitation):
                let when = invitation.revokedAt.map { " on \(KeysListCommand.text($0)) UTC" } ?? ""
                output.fail("\(invitation.code.formatted) was already revoked\(when)", status: .problemsFound)
            case .unknown(let code):
                output.fail("no invitation has the code \(code.formatted); `landfall invites list` shows them", status: .problemsFound)
            }
        }
        return output
    }

    /// Revokes every invitation of the batch that is not revoked yet.
    private func revokeBatch(_ batchID: String, in context: CommandContext, into output: inout CommandOutput) async {
        let now = Date()
        let result = await storage.withStorage(in: context, mustExist: true, into: &output) { storage throws(StorageError) -> (revoked: Int, size: Int) in
            let size = try await storage.invitations(InvitationQuery(batchID: batchID, now: now, limit: nil)).count
            guard size > 0 else { return (0, 0) }
            let revoked = try await storage.revokeInvitations(batchID: batchID, at: now)
            if revoked > 0 {
                try await storage.recordInvitationAudit([
                    InvitationAuditEntry(at: now, action: .revoked, code: "batch \(batchID) (\(revoked))"),
                ])
            }
            return (revoked, size)
        }
        guard let result else { return }
        switch result {
        case (_, 0):
            output.fail("no invitation is in the batch \(TerminalText.visible(batchID)); `landfall invites list` shows the batches", status: .problemsFound)
        case (0, let size):
            output.fail("every invitation of the batch \(TerminalText.visible(batchID)) (\(size)) was already revoked", status: .problemsFound)
        case (let revoked, let size):
            let already = size - revoked
            output.print("Revoked \(revoked) invitation\(revoked == 1 ? "" : "s") of the batch \(TerminalText.visible(batchID))"
                + (already > 0 ? " (\(already) already were)" : "") + ": they are refused from now on.")
        }
    }
}
