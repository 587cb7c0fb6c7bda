import Foundation

extension Invitation {
    /// The columns of an invitations export, in order.
    public static let csvHeader = ["code", "url", "batch", "uses", "redeemed", "uses_left", "status", "expires_at", "note", "campaign",
                                   "created_at", "revoked_at"]

    /// The invitation as a row of an export, one field per ``csvHeader`` column: the same values
    /// as ``jsonValue(url:now:)``, with empty fields for what is not set.
    public func csvRow(url: String?, now: Date) -> [String] {
        [code.formatted, url ?? "", batchID, String(uses), String(redeemed), String(usesLeft), status(at: now).rawValue,
         expiresAt.map(APITime.string) ?? "", note ?? "", campaign ?? "", APITime.string(createdAt),
         revokedAt.map(APITime.string) ?? ""]
    }

    /// Invitations as CSV: the ``csvHeader`` line, then one row per invitation in the order
    /// given, safe to open in a spreadsheet (``CSVTable``).
    ///
    /// ```swift
    /// Invitation.csv(invitations, url: { site.invitationURL(code: $0.code.formatted) }, now: now)
    /// // code,url,batch,uses,redeemed,uses_left,status,expires_at,note,campaign,created_at,revoked_at
    /// // 7KQ2M-X4P9T-HCW3R,https://daily.example.com/invites/7KQ2M-X4P9T-HCW3R,019a8c3e-…,1,0,1,active,,"for Ada, Bob",beta,2026-11-21T10:00:00.000Z,
    /// ```
    ///
    /// - Parameters:
    ///   - invitations: The invitations, in the order of the rows.
    ///   - url: The page of an invitation, or `nil` when the site has no invitation route.
    ///   - now: The time statuses are judged at.
    public static func csv(_ invitations: [Invitation], url: (Invitation) -> String?, now: Date) -> String {
        CSVTable(header: csvHeader, rows: invitations.map { $0.csvRow(url: url($0), now: now) }).text
    }
}
