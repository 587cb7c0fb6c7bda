import AppSiteAssociation
import LandfallLinks

extension AssociationGenerator {
    /// The `apple-app-site-association` served on the link host: every path there is a short
    /// link that opens the app (which then asks `/v1/resolve` where it leads), except the
    /// paths no slug can be.
    ///
    /// The rules, for every iOS app in one `details` entry: for each reserved slug word
    /// (`SlugPolicy/reservedWords`: the server's own paths such as `/.well-known/*`,
    /// `/v1/*`, `/health`, `/metrics`, then `links.reservedSlugs`) an exclusion of `/WORD` and
    /// `/WORD/*`, compared without case; then `/*`, which opens the app. Exclusions come first
    /// because the first matching rule decides.
    ///
    /// ```swift
    /// let file = AssociationGenerator.linksAppleAssociation(for: configuration)
    /// AssociationMatcher(file).decision(for: "https://go.example.com/abc123", appID: appID).opensApp // true
    /// AssociationMatcher(file).decision(for: "https://go.example.com/v1/links", appID: appID).opensApp // false
    /// ```
    public static func linksAppleAssociation(for configuration: SiteConfiguration) -> AssociationFile {
        let appIDs = configuration.apps.compactMap { $0.ios?.appID }
        let details = appIDs.isEmpty ? [] : [AppLinkDetail(appIDs: appIDs, components: linkHostRules(for: configuration))]
        return AssociationFile(appLinks: AppLinksService(details: details))
    }

    /// The `assetlinks.json` served on the link host: one statement per Android app with the
    /// same rules as ``linksAppleAssociation(for:)`` as Android 15's
    /// `dynamic_app_link_components` (Android compares case, so the exclusions are the
    /// lower-case words). Android 14 and earlier open every URL on the host for the app.
    public static func linksAssetLinks(for configuration: SiteConfiguration) -> AssetLinksFile {
        let components = linkHostRules(for: configuration).map { rule in
            DynamicAppLinkComponent(path: rule.path, exclude: rule.exclude, comments: rule.comment)
        }
        var statements: [AssetLinkStatement] = []
        for app in configuration.apps {
            guard let android = app.android else { continue }
            statements.append(.appLinks(packageName: android.package, sha256CertFingerprints: android.sha256Fingerprints,
                                        dynamicAppLinkComponents: components))
        }
        return AssetLinksFile(statements: statements)
    }

    /// The link host's rules: an exclusion of `/WORD` and `/WORD/*` for every reserved slug
    /// word, then `/*` for short links.
    static func linkHostRules(for configuration: SiteConfiguration) -> [ComponentRule] {
        var rules: [ComponentRule] = []
        for word in configuration.slugPolicy.reservedWords {
            let comment = "/\(word) is not a short link"
            rules.append(ComponentRule(path: "/\(word)", exclude: true, caseSensitive: false, comment: comment))
            rules.append(ComponentRule(path: "/\(word)/*", exclude: true, caseSensitive: false, comment: comment))
        }
        rules.append(ComponentRule(path: "/*", comment: "short links"))
        return rules
    }
}
