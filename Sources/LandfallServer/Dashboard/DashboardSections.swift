/// The dashboard's sections beyond the overview and the audit log, each with its own templates
/// and styles, in files of their own: the layout's navigation links to them, and
/// ``DashboardTemplates`` and ``DashboardStyle`` gather what they list here.
enum DashboardSections {
    /// Each section's templates by name (a name taken twice keeps the first).
    static let templates: [[String: String]] = [
        LinkListPage.templates, LinkFormPages.templates, LinkPage.templates, InvitationPages.templates,
        SitePage.templates, APIKeyPages.templates, WebhookPages.templates,
    ]

    /// Each section's styles, after the shared ones.
    static let styles: [String] = [
        LinkListPage.css, LinkFormPages.css, LinkPage.css, InvitationPages.css, SitePage.css, APIKeyPages.css, WebhookPages.css,
    ]

    /// Each section's scripts, after the shared one (``DashboardScript``).
    static let scripts: [String] = [LinkFormPages.script, LinkPage.script]
}
