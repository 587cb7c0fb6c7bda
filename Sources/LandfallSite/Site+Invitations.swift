extension Site {
    /// The invitation URL of a code, made by the site's router: the link of the
    /// `invitations` route on the site host, or `nil` when the site has no `invitations:`
    /// section.
    ///
    /// ```swift
    /// site.invitationURL(code: code.formatted)
    /// // "https://daily.example.com/invites/7KQ2M-X4P9T-HCW3R"
    /// ```
    ///
    /// - Parameter formatted: The code as people see it (`InviteCode.formatted`).
    public func invitationURL(code formatted: String) -> String? {
        try? configuration.invitationLink(code: formatted, router: router)
    }
}
