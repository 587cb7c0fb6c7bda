/// A group of checks in a ``DoctorReport``: one host's transport, one file, the CDN copy, the
/// entitlements file, the URLs asked about, a sitemap.
public struct DoctorSection: Sendable, Hashable, Codable {
    /// What the checks in a section are about.
    public enum Subject: String, Sendable, Hashable, Codable, CaseIterable {
        /// `--entitlements FILE`: the entries themselves.
        case entitlements
        /// `--manifest FILE`: the Android manifest's link filters.
        case manifest
        /// DNS and TLS for one host.
        case host
        /// `https://<host>/.well-known/apple-app-site-association`.
        case appleAssociation = "apple_association"
        /// Apple's CDN copy of it (`--cdn`).
        case appleCDN = "apple_cdn"
        /// `https://<host>/.well-known/assetlinks.json`.
        case androidAssetLinks = "android_asset_links"
        /// `--url`: whether each URL opens the app.
        case urls
        /// `--sitemap`: a site's pages grouped by the rule that decides them.
        case sitemap
    }

    /// What the section is about.
    public var subject: Subject
    /// A heading for people, such as `apple-app-site-association (https://example.com/.well-known/apple-app-site-association)`.
    public var title: String
    /// The host the section is about, when it is about one.
    public var host: String?
    /// The checks, in the order they were made.
    public var checks: [DoctorCheck]

    /// Creates a section.
    public init(subject: Subject, title: String, host: String? = nil, checks: [DoctorCheck] = []) {
        self.subject = subject
        self.title = title
        self.host = host
        self.checks = checks
    }

    /// The worst status among the checks (`pass` when there are none).
    public var status: CheckStatus { checks.map(\.status).max() ?? .pass }
}
