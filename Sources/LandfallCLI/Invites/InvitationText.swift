import Foundation
import LandfallLinks

/// Invitations as the `invites` commands print them for people: batch by batch, a heading
/// with what the batch's invitations share, then a table of codes.
///
/// ```
/// Batch 019a8c3e-7a10-7c4e-9b1f-3f0d2a6b8c11, created 2026-11-21 17:30 UTC, campaign beta: for the beta testers
/// CODE               STATUS   USED  EXPIRES (UTC)     URL
/// 7KQ2M-X4P9T-HCW3R  active   0/1   2026-12-31 00:00  https://daily.example.com/invites/7KQ2M-X4P9T-HCW3R
/// ```
enum InvitationText {
    /// The lines for `invitations`, in their order (a batch's invitations are next to each
    /// other in the storage's order); `url` gives each one's URL.
    static func lines(_ invitations: [Invitation], url: (Invitation) -> String?, now: Date, style: TerminalStyle) -> [String] {
        var lines: [String] = []
        var start = invitations.startIndex
        while start < invitations.endIndex {
            let batchID = invitations[start].batchID
            let end = invitations[start...].firstIndex { $0.batchID != batchID } ?? invitations.endIndex
            let batch = invitations[start..<end]
            if !lines.isEmpty { lines.append("") }
            lines.append(style.paint(heading(batch[start]), .bold))
            let rows = [["CODE", "STATUS", "USED", "EXPIRES (UTC)", "URL"]] + batch.map { invitation in
                [invitation.code.formatted, invitation.status(at: now).rawValue, "\(invitation.redeemed)/\(invitation.uses)",
                 invitation.expiresAt.map(KeysListCommand.text) ?? "never", url(invitation) ?? "-"]
            }
            for (index, var line) in TextTable.lines(rows).enumerated() {
                if index > 0, batch[batch.startIndex + index - 1].status(at: now) != .active {
                    line = style.paint(line, .dim)
                }
                lines.append(line)
            }
            start = end
        }
        return lines
    }

    /// `Batch ID, created 2026-11-21 17:30 UTC, campaign beta: note` (the parts it has), the
    /// stored texts shown through ``TerminalText/visible(_:)`` (a note's line breaks as `\u{A}`).
    static func heading(_ invitation: Invitation) -> String {
        var text = "Batch \(TerminalText.visible(invitation.batchID)), created \(KeysListCommand.text(invitation.createdAt)) UTC"
        if let campaign = invitation.campaign { text += ", campaign \(TerminalText.visible(campaign))" }
        if let note = invitation.note { text += ": \(TerminalText.visible(note))" }
        return text
    }
}
