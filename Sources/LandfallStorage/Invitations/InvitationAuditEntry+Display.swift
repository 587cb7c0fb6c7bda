import LandfallLinks

extension InvitationAuditEntry {
    /// The entry's code as people read it: formatted (`7KQ2M-X4P9T-HCW3R`) when it is a code,
    /// since the log stores codes normalized, else as it was entered or written
    /// (`batch 019a8c3e-… (50)`), as `landfall invites audit` and the dashboard show it.
    ///
    /// ```swift
    /// InvitationAuditEntry(at: now, action: .redeemed, code: "7KQ2MX4P9THCW3R").shownCode  // 7KQ2M-X4P9T-HCW3R
    /// ```
    public var shownCode: String {
        Self.shownCode(code)
    }

    /// `code` (an entry's ``code``) as people read it: see ``shownCode``.
    public static func shownCode(_ code: String) -> String {
        InviteCode(rawValue: code)?.formatted ?? code
    }
}
